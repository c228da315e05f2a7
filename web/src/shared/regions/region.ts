import type { RegionNode } from '@/types/api';

/** The codes of a region as the company record and the list filters carry them. */
export interface RegionCodes {
  provinceCode: string;
  cityCode: string;
  countyCode: string;
}

/** A cascader path (province, optional city, optional county) from a company's codes. */
export function regionPath(codes: Partial<RegionCodes>): string[] {
  const path: string[] = [];
  for (const code of [codes.provinceCode, codes.cityCode, codes.countyCode]) {
    if (!code) break;
    path.push(code);
  }
  return path;
}

/** A company's codes from a cascader path; missing levels are empty. */
export function regionCodes(path: readonly string[] | null | undefined): RegionCodes {
  return { provinceCode: path?.[0] ?? '', cityCode: path?.[1] ?? '', countyCode: path?.[2] ?? '' };
}

/** Whether a path follows the tree (each code a child of the one before); an empty path does not. */
export function isRegionPath(tree: readonly RegionNode[], path: readonly string[]): boolean {
  if (path.length === 0 || path.length > 3) return false;
  let level: readonly RegionNode[] = tree;
  for (const code of path) {
    const node = level.find((n) => n.code === code);
    if (!node) return false;
    level = node.children ?? [];
  }
  return true;
}

/** The names along a path, e.g. "浙江省 杭州市 西湖区" (codes the tree does not know are left out). */
export function regionLabel(tree: readonly RegionNode[], path: readonly string[]): string {
  const names: string[] = [];
  let level: readonly RegionNode[] = tree;
  for (const code of path) {
    const node = level.find((n) => n.code === code);
    if (!node) break;
    names.push(node.name);
    level = node.children ?? [];
  }
  return names.join(' ');
}
