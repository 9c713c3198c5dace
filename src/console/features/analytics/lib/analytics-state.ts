/**
 * The analytics page's state lives in the hash (`#/analytics?options=shop&name=price&q=…&aggregates=sum,avg`),
 * as the search page's does: a view of a lexicon can be linked to and reloaded, and every
 * choice is a step the back button retraces. The table's order is the page's own.
 */
import type { ValuesQuery } from '../../../../client/create-client';
import { formatHash } from '../../../lib/hash-route';
import { DEFAULT_OPTIONS } from '../../search/lib/search-state';

export const ANALYTICS_ROUTE = '/analytics';

export interface AnalyticsState {
  /** The option set; `default` is the server's default set. */
  options: string;
  /** The values or tuples definition shown ('' until one is picked). */
  name: string;
  /** The string query restricting the documents counted ('' for all). */
  q: string;
  /** The aggregates asked for, in the order they were ticked. */
  aggregates: string[];
}

export function readAnalyticsState(params: URLSearchParams): AnalyticsState {
  const aggregates = (params.get('aggregates') ?? '').split(',').filter((a) => a !== '');
  return {
    options: params.get('options') || DEFAULT_OPTIONS,
    name: params.get('name') ?? '',
    q: params.get('q') ?? '',
    aggregates: [...new Set(aggregates)],
  };
}

/** The hash of a view; defaults are left out so links stay short. */
export function analyticsHref(state: Partial<AnalyticsState>): string {
  return formatHash(ANALYTICS_ROUTE, {
    options: state.options === DEFAULT_OPTIONS ? undefined : state.options,
    name: state.name,
    q: state.q,
    aggregates: state.aggregates?.join(','),
  });
}

/** What the page asks `/v1/values/{name}` for the values: the default set is named by leaving `options` out, as the search page does. */
export function valuesQueryOf(state: AnalyticsState): ValuesQuery {
  return {
    ...(state.q.trim() ? { q: state.q } : {}),
    ...(state.options !== DEFAULT_OPTIONS ? { options: state.options } : {}),
  };
}

/**
 * The aggregates are asked for separately (`view=aggregate`): one that does not apply is
 * refused with a 400, and that refusal must not take the values off the page.
 */
export function aggregatesQueryOf(state: AnalyticsState): ValuesQuery {
  return { ...valuesQueryOf(state), aggregates: state.aggregates, view: 'aggregate' };
}
