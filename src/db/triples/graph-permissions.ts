/**
 * Graph permissions: every graph carries rest-reader read and rest-writer
 * update, plus what `perm:{role}` adds when the graph is created. They are checked for
 * the acting user on every graph operation and every SPARQL query and update: a user
 * sees only graphs it may read; changing a graph needs update. admin may do anything.
 */
import { normalisePermissions } from '../documents/metadata';
import type { Permission } from '../documents/types';
import type { Principal } from '../security/types';

/**
 * What every graph carries whoever creates it (the graph spec requires them even when
 * not requested) — unlike documents, which get the writing user's default permissions.
 */
export const defaultPermissions: readonly Permission[] = [
  { 'role-name': 'rest-reader', capabilities: ['read'] },
  { 'role-name': 'rest-writer', capabilities: ['update'] },
];

/** What the `graphs` store holds per graph; the key is the graph IRI as the client wrote it. */
export interface GraphRecord {
  iri: string;
  permissions: Permission[];
}

/** The permissions of a graph created now: the defaults ∪ those requested. */
export const creationPermissions = (requested: readonly Permission[] = []): Permission[] =>
  normalisePermissions([...defaultPermissions, ...requested]);

/** PUT …&category=permissions replaces (defaults kept); POST merges. */
export function changedPermissions(current: readonly Permission[], given: readonly Permission[], mode: 'replace' | 'merge'): Permission[] {
  return normalisePermissions(mode === 'replace' ? [...defaultPermissions, ...given] : [...current, ...given]);
}

const allows = (p: Principal, perms: readonly Permission[], capability: 'read' | 'update'): boolean =>
  p.roles.has('admin') || perms.some((perm) => p.roles.has(perm['role-name']) && perm.capabilities.includes(capability));

export const canReadGraph = (p: Principal, perms: readonly Permission[]): boolean => allows(p, perms, 'read');
export const canUpdateGraph = (p: Principal, perms: readonly Permission[]): boolean => allows(p, perms, 'update');
