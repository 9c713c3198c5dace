import type { ReactNode } from 'react';
import type { Permission } from '../../client/create-client';

interface PermissionsTableProps {
  permissions: readonly Permission[];
  /** The table's accessible name: its own label, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** The role cell's class (the graph editor sets role names in monospace). */
  roleClassName?: string;
  /** The capabilities cell: a document lists them, the graph editor lets each be removed. */
  capabilities(permission: Permission): ReactNode;
}

/** Permissions as a table, one row per role. */
export function PermissionsTable({ permissions, label, labelledBy, roleClassName, capabilities }: PermissionsTableProps) {
  return (
    <table className="table" aria-label={label} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Role</th>
          <th scope="col">Capabilities</th>
        </tr>
      </thead>
      <tbody>
        {permissions.map((p) => (
          <tr key={p['role-name']}>
            <td className={roleClassName}>{p['role-name']}</td>
            <td>{capabilities(p)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
