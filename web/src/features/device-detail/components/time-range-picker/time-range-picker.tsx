import { DatePicker, Grid, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

import { choiceFromPicked, RANGE_PRESETS, resolveRange, type PresetKey, type RangeChoice } from '../../lib/time-range';

interface TimeRangePickerProps {
  value: RangeChoice;
  onChange: (choice: RangeChoice) => void;
  /** Clearing gives "no range" (lists); the chart always has one. */
  allowClear?: boolean;
  label: string;
}

/**
 * The range of the phone layout's two day pickers: whole days; a start alone runs to the end of today,
 * an end alone starts at the beginning of its day; reversed days are swapped. Null: no range.
 */
export function dayRange(start: Dayjs | null, end: Dayjs | null, now: Dayjs = dayjs()): { from: number; to: number } | null {
  if (!start && !end) return null;
  let first = (start ?? end)!.startOf('day');
  let last = (end ?? (start && start.isAfter(now) ? start : now)).endOf('day');
  if (first.isAfter(last)) [first, last] = [last.startOf('day'), first.endOf('day')];
  return { from: first.valueOf(), to: last.valueOf() };
}

/**
 * A date-time range with the quick ranges last hour, 24 h, 7 d and 30 d. A quick range stays relative
 * to now (see choiceFromPicked), so a refresh moves it along. On a phone (below 576 px) the range
 * picker's popup (two months, presets, time) would not fit: the quick ranges move to a select, and two
 * single-month day pickers give the start and end days.
 */
export function TimeRangePicker({ value, onChange, allowClear = false, label }: TimeRangePickerProps) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().xs === true;
  const bounds = resolveRange(value, Date.now());
  const shown: [Dayjs, Dayjs] | null =
    bounds.from !== null && bounds.to !== null ? [dayjs(bounds.from), dayjs(bounds.to)] : null;
  const presetLabel = (key: PresetKey) => t(`deviceDetail.presets.${key}`);

  if (narrow) {
    const pickDays = (start: Dayjs | null, end: Dayjs | null) => {
      const range = dayRange(start, end);
      if (range) onChange({ kind: 'custom', ...range });
      else if (allowClear) onChange({ kind: 'all' });
    };
    return (
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Select<PresetKey>
          aria-label={t('deviceDetail.presets.label')}
          placeholder={t('deviceDetail.presets.label')}
          value={value.kind === 'preset' ? value.key : undefined}
          style={{ width: '100%' }}
          options={RANGE_PRESETS.map((preset) => ({ value: preset.key, label: presetLabel(preset.key) }))}
          onChange={(key) => onChange({ kind: 'preset', key })}
        />
        <Space.Compact style={{ width: '100%' }}>
          <DatePicker
            value={shown?.[0] ?? null}
            allowClear={allowClear}
            inputReadOnly
            placeholder={t('common.startDate')}
            aria-label={`${label} ${t('common.startDate')}`}
            style={{ width: '50%' }}
            onChange={(day: Dayjs | null) => pickDays(day, shown?.[1] ?? null)}
          />
          <DatePicker
            value={shown?.[1] ?? null}
            allowClear={allowClear}
            inputReadOnly
            placeholder={t('common.endDate')}
            aria-label={`${label} ${t('common.endDate')}`}
            style={{ width: '50%' }}
            onChange={(day: Dayjs | null) => pickDays(shown?.[0] ?? null, day)}
          />
        </Space.Compact>
      </Space>
    );
  }

  return (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={shown}
      allowClear={allowClear}
      aria-label={label}
      placeholder={[t('common.startDate'), t('common.endDate')]}
      style={{ maxWidth: '100%' }}
      presets={RANGE_PRESETS.map((preset) => ({
        label: presetLabel(preset.key),
        value: () => {
          const now = dayjs();
          return [now.subtract(preset.ms, 'millisecond'), now] as [Dayjs, Dayjs];
        },
      }))}
      onChange={(dates) => {
        const [start, end] = dates ?? [];
        if (!start || !end) {
          if (allowClear) onChange({ kind: 'all' });
          return;
        }
        onChange(choiceFromPicked(start.valueOf(), end.valueOf(), Date.now()));
      }}
    />
  );
}
