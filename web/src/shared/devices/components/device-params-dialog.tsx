import { Alert, Button, Descriptions, Form, InputNumber, Modal, Radio, Tabs, Typography, type FormRule } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { applyApiErrors } from '@/lib/form-errors';
import { useSuccessThen } from '@/lib/use-success-then';
import type { Device, DeviceParams } from '@/types/api';

import { useSetAlertParam } from '../api/set-alert-param';
import { useSetCustomParam } from '../api/set-custom-param';
import { useSetDataFlag } from '../api/set-data-flag';
import { useSetIntervalParam } from '../api/set-interval-param';

import {
  CUSTOM_PARAMS,
  customParamOk,
  filledCustomParams,
  formatThresholds,
  intervalProblems,
  pendingGroups,
  thresholdProblems,
  toThreshold,
  type ParamGroup,
} from '../lib/device-rules';

interface DeviceParamsDialogProps {
  /** The devices to set (one from a row, or the selected rows); empty closes the dialog. */
  devices: Device[];
  onClose: () => void;
}

/** A rule from a check of the whole form (the field's value and the others'). */
function formRule(check: (get: (name: string) => unknown) => string | null): FormRule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const problem = check(getFieldValue as (name: string) => unknown);
      if (problem) throw new Error(problem);
    },
  });
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Wanted next to confirmed for one device; the pending ones marked. */
function WantedConfirmed({ rows, pending }: { rows: { label: string; wanted: ReactNode; confirmed: ReactNode }[]; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      style={{ marginBottom: 16 }}
      items={rows.flatMap((row) => [
        {
          key: `${row.label}-w`,
          label: `${row.label} · ${t('device.wanted')}`,
          children: (
            <>
              {row.wanted}
              {pending && (
                <Typography.Text type="warning" style={{ marginLeft: 8 }}>
                  {t('device.pending')}
                </Typography.Text>
              )}
            </>
          ),
        },
        { key: `${row.label}-c`, label: `${row.label} · ${t('device.confirmed')}`, children: row.confirmed },
      ])}
    />
  );
}

function customText(params: DeviceParams['custom'], name: string): string {
  const v = params?.[name];
  return typeof v === 'number' ? String(v) : '—';
}

/**
 * Parameters of one device or many: alarm thresholds (%LEL, one decimal, 0 < low < high <= 100),
 * intervals (minutes, heartbeat >= report), custom parameters and the data flag. Each section is sent
 * on its own and queued per device; for one device the wanted and confirmed values are shown.
 */
