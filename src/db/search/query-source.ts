/**
 * Where a part of a search came from, for the few failures that MarkLogic's REST layer
 * words by it: the same malformed structured query is REST-INVALIDPARAM in a URL parameter
 * and RESTAPI-INVALIDCONTENT in a body. The database raises its own codes and tags the
 * failure with its source; the api chooses the code on the wire (src/api/search-request.ts).
 */
import { DbError } from '../errors';

/**
 * - `parameter`: a structured query or QBE sent as a URL parameter (`structuredQuery`, `query`);
 * - `qtext`: a string query in a body (a combined query's `qtext`);
 * - `options`: a combined query's inline options.
 */
export type QuerySource = 'parameter' | 'qtext' | 'options';

/** A database failure of one part of a search, and where that part came from. */
export class QuerySourceFailure extends Error {
  constructor(
    readonly source: QuerySource,
    readonly error: DbError,
  ) {
    super(error.message);
    this.name = 'QuerySourceFailure';
  }
}

/** Runs `parse`, tagging its DbErrors with `source`. */
export function fromSource<T>(source: QuerySource, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof DbError) throw new QuerySourceFailure(source, e);
    throw e;
  }
}
