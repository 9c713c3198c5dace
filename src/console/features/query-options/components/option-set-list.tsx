import { ErrorMessage } from '../../../components/error-message';
import { LoadSampleData } from '../../samples/components/load-sample-data';
import { optionSetNames, optionsHref, type OptionsView } from '../lib/options-route';
import { useOptionSetList } from '../queries/option-sets';
import { useIndexReport } from '../queries/range-indexes';

interface OptionSetListProps {
  view: OptionsView;
  /** Names of the sets with unsaved edits. */
  unsaved: ReadonlySet<string>;
}

/** The option sets (`default` always first), a way to create one, and the way to the range indexes. */
export function OptionSetList({ view, unsaved }: OptionSetListProps) {
  const list = useOptionSetList();
  const report = useIndexReport();
  const stored = new Set((list.data ?? []).map((s) => s.name));
  const names = optionSetNames(list.data ?? []);
  const building = report.data?.rangeIndexes.filter((s) => s.state === 'building').length ?? 0;
  const current = view.kind === 'set' ? view.name : undefined;
  // Searches with these sets fail until their indexes are there (from the server's report of the stored sets).
  const incomplete = new Set((report.data?.optionSets ?? []).filter((s) => !s.complete).map((s) => s.name));

  return (
    <nav className="options-nav" aria-label="Option sets">
      <div className="options-nav__header">
        <h2 className="section-title">Option sets</h2>
        <a className={`button button--small${view.kind === 'new' ? ' button--primary' : ''}`} href={optionsHref({ kind: 'new' })}>
          New option set
        </a>
      </div>
      {list.error != null && <ErrorMessage error={list.error} title="Could not list the option sets" />}
      {list.isPending ? (
        <p className="muted">Loading…</p>
      ) : (
        <ul className="listing" data-testid="option-set-list">
          {names.map((name) => (
            <li key={name}>
              <a
                className={`listing__item${name === current ? ' listing__item--selected' : ''}`}
                href={optionsHref({ kind: 'set', name })}
                aria-current={name === current ? 'page' : undefined}
              >
                <span className="listing__name">{name}</span>
                {name === 'default' && !stored.has(name) && <span className="muted options-nav__note">REST defaults</span>}
                {incomplete.has(name) && (
                  <span className="options-nav__note options-nav__note--warn" title="A range index this set needs is missing or still being built">
                    needs index
                  </span>
                )}
                {unsaved.has(name) && (
                  <span className="options-nav__unsaved" title="Unsaved changes" aria-label="unsaved changes">
                    ●
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
      {list.isSuccess && stored.size === 0 && <LoadSampleData />}
      <h2 className="section-title options-nav__database">Database</h2>
      <ul className="listing">
        <li>
          <a
            className={`listing__item${view.kind === 'indexes' ? ' listing__item--selected' : ''}`}
            href={optionsHref({ kind: 'indexes' })}
            aria-current={view.kind === 'indexes' ? 'page' : undefined}
          >
            <span className="listing__name">Range indexes</span>
            {building > 0 && <span className="options-nav__note">{building} building</span>}
          </a>
        </li>
      </ul>
    </nav>
  );
}
