import { Cascader } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { regionOptions, useRegionTree, type RegionOption } from './get-region-tree';

interface RegionCascaderProps {
  value?: string[];
  onChange?: (path: string[]) => void;
  id?: string;
  style?: CSSProperties;
}

/**
 * Province / city / county over GET /api/regional/tree. changeOnSelect: a province alone (or a
 * city) is a valid choice, for the filter as for a company's region.
 */
export function RegionCascader({ value, onChange, id, style }: RegionCascaderProps) {
  const { t } = useTranslation();
  const tree = useRegionTree();
  const options = useMemo(() => regionOptions(tree.data ?? []), [tree.data]);
  return (
    <Cascader<RegionOption>
      id={id}
      style={style}
      options={options}
      loading={tree.isPending}
      changeOnSelect
      allowClear
      showSearch={{
        filter: (input, path) => path.some((option) => option.label.includes(input.trim())),
        limit: 50,
      }}
      displayRender={(labels) => labels.join(' / ')}
      placeholder={t('common.regionPlaceholder')}
      value={value && value.length > 0 ? value : undefined}
      onChange={(path) => onChange?.(((path ?? []) as unknown[]).map(String))}
    />
  );
}
