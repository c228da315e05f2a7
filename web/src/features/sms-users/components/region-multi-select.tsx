import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { regionOptions, useRegionTree, type RegionOption } from '@/shared/regions/get-region-tree';

import { indexRegions } from './sms-user-rules';

interface RegionMultiSelectProps {
  /** Six-digit codes of provinces, cities or counties. */
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
}

/**
 * Several regions over GET /api/regional/tree: checking a province (or a city) whole keeps that one
 * code (SHOW_PARENT), otherwise the cities or counties checked.
 */
export function RegionMultiSelect({ value, onChange, id }: RegionMultiSelectProps) {
  const { t } = useTranslation();
  const tree = useRegionTree();
  const options = useMemo(() => regionOptions(tree.data ?? []), [tree.data]);
  const index = useMemo(() => indexRegions(tree.data ?? []), [tree.data]);
  const paths = (value ?? []).map((code) => index.get(code)?.path ?? [code]);
  return (
    <Cascader<RegionOption>
      id={id}
      multiple
      style={{ width: '100%' }}
      options={options}
      loading={tree.isPending}
      showCheckedStrategy={Cascader.SHOW_PARENT}
      maxTagCount={10}
      allowClear
      showSearch={{
        filter: (input, path) => path.some((option) => option.label.includes(input.trim())),
        limit: 50,
      }}
      placeholder={t('smsUser.regionsPlaceholder')}
      value={tree.data ? paths : []}
      onChange={(next) => onChange?.(((next ?? []) as unknown[][]).map((path) => String(path[path.length - 1])))}
    />
  );
}
