/**
 * Edits to a graph's permissions before they are saved: a list of roles, each with
 * its capabilities, kept free of duplicates so the PUT says exactly what the table shows.
 */
import type { Capability, Permission } from '../../../../client/create-client';

/** What a graph permission can grant (MarkLogic’s graph permissions: read, update, execute). */
export const graphCapabilities = ['read', 'update', 'execute'] as const satisfies readonly Capability[];

/** One entry per role, capabilities deduplicated and in a fixed order, roles sorted. */
export function normalisePermissions(permissions: readonly Permission[]): Permission[] {
  const byRole = new Map<string, Set<Capability>>();
  for (const p of permissions) {
    const caps = byRole.get(p['role-name']) ?? new Set<Capability>();
    for (const c of p.capabilities) caps.add(c);
    byRole.set(p['role-name'], caps);
  }
  return [...byRole]
    .filter(([, caps]) => caps.size > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([role, caps]) => ({ 'role-name': role, capabilities: [...caps].sort(byCapability) }));
}

export function addCapability(permissions: readonly Permission[], role: string, capability: Capability): Permission[] {
  return normalisePermissions([...permissions, { 'role-name': role.trim(), capabilities: [capability] }]);
}

/** Removes one capability; a role left with none leaves the list. */
export function removeCapability(permissions: readonly Permission[], role: string, capability: Capability): Permission[] {
  return normalisePermissions(
    permissions.map((p) => (p['role-name'] === role ? { ...p, capabilities: p.capabilities.filter((c) => c !== capability) } : p)),
  );
}

export function samePermissions(a: readonly Permission[], b: readonly Permission[]): boolean {
  return JSON.stringify(normalisePermissions(a)) === JSON.stringify(normalisePermissions(b));
}

const order: readonly string[] = [...graphCapabilities, 'insert', 'node-update'];
function byCapability(a: Capability, b: Capability): number {
  return order.indexOf(a) - order.indexOf(b);
}
