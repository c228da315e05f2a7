import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Form, Popconfirm, Select, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { checkPermission, Permission, usePermission } from '@/lib/authorization';
import { useAuthStore } from '@/lib/auth-store';
import type { PermissionCode, RecordStatus } from '@/types/api';

import { StatusSwitch } from './status-switch';

/**
 * The pieces the management list pages (users, companies, roles, device types, devices) share: the
 * enabled/disabled status filter, the record status cell, the create button and the row actions.
 */

/** The status filter of a FilterBar: field `status`, '1' enabled or '0' disabled, empty for all. */
export function StatusFilter({ width = 120 }: { width?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" label={t('common.status')}>
      <Select
        allowClear
        placeholder={t('common.statusPlaceholder')}
        style={{ width }}
        options={[
          { value: '1', label: t('common.enabled') },
          { value: '0', label: t('common.disabled') },
        ]}
      />
    </Form.Item>
  );
}

interface RecordStatusCellProps {
  /** The record's status as the server sends it: 1 enabled, anything else disabled. */
  status: number;
  /** The code that may change the status, e.g. 'UserManagement:status'; without it a tag shows the status. */
  code: PermissionCode;
  /** Accessible name of the switch, e.g. "状态 张三". */
  label: string;
  /** Title and text of the confirmation, and the toast after the change (each for the change asked for). */
  confirmTitle: string;
  confirmContent: ReactNode;
  successMessage: string;
  /** Writes the new status; its failure is toasted by the request layer. */
  onChange: (status: RecordStatus) => Promise<unknown>;
  disabled?: boolean;
  disabledReason?: string;
}

/**
 * The status column of a list row: a switch that asks for confirmation first if the user holds `code`,
 * else an enabled/disabled tag.
 */
export function RecordStatusCell({ status, code, successMessage, onChange, ...rest }: RecordStatusCellProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canChange = usePermission(code);
  const enabled = status === 1;
  if (!canChange) {
    return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('common.enabled') : t('common.disabled')}</Tag>;
  }
  return (
    <StatusSwitch
      checked={enabled}
      {...rest}
      onConfirm={async () => {
        await onChange(enabled ? 0 : 1);
        void message.success(successMessage);
      }}
    />
  );
}

/** The primary "create" button of a list's toolbar, shown to holders of `code` only. */
export function CreateButton({ code, onClick }: { code: PermissionCode; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Permission code={code}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
        {t('common.create')}
      </Button>
    </Permission>
  );
}

interface RowActionProps {
  /** Shown to holders of this code only. */
  code: PermissionCode;
  /** The button's text; its accessible name adds the row's `subject`, e.g. "编辑 张三". */
  text: string;
  subject: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A link button of a list row's actions column. */
export function RowAction({ code, text, subject, onClick, disabled }: RowActionProps) {
  return (
    <Permission code={code}>
      <Button type="link" size="small" disabled={disabled} onClick={onClick} aria-label={`${text} ${subject}`}>
        {text}
      </Button>
    </Permission>
  );
}

interface DeleteActionProps {
  /** Shown to holders of this code only, e.g. 'UserManagement:delete'. */
  code: PermissionCode;
  /** The row's name in the accessible name, e.g. "删除 张三". */
  subject: string;
  /** Title and text of the confirmation, and the toast after the deletion. */
  title: string;
  description: ReactNode;
  successMessage: string;
  /** Deletes the row; its failure is toasted by the request layer. */
  onConfirm: () => Promise<unknown>;
  loading: boolean;
  /** Why the row cannot be deleted: the button is greyed out with it as a tooltip. */
  disabledReason?: string | null;
}

/** The delete button of a list row, shown to holders of `code`: deletes after a confirmation, then toasts. */
export function DeleteAction({ code, subject, title, description, successMessage, onConfirm, loading, disabledReason }: DeleteActionProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const blocked = disabledReason !== undefined && disabledReason !== null;
  const button = (
    <Button type="link" size="small" danger disabled={blocked} loading={loading} aria-label={`${t('common.delete')} ${subject}`}>
      {t('common.delete')}
    </Button>
  );
  return (
    <Permission code={code}>
      {blocked ? (
        <Tooltip title={disabledReason}>{button}</Tooltip>
      ) : (
        <Popconfirm
          title={title}
          description={description}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            onConfirm().then(
              () => void message.success(successMessage),
              () => undefined,
            )
          }
        >
          {button}
        </Popconfirm>
      )}
    </Permission>
  );
}

/** One entry of a row's "More" menu. */
export interface MoreAction {
  key: string;
  /** Shown to holders of this code only. */
  code: PermissionCode;
  text: string;
  onClick: () => void;
  /** A destructive action (e.g. delete): red, and asked for a confirmation first. */
  danger?: { title: string; description: ReactNode; successMessage: string; onConfirm: () => Promise<unknown> };
}

/**
 * The "More" menu of a list row, for the actions beyond the few shown inline: the ones the user may do,
 * a destructive one (last) red and confirmed. Nothing when the user may do none of them.
 */
export function MoreActions({ subject, actions }: { subject: string; actions: MoreAction[] }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const roles = useAuthStore((s) => s.roles);
  const shown = actions.filter((a) => checkPermission(roles, a.code));
  if (shown.length === 0) return null;
  const run = (action: MoreAction) => {
    const { danger } = action;
    if (!danger) {
      action.onClick();
      return;
    }
    modal.confirm({
      title: danger.title,
      content: danger.description,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        danger.onConfirm().then(
          () => void message.success(danger.successMessage),
          () => undefined,
        ),
    });
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: shown.map((a) => ({ key: a.key, label: a.text, danger: Boolean(a.danger) })),
        onClick: ({ key }) => {
          const action = shown.find((a) => a.key === key);
          if (action) run(action);
        },
      }}
    >
      <Button type="link" size="small" aria-label={t('tablePage.moreOf', { subject })} aria-haspopup="menu">
        {t('tablePage.more')} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
