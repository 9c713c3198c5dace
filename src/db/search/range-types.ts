/**
 * Range constraints without a `type`: the official client's `q.facet('name')` and
 * `q.range('name', …)` bindings send none and expect the server to use the range index
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
import type { ConstraintDef, QueryOptions, RangeConstraintDef } from '../options/types';
import { indexCovers, scopeOf } from './constraints';
import type { Scope } from './query-model';

/** `options` with every untyped range constraint typed from its index (the same object when none is untyped). */
export function typedRangeConstraints(options: QueryOptions, indexes: readonly ResolvedRangeIndex[]): QueryOptions {
  const constraints = options.constraint;
  if (!constraints?.some((c) => c.range && c.range.type === undefined)) return options;
  return { ...options, constraint: constraints.map((c) => (c.range && c.range.type === undefined ? typedConstraint(c, c.range, indexes) : c)) };
}

function typedConstraint(c: ConstraintDef, range: RangeConstraintDef, indexes: readonly ResolvedRangeIndex[]): ConstraintDef {
  const where = `constraint ${c.name}`;
  const scope = scopeOf(range, where);
  const collation = range.collation === undefined ? undefined : collationProblem(range.collation) ? range.collation : canonicalCollation(range.collation);
  const candidates = indexes.filter((i) => indexCovers(i.scope, scope) && (collation === undefined || i.collation === collation));
  if (candidates.length === 0) throw untypedIndexNotFound(scope, collation);
  if (candidates.length > 1) {
    const which = candidates.map((i) => `xs:${i.type}${i.collation ? ` (collation ${i.collation})` : ''}`).join(', ');
    throw new DbError('SEARCH-INVALARGS', `${where}: the range has no type and ${describe(scope)} has several range indexes (${which}); give the constraint a type${collation === undefined ? ' (and collation)' : ''}`);
  }
  const [index] = candidates;
  return { ...c, range: { ...range, type: `xs:${index.type}`, ...(index.collation ? { collation: index.collation } : {}) } };
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