export function DeviceParamsDialog({ devices, onClose }: DeviceParamsDialogProps) {
  const { t } = useTranslation();
  const open = devices.length > 0;
  const single = devices.length === 1 ? devices[0] : null;
  const deviceIds = devices.map((d) => d.id);
  const pending = single ? pendingGroups(single) : [];
  const isPending = (group: ParamGroup) => pending.includes(group);
  const [tab, setTab] = useState<ParamGroup>('alert');
  const [banner, setBanner] = useState<string[]>([]);
  const [alertForm] = Form.useForm<{ alertLow?: number; alertHigh?: number }>();
  const [intervalForm] = Form.useForm<{ reportInterval?: number; heartbeatInterval?: number }>();
  const [customForm] = Form.useForm<Record<string, number | null | undefined>>();
  const [flagForm] = Form.useForm<{ dataFlag?: 0 | 1 }>();

  const saved = useSuccessThen('device.paramsSaved', onClose);
  const setAlert = useSetAlertParam(saved);
  const setIntervals = useSetIntervalParam(saved);
  const setCustom = useSetCustomParam(saved);
  const setFlag = useSetDataFlag(saved);
  const busy = setAlert.isPending || setIntervals.isPending || setCustom.isPending || setFlag.isPending;

  useEffect(() => {
    if (!open) return;
    setTab('alert');
    setBanner([]);
  }, [open]);

  const showError = (form: Parameters<typeof applyApiErrors>[0], fields: string[]) => (error: unknown) =>
    setBanner(applyApiErrors(form, error, fields));

  const w = single?.wanted;
  const c = single?.confirmed;

  const alertTab = (
    <Form
      form={alertForm}
      name="alertParamForm"
      clearOnDestroy
      layout="vertical"
      disabled={busy}
      initialValues={w ? { alertLow: w.alertLow, alertHigh: w.alertHigh } : {}}
      onFinish={(v) => {
        setBanner([]);
        setAlert.mutate(
          { deviceIds, alertLow: toThreshold(v.alertLow!), alertHigh: toThreshold(v.alertHigh!) },
          { onError: showError(alertForm, ['alertLow', 'alertHigh']) },
        );
      }}
    >
      {single && w && c && (
        <WantedConfirmed
          pending={isPending('alert')}
          rows={[{ label: t('device.thresholds'), wanted: formatThresholds(w.alertLow, w.alertHigh), confirmed: formatThresholds(c.alertLow, c.alertHigh) }]}
        />
      )}
      <Form.Item
        label={t('device.alertLow')}
        name="alertLow"
        rules={[
          { required: true, message: t('validation.required', { field: t('device.alertLow') }) },
          formRule((get) => (thresholdProblems(num(get('alertLow')), undefined).includes('low') ? t('device.alertLowRange') : null)),
        ]}
      >
        <InputNumber style={{ width: '100%' }} step={0.1} precision={1} />
      </Form.Item>
      <Form.Item
        label={t('device.alertHigh')}
        name="alertHigh"
        dependencies={['alertLow']}
        rules={[
          { required: true, message: t('validation.required', { field: t('device.alertHigh') }) },
          formRule((get) => {
            const problems = thresholdProblems(num(get('alertLow')), num(get('alertHigh')));
            if (problems.includes('high')) return t('device.alertHighRange');
            if (problems.includes('order')) return t('device.alertOrder');
            return null;
          }),
        ]}
      >
        <InputNumber style={{ width: '100%' }} step={0.1} precision={1} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={setAlert.isPending}>
        {t('device.send')}
      </Button>
    </Form>
  );

  const intervalTab = (
    <Form
      form={intervalForm}
      name="intervalParamForm"
      clearOnDestroy
      layout="vertical"
      disabled={busy}
      initialValues={w ? { reportInterval: w.reportInterval, heartbeatInterval: w.heartbeatInterval } : {}}
      onFinish={(v) => {
        setBanner([]);
        setIntervals.mutate(
          { deviceIds, reportInterval: v.reportInterval!, heartbeatInterval: v.heartbeatInterval! },
          { onError: showError(intervalForm, ['reportInterval', 'heartbeatInterval']) },
        );
      }}
    >
      {single && w && c && (
        <WantedConfirmed
          pending={isPending('interval')}
          rows={[
            { label: t('device.reportInterval'), wanted: w.reportInterval, confirmed: c.reportInterval },
            { label: t('device.heartbeatInterval'), wanted: w.heartbeatInterval, confirmed: c.heartbeatInterval },
          ]}
        />
      )}
      <Form.Item
        label={t('device.reportInterval')}
        name="reportInterval"
        rules={[
          { required: true, message: t('validation.required', { field: t('device.reportInterval') }) },
          formRule((get) => (intervalProblems(num(get('reportInterval')), undefined).includes('report') ? t('device.intervalRange') : null)),
        ]}
      >
        <InputNumber style={{ width: '100%' }} precision={0} />
      </Form.Item>
      <Form.Item
        label={t('device.heartbeatInterval')}
        name="heartbeatInterval"
        dependencies={['reportInterval']}
        rules={[
          { required: true, message: t('validation.required', { field: t('device.heartbeatInterval') }) },
          formRule((get) => {
            const problems = intervalProblems(num(get('reportInterval')), num(get('heartbeatInterval')));
            if (problems.includes('heartbeat')) return t('device.intervalRange');
            if (problems.includes('order')) return t('device.intervalOrder');
            return null;
          }),
        ]}
      >
        <InputNumber style={{ width: '100%' }} precision={0} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={setIntervals.isPending}>
        {t('device.send')}
      </Button>
    </Form>
  );

  const customTab = (
    <Form
      form={customForm}
      name="customParamForm"
      clearOnDestroy
      layout="vertical"
      disabled={busy}
      initialValues={w?.custom ?? {}}
      onFinish={(v) => {
        setBanner([]);
        const params = filledCustomParams(v);
        if (Object.keys(params).length === 0) {
          setBanner([t('device.customEmpty')]);
          return;
        }
        setCustom.mutate({ deviceIds, params }, { onError: showError(customForm, CUSTOM_PARAMS.map((p) => p.name)) });
      }}
    >
      <Typography.Paragraph type="secondary">{t('device.customHint')}</Typography.Paragraph>
      {single && w && c && (
        <WantedConfirmed
          pending={isPending('custom')}
          rows={CUSTOM_PARAMS.map((p) => ({
            label: t(`device.custom.${p.name}`),
            wanted: customText(w.custom, p.name),
            confirmed: customText(c.custom, p.name),
          }))}
        />
      )}
      {CUSTOM_PARAMS.map((spec) => (
        <Form.Item
          key={spec.name}
          label={t(`device.custom.${spec.name}`)}
          name={spec.name}
          extra={t('device.customRange', { min: spec.min, max: spec.max, step: spec.step })}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (value === undefined || value === null) return;
                if (!customParamOk(spec, Number(value))) {
                  throw new Error(t('device.customRange', { min: spec.min, max: spec.max, step: spec.step }));
                }
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} step={spec.step} precision={spec.step < 1 ? 1 : 0} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={setCustom.isPending}>
        {t('device.send')}
      </Button>
    </Form>
  );

  const flagTab = (
    <Form
      form={flagForm}
      name="dataFlagForm"
      clearOnDestroy
      layout="vertical"
      disabled={busy}
      initialValues={w ? { dataFlag: w.dataFlag === 1 ? 1 : 0 } : {}}
      onFinish={(v) => {
        setBanner([]);
        setFlag.mutate({ deviceIds, dataFlag: v.dataFlag === 1 ? 1 : 0 }, { onError: showError(flagForm, ['dataFlag']) });
      }}
    >
      {single && w && c && (
        <WantedConfirmed pending={isPending('dataFlag')} rows={[{ label: t('device.dataFlag'), wanted: w.dataFlag, confirmed: c.dataFlag }]} />
      )}
      <Form.Item
        label={t('device.dataFlag')}
        name="dataFlag"
        rules={[{ required: true, message: t('validation.select', { field: t('device.dataFlag') }) }]}
      >
        <Radio.Group
          options={[
            { value: 1, label: t('device.dataFlagOn') },
            { value: 0, label: t('device.dataFlagOff') },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={setFlag.isPending}>
        {t('device.send')}
      </Button>
    </Form>
  );

  const names = devices.slice(0, 5).map((d) => d.name).join('、') + (devices.length > 5 ? '…' : '');

  return (
    <Modal
      open={open}
      title={single ? `${t('device.paramsTitle')} · ${single.name}` : t('device.paramsTitleMany', { count: devices.length })}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} disabled={busy}>
          {t('common.close')}
        </Button>
      }
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
    >
      {!single && open && (
        <Alert type="info" showIcon title={t('device.paramsForDevices', { count: devices.length, names })} style={{ marginBottom: 12 }} />
      )}
      {banner.length > 0 && <Alert type="error" showIcon title={banner.join('；')} style={{ marginBottom: 12 }} role="alert" />}
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as ParamGroup);
          setBanner([]);
        }}
        items={[
          { key: 'alert', label: t('device.alertParams'), children: alertTab, forceRender: true },
          { key: 'interval', label: t('device.intervalParams'), children: intervalTab, forceRender: true },
          { key: 'custom', label: t('device.customParams'), children: customTab, forceRender: true },
          { key: 'dataFlag', label: t('device.dataFlag'), children: flagTab, forceRender: true },
        ]}
      />
    </Modal>
  );
}
