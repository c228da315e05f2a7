import { Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeviceOptions } from '../api/get-device-options';
import type { DeviceRef } from '../types';

interface DeviceMultiSelectProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** The company whose devices are offered (platform users); undefined for a company user's own. */
  companyId?: number;
  /** False while a platform user has not chosen the company. */
  enabled: boolean;
  /** Devices already chosen (the edited user's), so that their names show before any search. */
  known: readonly DeviceRef[];
}

/** The devices of a notification user: searched on the server by name or IMEI (debounced). */
export function DeviceMultiSelect({ value, onChange, id, companyId, enabled, known }: DeviceMultiSelectProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const devices = useDeviceOptions({ companyId, q: q || undefined }, enabled);

  // Labels of every device seen: the chosen ones stay named while another search runs.
  const seen = useRef(new Map<number, string>());
  const label = (d: DeviceRef) => t('smsUser.withDetail', { name: d.name, detail: d.imei });
  for (const d of known) seen.current.set(d.id, label(d));
  for (const d of devices.data ?? []) seen.current.set(d.id, label(d));

  const options = useMemo(() => {
    const listed = (devices.data ?? []).map((d) => ({ value: d.id, label: label(d) }));
    const ids = new Set(listed.map((o) => o.value));
    const chosen = (value ?? []).filter((v) => !ids.has(v)).map((v) => ({ value: v, label: seen.current.get(v) ?? `#${v}` }));
    return [...chosen, ...listed];
  }, [devices.data, value]);

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      disabled={!enabled}
      placeholder={enabled ? t('smsUser.devicesPlaceholder') : t('smsUser.devicesNeedCompany')}
      loading={devices.isFetching}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      options={options}
      maxTagCount={10}
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setQ(text.trim()), 300);
        },
      }}
      onBlur={() => {
        clearTimeout(timer.current);
        setQ('');
      }}
      style={{ width: '100%' }}
    />
  );
}
