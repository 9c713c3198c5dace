import type { KeyboardEvent } from 'react';
import { tabLabel, type QueryTab } from '../lib/query-tab-store';

interface QueryTabBarProps {
  tabs: QueryTab[];
  activeId: string | undefined;
  running: (id: string) => boolean;
  onSelect(id: string): void;
  onClose(id: string): void;
  onAdd(): void;
}

/** The open queries: select, close, add. A tab's panel is the workspace below. */
export function QueryTabBar({ tabs, activeId, running, onSelect, onClose, onAdd }: QueryTabBarProps) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = tabs.findIndex((t) => t.id === activeId);
    const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    onSelect(next.id);
    document.getElementById(`query-tab-${next.id}`)?.focus();
  };
  return (
    <div className="query-tabs">
      <div className="query-tabs__list" role="tablist" aria-label="Queries" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === activeId;
          const label = tabLabel(tab);
          return (
            <div key={tab.id} className={`query-tab${selected ? ' query-tab--selected' : ''}`}>
              <button
                type="button"
                role="tab"
                id={`query-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls="query-workspace"
                tabIndex={selected ? 0 : -1}
                className="query-tab__label"
                onClick={() => onSelect(tab.id)}
              >
                {running(tab.id) && <span className="query-tab__running" aria-label="running" />}
                {label}
              </button>
              <button type="button" className="query-tab__close" aria-label={`Close ${label}`} title="Close" onClick={() => onClose(tab.id)}>
                ×
              </button>
            </div>
          );
        })}
      </div>
      <button type="button" className="button button--ghost button--icon query-tabs__add" aria-label="New query tab" title="New query tab" onClick={onAdd}>
        +
      </button>
    </div>
  );
}
