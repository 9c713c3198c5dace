/**
 * Ranges without a `type`: the official client's `q.facet('name')` and `q.range('name', …)`
 * bindings, and its `valuesBuilder.fromIndexes('name')`, send none and expect the server to use the range index
 * on that name, as MarkLogic's `cts:element-reference` without a `type=` option does.
 * A search fills the type (and, for strings, the collation) in from the database's one
 * matching index before anything is parsed, so the rest of search sees typed ranges only.
 *
 * No matching index is the index-not-found error a typed reference gets; several (the
 * same name indexed as two types, or with two collations) cannot be chosen between and
 * are refused, naming them, so the options can say which one they mean.
 *
 * @example
 * typedRangeConstraints({ constraint: [{ name: 'tag', range: { 'json-property': 'tag' } }] }, indexes);
 * // → range: { 'json-property': 'tag', type: 'xs:string', collation: 'http://marklogic.com/collation/' }
 */
import { DbError } from '../errors';
import { canonicalCollation, collationProblem } from '../indexes/collation';
import type { ResolvedRangeIndex } from '../indexes/config';
import type { QueryOptions, RangeConstraintDef, TuplesDef, ValuesDef } from '../options/types';
import { tupleLexicons } from '../options/validate';
import { indexCovers, scopeOf } from './constraints';
import type { Scope } from './query-model';

/**
 * `options` with every untyped range typed from its index: range constraints, and the ranges
 * of values and tuples definitions (the official client's `valuesBuilder.fromIndexes('name')`
 * sends none either). The same object when nothing is untyped.
 */
export function typedRangeConstraints(options: QueryOptions, indexes: readonly ResolvedRangeIndex[]): QueryOptions {
  const untyped = (range: { type?: string } | undefined): boolean => range !== undefined && range.type === undefined;
  const constraints = options.constraint;
  const values = options.values;
  const tuples = options.tuples;
  const tupleRanges = (t: TuplesDef) => tupleLexicons(t).map((l) => l.range as RangeConstraintDef | undefined);
  if (!constraints?.some((c) => untyped(c.range)) && !values?.some((v) => untyped(v.range)) && !tuples?.some((t) => tupleRanges(t).some(untyped))) return options;
  return {
    ...options,
    ...(constraints ? { constraint: constraints.map((c) => (c.range && untyped(c.range) ? { ...c, range: typedRange(c.range, `constraint ${c.name}`, indexes) } : c)) } : {}),
    ...(values ? { values: values.map((v): ValuesDef => (v.range && untyped(v.range) ? { ...v, range: typedRange(v.range, `values ${v.name}`, indexes) } : v)) } : {}),
    ...(tuples
      ? {
          tuples: tuples.map((t): TuplesDef => {
            if (!tupleRanges(t).some(untyped)) return t;
            // Written back in the one form every reader takes: one lexicon per `indexes` entry.
            const lexicons = tupleLexicons(t).map((l) => (l.range && untyped(l.range as RangeConstraintDef) ? { ...l, range: typedRange(l.range as RangeConstraintDef, `tuples ${t.name}`, indexes) } : l));
            const { range: _range, ...rest } = t;
            return { ...rest, indexes: lexicons as TuplesDef['indexes'] };
          }),
        }
      : {}),
  };
}

function typedRange<R extends RangeConstraintDef>(range: R, where: string, indexes: readonly ResolvedRangeIndex[]): R {
  const scope = scopeOf(range, where);
  const collation = range.collation === undefined ? undefined : collationProblem(range.collation) ? range.collation : canonicalCollation(range.collation);
  const candidates = indexes.filter((i) => indexCovers(i.scope, scope) && (collation === undefined || i.collation === collation));
  if (candidates.length === 0) throw untypedIndexNotFound(scope, collation);
  if (candidates.length > 1) {
    const which = candidates.map((i) => `xs:${i.type}${i.collation ? ` (collation ${i.collation})` : ''}`).join(', ');
    throw new DbError('SEARCH-INVALARGS', `${where}: the range has no type and ${describe(scope)} has several range indexes (${which}); give the range a type${collation === undefined ? ' (and collation)' : ''}`);
  }
  const [index] = candidates;
  return { ...range, type: `xs:${index.type}`, ...(index.collation ? { collation: index.collation } : {}) };
}

/** The server's index-not-found error for a reference that names no type (`cts:json-property-reference("tag")`). */
function untypedIndexNotFound(scope: Scope, collation: string | undefined): DbError {
  const options = collation ? `,("collation=${collation}")` : '';
  const tail = collation ? ` collation=${collation}` : '';
  switch (scope.kind) {
    case 'json-property':
      return new DbError('XDMP-ELEMRIDXNOTFOUND', `cts:json-property-reference("${scope.name}"${options}) -- No element range index for ${scope.name}${tail}`);
    case 'element':
      return new DbError('XDMP-ELEMRIDXNOTFOUND', `cts:element-reference(fn:QName("${scope.ns}","${scope.name}")${options}) -- No element range index for ${scope.name}${tail}`);
    case 'element-attribute': {
      const { element: e, attribute: a } = scope;
      return new DbError(
        'XDMP-ELEMATTRRIDXNOTFOUND',
        `cts:element-attribute-reference(fn:QName("${e.ns}","${e.name}"),fn:QName("${a.ns}","${a.name}")${options}) -- No element-attribute range index for ${e.name} ${a.name}${tail}`,
      );
    }
  }
}

function describe(scope: Scope): string {
  if (scope.kind === 'json-property') return `JSON property ${scope.name}`;
  if (scope.kind === 'element') return `element ${scope.name}`;
  return `attribute ${scope.attribute.name} of element ${scope.element.name}`;
}
