import { App, Switch, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface StatusSwitchProps {
  /** The record is enabled (status 1). */
  checked: boolean;
  /** Accessible name, e.g. "状态 张三". */
  label: string;
  /** Title and text of the confirmation for the change the click asks for. */
  confirmTitle: string;
  confirmContent: ReactNode;
  /** Runs the change after the confirmation; its failure is toasted by the request layer. */
  onConfirm: () => Promise<unknown>;
  /** Greyed out, with the reason as a tooltip. */
  disabled?: boolean;
  disabledReason?: string;
}

/** The status column of a list: a switch that changes nothing before its confirmation. */
export function StatusSwitch({ checked, label, confirmTitle, confirmContent, onConfirm, disabled, disabledReason }: StatusSwitchProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);

  const ask = () => {
    modal.confirm({
      title: confirmTitle,
      content: confirmContent,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: checked ? { danger: true } : undefined,
      onOk: async () => {
        setBusy(true);
        try {
          await onConfirm();
        } catch {
          // the request layer showed it
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const control = (
    <Switch
      checked={checked}
      loading={busy}
      disabled={disabled}
      onChange={ask}
      checkedChildren={t('common.enabled')}
      unCheckedChildren={t('common.disabled')}
      aria-label={label}
    />
  );
  if (disabled && disabledReason) {
    return (
      <Tooltip title={disabledReason}>
        <span>{control}</span>
      </Tooltip>
    );
  }
  return control;
}
