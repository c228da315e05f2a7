import { ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DENSITIES, type TableDensity } from '@/lib/table-preferences';

import { ACTIONS_KEY, columnKey, columnTitle, type ListColumn } from './table-columns';

const DENSITY_LABEL = {
  large: 'tablePage.densityLarge',
  middle: 'tablePage.densityMiddle',
  small: 'tablePage.densitySmall',
} as const;

interface TableSettingsProps {
  /** Every column the list has (the hidden ones too), in its order. */
  columns: readonly ListColumn[];
  hidden: readonly string[];
  density: TableDensity;
  onHiddenChange: (hidden: string[]) => void;
  onDensityChange: (density: TableDensity) => void;
  onReset: () => void;
  /** Without a table (the cards of narrow screens) the row height has no meaning. */
  showDensity: boolean;
}

/** The column settings (show/hide, reset) and the row height of a list, as antd Pro's ProTable has them. */
export function TableSettings({ columns, hidden, density, onHiddenChange, onDensityChange, onReset, showDensity }: TableSettingsProps) {
  const { t } = useTranslation();
  const choosable = columns
    .map((column, index) => ({ key: columnKey(column, index), title: columnTitle(column) ?? (column.title as ReactNode) }))
    .filter((c) => c.key !== ACTIONS_KEY);
  const shown = choosable.filter((c) => !hidden.includes(c.key)).map((c) => c.key);

  const content = (
    <div className="table-settings">
      <div className="table-settings-head">
        <span>{t('tablePage.columnsShown')}</span>
        <Button type="link" size="small" onClick={onReset}>
          {t('tablePage.resetColumns')}
        </Button>
      </div>
      <Checkbox.Group
        className="table-settings-columns"
        value={shown}
        onChange={(keys) => {
          const visible = keys.map(String);
          // at least one column stays, or the list would show nothing but its actions
          if (visible.length === 0) return;
          onHiddenChange(choosable.map((c) => c.key).filter((k) => !visible.includes(k)));
        }}
        options={choosable.map((c) => ({ value: c.key, label: c.title }))}
      />
    </div>
  );

  return (
    <Space size={4} className="table-settings-buttons">
      {showDensity && (
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [density],
            items: DENSITIES.map((d) => ({ key: d, label: t(DENSITY_LABEL[d]) })),
            onClick: ({ key }) => onDensityChange(key as TableDensity),
          }}
        >
          <Tooltip title={t('tablePage.density')}>
            <Button icon={<ColumnHeightOutlined />} aria-label={t('tablePage.density')} />
          </Tooltip>
        </Dropdown>
      )}
      <Popover trigger="click" placement="bottomRight" title={t('tablePage.columnSettings')} content={content}>
        <Tooltip title={t('tablePage.columnSettings')}>
          <Button icon={<SettingOutlined />} aria-label={t('tablePage.columnSettings')} />
        </Tooltip>
      </Popover>
    </Space>
  );
}
