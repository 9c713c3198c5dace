import { useId, useState } from 'react';
import type { Capability, Permission } from '../../../../client/create-client';
import { ErrorMessage } from '../../../components/error-message';
import { PermissionsTable } from '../../../components/permissions-table';
import { addCapability, graphCapabilities, normalisePermissions, removeCapability, samePermissions } from '../lib/permission-draft';
import { useGraphPermissions, useSaveGraphPermissions } from '../queries/graph-permissions';

/** A graph's permissions as a table; edits collect in a draft and replace the permissions on save. */
export function PermissionsEditor({ graph }: { graph: string }) {
  const permissions = useGraphPermissions(graph);
  const save = useSaveGraphPermissions(graph);
  const [draft, setDraft] = useState<Permission[] | null>(null);
  const [role, setRole] = useState('');
  const [capability, setCapability] = useState<Capability>('read');
  const roleId = useId();
  const capabilityId = useId();

  const saved = permissions.data ? normalisePermissions(permissions.data) : undefined;
  const shown = draft ?? saved ?? [];
  const dirty = draft !== null && saved !== undefined && !samePermissions(draft, saved);

  if (permissions.isPending) return <p className="muted">Loading permissions…</p>;
  if (permissions.isError) return <ErrorMessage error={permissions.error} title="Could not read the permissions" />;

  const edit = (next: Permission[]) => {
    save.reset();
    setDraft(next);
  };

  return (
    <div className="permissions-editor">
      <p className="hint">
        Every graph keeps <code>rest-reader</code> read and <code>rest-writer</code> update, whatever is saved; other roles
        are yours to grant. Changes apply when you save them.
      </p>
      {shown.length === 0 ? (
        <p className="muted">No permissions.</p>
      ) : (
        <PermissionsTable
          permissions={shown}
          label="Permissions"
          roleClassName="mono"
          capabilities={(p) => (
            <ul className="chips" aria-label={`Capabilities of ${p['role-name']}`}>
              {p.capabilities.map((c) => (
                <li key={c} className="chip chip--removable">
                  {c}
                  <button
                    type="button"
                    className="chip__remove"
                    aria-label={`Remove ${c} from ${p['role-name']}`}
                    title="Remove"
                    onClick={() => edit(removeCapability(shown, p['role-name'], c))}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
        />
      )}

      <form
        className="permissions-editor__add"
        aria-label="Add a permission"
        onSubmit={(e) => {
          e.preventDefault();
          if (!role.trim()) return;
          edit(addCapability(shown, role, capability));
          setRole('');
        }}
      >
        <div>
          <label className="field-label" htmlFor={roleId}>
            Role
          </label>
          <input id={roleId} className="input input--mono" value={role} placeholder="app-user" onChange={(e) => setRole(e.target.value)} />
        </div>
        <div>
          <label className="field-label" htmlFor={capabilityId}>
            Capability
          </label>
          <select id={capabilityId} className="input" value={capability} onChange={(e) => setCapability(e.target.value as Capability)}>
            {graphCapabilities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={!role.trim()}>
          Add
        </button>
      </form>

      {save.isError && <ErrorMessage error={save.error} title="Could not save the permissions" />}
      {save.isSuccess && draft === null && (
        <p className="notice" role="status">
          Permissions saved.
        </p>
      )}
      <div className="panel__actions">
        {dirty && <span className="muted permissions-editor__unsaved">Unsaved changes</span>}
        <button type="button" className="button" disabled={!dirty || save.isPending} onClick={() => {
            save.reset();
            setDraft(null);
          }}>
          Discard changes
        </button>
        <button type="button" className="button button--primary" disabled={!dirty || save.isPending} onClick={() =>
            // Back to the server's view once saved: it may have added the default permissions back.
            draft && save.mutate(draft, { onSuccess: () => setDraft(null) })
          }>
          {save.isPending ? 'Saving…' : 'Save permissions'}
        </button>
      </div>
    </div>
  );
}
