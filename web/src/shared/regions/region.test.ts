import { describe, expect, it } from 'vitest';

import type { RegionNode } from '@/types/api';

import { isRegionPath, regionCodes, regionLabel, regionPath } from './region';

const tree: RegionNode[] = [
  {
    real_id: 330000,
    code: '330000',
    name: '浙江省',
    children: [
      {
        real_id: 330100,
        code: '330100',
        name: '杭州市',
        children: [{ real_id: 330106, code: '330106', name: '西湖区' }],
      },
    ],
  },
  { real_id: 110000, code: '110000', name: '北京市', children: [] },
];

describe('region paths', () => {
  it('makes a path of the codes that are set, stopping at the first empty level', () => {
    expect(regionPath({ provinceCode: '330000', cityCode: '330100', countyCode: '330106' })).toEqual(['330000', '330100', '330106']);
    expect(regionPath({ provinceCode: '330000', cityCode: '', countyCode: '' })).toEqual(['330000']);
    expect(regionPath({ provinceCode: '', cityCode: '330100' })).toEqual([]);
  });

  it('gives empty codes for the levels a path (a province alone) leaves out', () => {
    expect(regionCodes(['330000'])).toEqual({ provinceCode: '330000', cityCode: '', countyCode: '' });
    expect(regionCodes(['330000', '330100', '330106'])).toEqual({ provinceCode: '330000', cityCode: '330100', countyCode: '330106' });
    expect(regionCodes(undefined)).toEqual({ provinceCode: '', cityCode: '', countyCode: '' });
  });

  it('checks that a path follows the tree', () => {
    expect(isRegionPath(tree, ['330000'])).toBe(true);
    expect(isRegionPath(tree, ['330000', '330100', '330106'])).toBe(true);
    expect(isRegionPath(tree, ['110000', '330100'])).toBe(false);
    expect(isRegionPath(tree, [])).toBe(false);
  });

  it('names a path', () => {
    expect(regionLabel(tree, ['330000', '330100', '330106'])).toBe('浙江省 杭州市 西湖区');
    expect(regionLabel(tree, ['330000', '999999'])).toBe('浙江省');
  });
});
