/**
 * The range indexes an option set relies on — range constraints, range sort orders, range
 * values and tuples sources — each with its state in this database: there, being built
 * (re-indexing), or missing. `/v1/config/indexes` reports them.
 */
import { effectiveOptions } from '../options/defaults';
import type { IndexSpec, QueryOptions } from '../options/types';
import { tupleLexicons } from '../options/validate';
import { rangeRefOf } from '../search/constraints';
import type { RangeIndexRef } from '../search/query-model';
import type { RangeIndexStatus } from '../search/live-range-indexes';
import { findRangeIndexIn, type IndexSettings } from './config';
import type { NeededIndex } from '../../wire/indexes';

export type { NeededIndex };

/**
 * The range indexes an option set names, each with its state in this database. `stored` is
 * the set as stored (undefined: none is, and the REST instance's defaults apply); what it
 * names is read from the set a search would run under, the built-ins completing it.
 */
export function neededIndexes(stored: QueryOptions | undefined, settings: IndexSettings, status: RangeIndexStatus[]): NeededIndex[] {
  const options = effectiveOptions(stored);
  const out: NeededIndex[] = [];
  const add = (usedBy: string, spec: IndexSpec & { type?: string; collation?: string }) => {
    if (!spec.type || (spec['json-property'] === undefined && !spec.element)) return;
    let ref: RangeIndexRef;
    try {
      ref = rangeRefOf({ ...spec, type: spec.type }, usedBy);
    } catch {
      return; // fields and paths: Tabula has none, and the options validator says so when they are saved
    }
    const found = findRangeIndexIn(settings, ref);
    const live = found && status.find((s) => s.key === found.key);
    out.push({
      usedBy,
      'scalar-type': ref.type,
      ...(spec['json-property'] !== undefined ? { 'json-property': spec['json-property'] } : {}),
      ...(spec.element ? { element: { name: spec.element.name, ns: spec.element.ns ?? '' } } : {}),
      ...(spec.attribute ? { attribute: { name: spec.attribute.name, ns: spec.attribute.ns ?? '' } } : {}),
      ...(ref.collation ? { collation: ref.collation } : {}),
      // A configured index the search engine has not attached yet (no search since start) is ready as far as the settings go.
      state: !found ? 'missing' : live?.state === 'building' ? 'building' : 'ready',
    });
  };
  for (const c of options.constraint ?? []) if (c.range) add(`constraint ${c.name}`, c.range);
  for (const s of options['sort-order'] ?? []) if (!('score' in s)) add('sort-order', s);
  for (const v of (options.values as Array<{ name: string; range?: IndexSpec & { type: string } }> | undefined) ?? []) if (v.range) add(`values ${v.name}`, v.range);
  // A tuples definition names its ranges under `indexes` (the official client's form) or as `range` keys.
  for (const t of options.tuples ?? []) {
    for (const lexicon of tupleLexicons(t)) if (lexicon.range) add(`tuples ${t.name}`, lexicon.range as IndexSpec & { type: string });
  }
  return out;
}
