import { useState } from 'react';
import { useConnection } from '../../lib/connection';
import { actingUser, localUsers } from '../../lib/connection-settings';
import { ConnectionForm } from './connection-form';
import { ConnectionStatus } from './connection-status';
import { ResetDatabase } from './reset-database';
import { ScenesDialog } from '../scenes/components/scenes-dialog';

/** Which database the console talks to and as whom; the user of this browser's database switches in place. */
export function ConnectionBar() {
  const { settings, update } = useConnection();
  const [editing, setEditing] = useState(false);
  const local = settings.target === 'local';
  const knownUser = settings.user === '' || (localUsers as readonly string[]).includes(settings.user);

  return (
    <section className="connection-bar" aria-label="Connection">
      <div className="connection-bar__row">
        <div className="connection-bar__item">
          <span className="connection-bar__label">Database</span>
          <span className="connection-bar__value" data-testid="connection-target">
            {local ? 'This browser (IndexedDB)' : settings.baseUrl}
          </span>
        </div>
        <div className="connection-bar__item">
          <label className="connection-bar__label" htmlFor="acting-user">
            Acting as
          </label>
          {local ? (
            <select
              id="acting-user"
              className="input input--compact"
              value={settings.user}
              onChange={(e) => update({ ...settings, user: e.target.value, password: e.target.value })}
            >
              <option value="">admin (default)</option>
              {localUsers.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
              {!knownUser && <option value={settings.user}>{settings.user}</option>}
            </select>
          ) : (
            <span className="connection-bar__value" id="acting-user">
              {actingUser(settings)}
            </span>
          )}
        </div>
        <ConnectionStatus />
        {local && <ScenesDialog />}
        {local && <ResetDatabase />}
        <button type="button" className="button button--small connection-bar__change" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
          Connection…
        </button>
      </div>
      {editing && (
        <ConnectionForm
          settings={settings}
          onCancel={() => setEditing(false)}
          onApply={(next) => {
            update(next);
            setEditing(false);
          }}
        />
      )}
    </section>
  );
}
