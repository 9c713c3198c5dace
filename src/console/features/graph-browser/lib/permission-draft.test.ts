import { describe, expect, test } from 'vitest';
import type { Permission } from '../../../../client/create-client';
import { addCapability, normalisePermissions, removeCapability, samePermissions } from './permission-draft';

const defaults: Permission[] = [
  { 'role-name': 'rest-writer', capabilities: ['update'] },
  { 'role-name': 'rest-reader', capabilities: ['read'] },
];

describe('normalisePermissions', () => {
  test('merges repeated roles, drops duplicate capabilities and empty roles, sorts', () => {
    expect(
      normalisePermissions([
        { 'role-name': 'b', capabilities: ['update', 'read', 'update'] },
        { 'role-name': 'a', capabilities: [] },
        { 'role-name': 'b', capabilities: ['execute'] },
      ]),
    ).toEqual([{ 'role-name': 'b', capabilities: ['read', 'update', 'execute'] }]);
  });
});

describe('editing', () => {
  test('adds a capability to a new role, trimming its name', () => {
    expect(addCapability(defaults, '  app-user ', 'read')).toEqual([
      { 'role-name': 'app-user', capabilities: ['read'] },
      { 'role-name': 'rest-reader', capabilities: ['read'] },
      { 'role-name': 'rest-writer', capabilities: ['update'] },
    ]);
  });

  test('adds a capability to a role that has others', () => {
    expect(addCapability(defaults, 'rest-reader', 'execute')[0]).toEqual({ 'role-name': 'rest-reader', capabilities: ['read', 'execute'] });
  });

  test('removing the last capability of a role removes the role', () => {
    expect(removeCapability(defaults, 'rest-writer', 'update')).toEqual([{ 'role-name': 'rest-reader', capabilities: ['read'] }]);
  });

  test('removing a capability the role lacks changes nothing', () => {
    expect(samePermissions(removeCapability(defaults, 'rest-reader', 'update'), defaults)).toBe(true);
  });

  test('order does not make two permission lists differ; content does', () => {
    expect(samePermissions(defaults, [...defaults].reverse())).toBe(true);
    expect(samePermissions(defaults, addCapability(defaults, 'x', 'read'))).toBe(false);
  });
});
