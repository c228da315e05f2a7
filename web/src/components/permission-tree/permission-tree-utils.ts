import type { PermissionNode } from '@/types/api';

/** parent code of every code in the tree */
export function parentMap(tree: readonly PermissionNode[]): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  const walk = (nodes: readonly PermissionNode[], parent: string | null) => {
    for (const node of nodes) {
      parents.set(node.code, parent);
      walk(node.children ?? [], node.code);
    }
  };
  walk(tree, null);
  return parents;
}

function findNode(tree: readonly PermissionNode[], code: string): PermissionNode | undefined {
  for (const node of tree) {
    if (node.code === code) return node;
    const found = findNode(node.children ?? [], code);
    if (found) return found;
  }
  return undefined;
}

function descendants(node: PermissionNode): string[] {
  return (node.children ?? []).flatMap((child) => [child.code, ...descendants(child)]);
}

/**
 * Checking a code also checks its ancestors (a button needs its menu); unchecking a code also
 * unchecks its descendants. A menu alone (no buttons) stays possible: view only. Returns the
 * new list in tree order.
 */
export function togglePermission(
  tree: readonly PermissionNode[],
  checked: readonly string[],
  code: string,
  on: boolean,
): string[] {
  const set = new Set(checked);
  if (on) {
    const parents = parentMap(tree);
    let current: string | null | undefined = code;
    while (current) {
      set.add(current);
      current = parents.get(current);
    }
  } else {
    set.delete(code);
    const node = findNode(tree, code);
    if (node) for (const d of descendants(node)) set.delete(d);
  }
  return orderLike(tree, set);
}

/** The codes of `set` in tree order, followed by codes the tree does not know. */
export function orderLike(tree: readonly PermissionNode[], set: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
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
export function platformOnlyCodes(tree: readonly PermissionNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: readonly PermissionNode[]) => {
    for (const node of nodes) {
      if (node.platformOnly) out.add(node.code);
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return out;
}
