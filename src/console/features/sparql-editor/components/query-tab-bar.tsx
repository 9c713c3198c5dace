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

/**
 * The open queries: select, close, add. A tab's panel is the workspace below.
 *
 * The tablist holds tabs only (WAI-ARIA: a tablist owns tabs and nothing else), so a
 * tab's × is a pointer's shortcut hidden from assistive technology; the keyboard closes
 * the focused tab with Delete (announced by aria-keyshortcuts), or the current one with
 * the page's close-tab shortcut.
 */
export function QueryTabBar({ tabs, activeId, running, onSelect, onClose, onAdd }: QueryTabBarProps) {
  const focusTab = (id: string) => document.getElementById(`query-tab-${id}`)?.focus();
  const onKeyDown = (e: KeyboardEvent, tab: QueryTab) => {
    const i = tabs.findIndex((t) => t.id === tab.id);
    let next: QueryTab | undefined;
    if (e.key === 'ArrowRight') next = tabs[(i + 1) % tabs.length];
    else if (e.key === 'ArrowLeft') next = tabs[(i + tabs.length - 1) % tabs.length];
    else if (e.key === 'Home') next = tabs[0];
    else if (e.key === 'End') next = tabs[tabs.length - 1];
    else if (e.key === 'Delete') {
      e.preventDefault();
      // Focus moves to the tab that takes its place, as closing with the mouse selects it.
      const neighbour = tabs[i + 1] ?? tabs[i - 1];
      onClose(tab.id);
      if (neighbour) requestAnimationFrame(() => focusTab(neighbour.id));
      return;
    }
    if (!next) return;
    e.preventDefault();
    onSelect(next.id);
    focusTab(next.id);
  };
  return (
    <div className="query-tabs">
      <div className="query-tabs__list" role="tablist" aria-label="Queries">
        {tabs.map((tab) => {
          const selected = tab.id === activeId;
          const label = tabLabel(tab);
          const isRunning = running(tab.id);
          return (
            <div key={tab.id} role="presentation" className={`query-tab${selected ? ' query-tab--selected' : ''}`}>
              <button
                type="button"
                role="tab"
                id={`query-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={selected ? 'query-workspace' : undefined}
                aria-keyshortcuts="Delete"
                tabIndex={selected ? 0 : -1}
                className="query-tab__label"
                onClick={() => onSelect(tab.id)}
                onKeyDown={(e) => onKeyDown(e, tab)}
              >
                {isRunning && <span className="query-tab__running" aria-hidden="true" />}
                {label}
                {isRunning && <span className="visually-hidden"> (running)</span>}
              </button>
              <button
                type="button"
                className="query-tab__close"
                aria-hidden="true"
                tabIndex={-1}
                title={`Close ${label} (Delete)`}
                data-testid="close-query-tab"
                onClick={() => onClose(tab.id)}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      <button type="button" className="button button--ghost button--icon query-tabs__add" aria-label="New query tab" title="New query tab (Alt+N)" onClick={onAdd}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
