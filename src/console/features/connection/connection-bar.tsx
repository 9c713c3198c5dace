import { useState } from 'react';
import { useConnection } from '../../lib/connection';
import { actingUser, appliedConnection, databaseInUse, instanceText, localUsers } from '../../lib/connection-settings';
import { ConnectionForm } from './connection-form';
import { ConnectionStatus } from './connection-status';
import { DatabaseSelect } from './database-select';
import { InstanceSelect } from './instance-select';
import { ResetDatabase } from './reset-database';
import { ScenesDialog } from '../scenes/components/scenes-dialog';
import { TransactionItem, TransactionPanel, useTransactionBar } from '../transactions/components/transaction-bar';

/** Why the target, user, instance and database cannot change: a transaction belongs to the user who opened it, in its database on its server. */
const HELD_BY_TRANSACTION = 'Commit or roll back the open transaction first';

/**
 * Which server, REST instance and database the console talks to and as whom; the user of this
 * browser's database, the instance and the database switch in place. It also opens and ends the
 * multi-statement transaction the console's requests run in, says that switching the instance
 * sent the database back to the instance's own, and says when the instance or the database in
 * use has gone.
 */
export function ConnectionBar() {
  const { settings, update, transaction, missingDatabase, dismissMissingDatabase, switchedInstance, missingInstance, dismissInstanceNotice } = useConnection();
  const [editing, setEditing] = useState(false);
  const bar = useTransactionBar();
  const held = transaction !== undefined;
  const local = settings.target === 'local';
  const knownUser = settings.user === '' || (localUsers as readonly string[]).includes(settings.user);

  return (
    <section className="connection-bar" aria-label="Connection">
      <div className="connection-bar__row">
        <div className="connection-bar__item">
          <span className="connection-bar__label">Target</span>
          <span className="connection-bar__value" data-testid="connection-target">
            {local ? 'This browser (IndexedDB)' : settings.baseUrl}
          </span>
        </div>
        <InstanceSelect held={held} heldReason={HELD_BY_TRANSACTION} />
        <DatabaseSelect held={held} heldReason={HELD_BY_TRANSACTION} />
        <div className="connection-bar__item">
          <label className="connection-bar__label" htmlFor="acting-user">
            Acting as
          </label>
          {local ? (
            <select
              id="acting-user"
              className="input input--compact"
              value={settings.user}
              disabled={held}
              title={held ? HELD_BY_TRANSACTION : undefined}
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
        <div className="connection-bar__actions">
          <TransactionItem bar={bar} />
          {local && <ScenesDialog />}
          {local && <ResetDatabase />}
          <button
            type="button"
            className="button button--small connection-bar__change"
            aria-expanded={editing}
            disabled={held}
            title={held ? HELD_BY_TRANSACTION : undefined}
            onClick={() => setEditing((v) => !v)}
          >
            Connection…
          </button>
        </div>
      </div>
      <TransactionPanel bar={bar} />
      {missingDatabase !== undefined && (
        <div className="connection-notice" role="region" aria-label="Database gone">
          <p role="status" className="connection-notice__text">
            The database “{missingDatabase}” no longer exists: the console now uses {databaseInUse(settings)}.
          </p>
          <button type="button" className="button button--small button--ghost" onClick={dismissMissingDatabase}>
            Dismiss
          </button>
        </div>
      )}
      {switchedInstance !== undefined && (
        <div className="connection-notice" role="region" aria-label="Instance changed">
          <p role="status" className="connection-notice__text">
            The console now uses {instanceText(settings)}: the database went back to its default, {databaseInUse(settings)}.
          </p>
          <button type="button" className="button button--small button--ghost" onClick={dismissInstanceNotice}>
            Dismiss
          </button>
        </div>
      )}
      {missingInstance !== undefined && (
        <div className="connection-notice" role="region" aria-label="Instance gone">
          <p role="status" className="connection-notice__text">
            The REST instance “{missingInstance}” no longer exists: the console now uses {instanceText(settings)} and the database {databaseInUse(settings)}.
          </p>
          <button type="button" className="button button--small button--ghost" onClick={dismissInstanceNotice}>
            Dismiss
          </button>
        </div>
      )}
      {editing && !held && (
        <ConnectionForm
          settings={settings}
          onCancel={() => setEditing(false)}
          onApply={(next) => {
            update(appliedConnection(settings, next));
            setEditing(false);
          }}
        />
      )}
    </section>
  );
}
