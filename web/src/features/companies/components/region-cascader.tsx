import { Cascader } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import type { RegionNode } from '@/types/api';

import { useRegionTree } from '../api/get-region-tree';

interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

function toOptions(nodes: readonly RegionNode[]): RegionOption[] {
  return nodes.map((node) => ({
    value: node.code,
    label: node.name,
    children: node.children && node.children.length > 0 ? toOptions(node.children) : undefined,
  }));
}

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
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
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
      placeholder={t('companies.regionPlaceholder')}
      value={value && value.length > 0 ? value : undefined}
      onChange={(path) => onChange?.(((path ?? []) as unknown[]).map(String))}
    />
  );
}
