import type { PermissionCode, PermissionNode } from '@/types/api';

/** parent code of every code in the tree */
export function parentMap(tree: readonly PermissionNode[]): Map<PermissionCode, PermissionCode | null> {
  const parents = new Map<PermissionCode, PermissionCode | null>();
  const walk = (nodes: readonly PermissionNode[], parent: PermissionCode | null) => {
    for (const node of nodes) {
      parents.set(node.code, parent);
      walk(node.children ?? [], node.code);
    }
  };
  walk(tree, null);
  return parents;
}

/** The node whose code is `key` (a tree control's key is a plain string). */
export function findNode(tree: readonly PermissionNode[], key: string): PermissionNode | undefined {
  for (const node of tree) {
    if (node.code === key) return node;
    const found = findNode(node.children ?? [], key);
    if (found) return found;
  }
  return undefined;
}

function descendants(node: PermissionNode): PermissionCode[] {
  return (node.children ?? []).flatMap((child) => [child.code, ...descendants(child)]);
}

/**
 * Checking a code also checks its ancestors (a button needs its menu); unchecking a code also
 * unchecks its descendants. A menu alone (no buttons) stays possible: view only. Returns the
 * new list in tree order; a key the tree does not hold changes nothing.
 */
export function togglePermission(
  tree: readonly PermissionNode[],
  checked: readonly PermissionCode[],
  key: string,
  on: boolean,
): PermissionCode[] {
  const set = new Set(checked);
  const node = findNode(tree, key);
  if (node && on) {
    const parents = parentMap(tree);
    let current: PermissionCode | null | undefined = node.code;
    while (current) {
      set.add(current);
      current = parents.get(current);
    }
  } else if (node) {
    set.delete(node.code);
    for (const d of descendants(node)) set.delete(d);
  }
  return orderLike(tree, set);
}

/** The codes of `set` in tree order, followed by codes the tree does not know. */
export function orderLike(tree: readonly PermissionNode[], set: ReadonlySet<PermissionCode>): PermissionCode[] {
  const out: PermissionCode[] = [];
  const seen = new Set<PermissionCode>();
  const walk = (nodes: readonly PermissionNode[]) => {
    for (const node of nodes) {
      if (set.has(node.code)) {
        out.push(node.code);
        seen.add(node.code);
      }
      walk(node.children ?? []);
    }
  };
  walk(tree);
  for (const code of set) if (!seen.has(code)) out.push(code);
  return out;
}

/**
 * Whether the signed-in user may grant a code: admin may grant all; others only codes they hold,
 * and a company user never a platform-only code.
 */
export function canGrant(
  node: Pick<PermissionNode, 'code' | 'platformOnly'>,
  grantor: { isAdmin: boolean; isCompanyUser: boolean; codes: readonly string[] },
): boolean {
  if (grantor.isCompanyUser && node.platformOnly) return false;
  if (grantor.isAdmin) return true;
  return grantor.codes.includes(node.code);
}

/** The tree without its platform-only codes (what a company user may hold). */
export function withoutPlatformOnly(tree: readonly PermissionNode[]): PermissionNode[] {
  return tree
    .filter((node) => !node.platformOnly)
    .map((node) => ({ ...node, children: node.children ? withoutPlatformOnly(node.children) : node.children }));
}

/** The codes of a list that are platform-only in the tree. */
export function platformOnlyCodes(tree: readonly PermissionNode[]): Set<PermissionCode> {
  const out = new Set<PermissionCode>();
  const walk = (nodes: readonly PermissionNode[]) => {
    for (const node of nodes) {
      if (node.platformOnly) out.add(node.code);
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return out;
}
