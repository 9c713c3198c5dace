import { useId, useMemo, useRef, useState } from 'react';
import { useConnection } from '../../../lib/connection';
import { databaseInUse, instanceText } from '../../../lib/connection-settings';
import { instancesByDatabase } from '../lib/database-text';
import { useInstances } from '../queries/databases';
import { CreateDatabaseForm } from './create-database-form';
import { DatabaseTable } from './database-table';
import { InstanceTable } from './instance-table';
import '../databases.css';

/**
 * The Databases page: the server's databases with what each holds, the one the console uses and
 * a way to use another, new databases (empty, from a sample, from a scene file), deletion once
 * confirmed; and the server's REST instances, the one the console uses and a way to use another.
 * Everything goes through the client's `databases` and `instances` (docs/architecture.md, Layers).
 */
export function DatabasesPage() {
  const ids = { databases: useId(), instances: useId() };
  const { settings } = useConnection();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const instances = useInstances();
  const usedBy = useMemo(() => (instances.data ? instancesByDatabase(instances.data) : undefined), [instances.data]);

  return (
    <div className="databases-page">
      <section className="databases-card" aria-labelledby={ids.databases}>
        <header className="panel__header">
          <div className="panel__heading">
            <h2 id={ids.databases} className="panel__title" ref={heading} tabIndex={-1}>
              Databases
            </h2>
            <div className="panel__meta">
              <span>
                The console uses <span className="mono" data-testid="database-in-use">{databaseInUse(settings)}</span> through{' '}
                <span data-testid="instance-in-use">{instanceText(settings, instances.data)}</span>
              </span>
            </div>
          </div>
          <div className="panel__toolbar">
            <button
              ref={newButton}
              type="button"
              className="button button--primary"
              aria-expanded={creating}
              onClick={() => {
                setCreated(undefined);
                setCreating((v) => !v);
              }}
            >
              New database…
            </button>
          </div>
        </header>
        <div className="panel__body">
          {creating && (
            <CreateDatabaseForm
              onCreated={(text) => {
                setCreated(text);
                setCreating(false);
                newButton.current?.focus();
              }}
              onCancel={() => {
                setCreating(false);
                newButton.current?.focus();
              }}
            />
          )}
          {created && (
            <p className="notice" role="status">
              {created}
            </p>
          )}
          {/* After a delete the row and the button that asked are gone: focus goes back to the page's heading. */}
          <DatabaseTable titleId={ids.databases} usedBy={usedBy} onDeleted={() => heading.current?.focus()} />
        </div>
      </section>
      <section className="databases-card" aria-labelledby={ids.instances}>
        <header className="panel__header">
          <div className="panel__heading">
            <h2 id={ids.instances} className="panel__title">
              REST instances
            </h2>
          </div>
        </header>
        <div className="panel__body">
          <InstanceTable titleId={ids.instances} instances={instances} local={settings.target === 'local'} />
        </div>
      </section>
    </div>
  );
}
