/**
 * The Options page's state lives in the hash, so every view can be linked to, reloaded
 * and reached with Back: `#/options?set=recipes` (a set), `#/options?view=new`,
 * `#/options?view=indexes` (the range index editor).
 */
import { formatHash } from '../../../lib/hash-route';

export const OPTIONS_PATH = '/options';

export type OptionsView = { kind: 'set'; name: string } | { kind: 'new' } | { kind: 'indexes' } | { kind: 'none' };

export function readOptionsView(params: URLSearchParams): OptionsView {
  const view = params.get('view');
  if (view === 'new') return { kind: 'new' };
  if (view === 'indexes') return { kind: 'indexes' };
  const name = params.get('set');
  return name ? { kind: 'set', name } : { kind: 'none' };
}

export function optionsHref(view: OptionsView): string {
  switch (view.kind) {
    case 'set':
      return formatHash(OPTIONS_PATH, { set: view.name });
    case 'new':
    case 'indexes':
      return formatHash(OPTIONS_PATH, { view: view.kind });
    case 'none':
      return formatHash(OPTIONS_PATH);
  }
}

/** `default` first (it always exists, stored or not), then the stored sets by name. */
export function optionSetNames(stored: ReadonlyArray<{ name: string }>): string[] {
  return ['default', ...[...new Set(stored.map((s) => s.name))].filter((n) => n !== 'default').sort()];
}

/** Why a new set cannot have this name, or undefined when it can. */
export function setNameProblem(name: string, existing: readonly string[]): string | undefined {
  if (name.trim() === '') return 'Give the set a name';
  if (name !== name.trim()) return 'A name cannot start or end with a space';
  if (/[\s/\\?#%]/.test(name)) return 'Use letters, digits, "-", "_" or "." (a name is one step of a URL)';
  if (existing.includes(name)) return `There is already a set named ${name}`;
  return undefined;
}
