/**
 * The option set a search runs under: the named set (or `default`), with a combined query's
 * inline options merged in (MarkLogic’s REST Application Developer’s Guide, combined queries),
 * and untyped range constraints typed from the database's range indexes.
 */
import { DbError } from '../errors';
import type { IndexConfigStore } from '../indexes/config';
import { resolvedRangeIndexes } from '../indexes/config';
import type { PropertiesStore } from '../config/properties';
import { typedRangeConstraints } from '../search/range-types';
import { fromSource } from '../search/query-source';
import { effectiveOptions, restDefaultOptions } from './defaults';
import { mergeOptions } from './merge';
import type { QueryOptionsStore } from './store';
import type { QueryOptions } from './types';
import { validateOptions } from './validate';

/** The stores a search's options are read from (the `Database` has them all). */
export interface OptionsSources {
  queryOptions: Pick<QueryOptionsStore, 'get'>;
  properties: Pick<PropertiesStore, 'get'>;
  indexes: Pick<IndexConfigStore, 'get'>;
}

/** The named options (or `default`) with `inline` merged in; `name` is the `options` parameter as sent. */
export async function resolveOptions(sources: OptionsSources, name: string | undefined, inline: QueryOptions | undefined): Promise<QueryOptions> {
  if (name === '') throw new DbError('REST-INVALIDPARAM', 'options must name an option set');
  const stored = await sources.queryOptions.get(name ?? 'default');
  if (name !== undefined && name !== 'default' && !stored) throw new DbError('REST-INVALIDPARAM', `No configured options: ${name}`);
  const base = stored ?? restDefaultOptions();
  let merged = base;
  if (inline) {
    merged = mergeOptions(base, inline);
    // The merged set is what must make sense: inline options may refer to stored constraints.
    if ((await sources.properties.get())['validate-options']) {
      fromSource('options', () => validateOptions(merged));
    }
  }
  return typedRangeConstraints(effectiveOptions(merged), resolvedRangeIndexes(await sources.indexes.get()));
}
