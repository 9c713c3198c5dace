/**
 * Pre-binding: what `bind:` values do to a query or update. MarkLogic substitutes a bound
 * variable wherever it appears, so a FILTER deep inside a GRAPH group sees the value as
 * surely as a top-level triple pattern does. A VALUES block at the top of the WHERE
 * would not: SPARQL evaluates groups bottom-up, and the inner FILTER runs before the
 * join with the VALUES, with the variable unbound.
 *
 * One assignment (each name bound once) turns the WHERE `W` into
 *
 *     { VALUES (?a ?b) { (ta tb) }  { W[?a:=ta, ?b:=tb] } }
 *
 * — the terms substituted in triple patterns, GRAPH / SERVICE names, FILTER and BIND
 * expressions, EXISTS, nested VALUES (rows that disagree dropped) and sub-selects that
 * project the variable (which get the same treatment inside), joined with a one-row
 * VALUES so solutions still carry the variable: `SELECT ?a`, `SELECT *`, ORDER BY / GROUP
 * BY ?a, CONSTRUCT and update templates all see the bound term. `W` sits in a group of its
 * own so that a `BIND(… AS ?a)` in it stays legal (its result must then equal the bound
 * term, by the join).
 *
 * Several values for a name (the official client binds `ids` to 1 and 2 and expects both
 * rows) are several assignments, and the WHERE becomes the UNION of the one-assignment
 * WHEREs, one branch per combination. The answer is then, by construction, the answers
 * for each value together — the same rows a join with VALUES gives where the variable
 * is visible to it, and the pre-bound rows everywhere else — and every nested group
 * sees a constant under the single rule above. Pushing a VALUES block into each group
 * instead would bind the variable in scopes SPARQL keeps separate (a sub-select that
 * does not project it, a group whose later BIND assigns it, EXISTS) and needs its own
 * scoping rules for each. The price is a WHERE repeated per combination, bounded by
 * {@link MAX_ASSIGNMENTS}.
 *
 * Names the query or update never mentions are ignored: they neither add a column nor
 * multiply rows.
 */
import type {
  BgpPattern,
  BlankTerm,
  Expression,
  LiteralTerm,
  Pattern,
  Query,
  SelectQuery,
  Term,
  Triple,
  ValuePatternRow,
  ValuesPattern,
} from 'sparqljs';
import { DbError } from '../errors';
import type { BoundTerm } from './bindings';
import { XSD } from './xsd-lexical';

type Assignment = ReadonlyMap<string, BoundTerm>;
export type BoundTerms = ReadonlyMap<string, readonly BoundTerm[]>;

/** Most combinations of bound values one WHERE is repeated for. */
export const MAX_ASSIGNMENTS = 1024;

const XSD_BOOLEAN = `${XSD}boolean`;

const booleanLiteral = (value: boolean): LiteralTerm =>
  ({ termType: 'Literal', value: String(value), language: '', datatype: { termType: 'NamedNode', value: XSD_BOOLEAN } }) as unknown as LiteralTerm;

/** A pattern with no solution, valid wherever a pattern is (an empty group fails the group around it too). */
const nothing = (): Pattern => ({ type: 'group', patterns: [{ type: 'filter', expression: booleanLiteral(false) }] });

/** The query with its bindings applied (see the module comment). */
export function bindQuery(query: Query, terms: BoundTerms): Query {
  if (terms.size === 0) return query;
  return { ...query, where: bindWhere(query.where, terms, variablesOf(query)) };
}

/**
 * A WHERE with bindings applied. `mentioned`: every variable of the query or update
 * operation it belongs to (templates, projections and modifiers included), so a name
 * used only in a template still reaches the solutions.
 */
export function bindWhere(where: Pattern[] | undefined, terms: BoundTerms, mentioned: ReadonlySet<string>): Pattern[] | undefined {
  const used = [...terms].filter(([name, values]) => mentioned.has(name) && values.length > 0);
  if (used.length === 0) return where;
  const count = used.reduce((n, [, values]) => n * values.length, 1);
  if (count > MAX_ASSIGNMENTS) {
    const sizes = used.map(([name, values]) => `${values.length} for ${name}`).join(', ');
    throw new DbError('REST-INVALIDPARAM', `the bind: values (${sizes}) make ${count} combinations; at most ${MAX_ASSIGNMENTS} are supported`);
  }
  const assignments = used.reduce<Array<Map<string, BoundTerm>>>(
    (rows, [name, values]) => rows.flatMap((row) => values.map((term) => new Map(row).set(name, term))),
    [new Map()],
  );
  const patterns = where ?? [];
  if (assignments.length === 1) return prebound(patterns, assignments[0]);
  // A blank-node label may appear in one basic graph pattern only: each copy gets its own labels.
  const prefix = freshBlankPrefix(patterns);
  return [
    {
      type: 'union',
      patterns: assignments.map((a, i) => ({ type: 'group', patterns: prebound(renameBlankNodes(patterns, `${prefix}${i}_`), a) })),
    },
  ];
}

/** `{ VALUES (…) { (…) } { W substituted } }` for one assignment. */
function prebound(where: Pattern[], a: Assignment): Pattern[] {
  const row: ValuePatternRow = {};
  for (const [name, term] of a) row[`?${name}`] = term as unknown as ValuePatternRow[string];
  const values: ValuesPattern = { type: 'values', values: [row] };
  return where.length === 0 ? [values] : [values, { type: 'group', patterns: where.map((p) => substitutePattern(p, a)) }];
}

function substitutePattern(p: Pattern, a: Assignment): Pattern {
  switch (p.type) {
    case 'bgp': {
      const triples = p.triples.map((t) => substituteTriple(t, a));
      // A literal predicate is not SPARQL syntax; as a value it matches no triple.
      if (triples.some((t) => 'termType' in t.predicate && (t.predicate as Term).termType === 'Literal')) return nothing();
      return { ...p, triples } satisfies BgpPattern;
    }
    case 'graph':
    case 'service': {
      const name = substituteTerm(p.name, a);
      // GRAPH "literal" is not syntax either, and names no graph.
      if (name.termType !== 'NamedNode' && name.termType !== 'Variable') return nothing();
      return { ...p, name, patterns: p.patterns.map((q) => substitutePattern(q, a)) };
    }
    case 'group':
    case 'optional':
    case 'minus':
    case 'union':
      return { ...p, patterns: p.patterns.map((q) => substitutePattern(q, a)) };
    case 'filter':
      return { ...p, expression: substituteExpression(p.expression, a) };
    case 'bind':
      // The target stays a variable: BIND(expr AS <term>) is not syntax; the join decides.
      return { ...p, expression: substituteExpression(p.expression, a) };
    case 'values':
      return { ...p, values: p.values.filter((row) => agrees(row, a)) };
    case 'query':
      return substituteSubSelect(p, a);
  }
}

/**
 * A sub-select has its own variables: only those it projects are the outer query's, so
 * only those are pre-bound inside it (with a VALUES row of its own, so its GROUP BY,
 * ORDER BY and projection still name them).
 */
function substituteSubSelect(q: SelectQuery, a: Assignment): SelectQuery {
  const wildcard = q.variables.some((v) => 'termType' in v && v.termType === 'Wildcard');
  const projected = wildcard
    ? variablesOf(q.where)
    : new Set(q.variables.flatMap((v) => ('termType' in v && v.termType === 'Variable' ? [v.value] : [])));
  const inner = new Map([...a].filter(([name]) => projected.has(name)));
  if (inner.size === 0) return q;
  return { ...q, where: prebound(q.where ?? [], inner) };
}

function substituteTriple(t: Triple, a: Assignment): Triple {
  const predicate = 'termType' in t.predicate ? substituteTerm(t.predicate, a) : t.predicate;
  return { subject: substituteTerm(t.subject, a), predicate, object: substituteTerm(t.object, a) } as Triple;
}

function substituteTerm<T extends Term>(t: T, a: Assignment): T | BoundTerm {
  if (t.termType === 'Variable') return a.get(t.value) ?? t;
  return t;
}

function substituteExpression(e: Expression, a: Assignment): Expression {
  if (Array.isArray(e)) return e.map((x) => substituteExpression(x, a));
  if ('termType' in e) return substituteTerm(e, a) as Expression;
  switch (e.type) {
    case 'operation': {
      const [first] = e.args;
      // BOUND(?x) needs a variable; a pre-bound one is bound.
      if (e.operator === 'bound' && first && 'termType' in first && first.termType === 'Variable' && a.has(first.value)) return booleanLiteral(true);
      if (e.operator === 'exists' || e.operator === 'notexists') return { ...e, args: e.args.map((p) => substitutePattern(p as Pattern, a)) };
      return { ...e, args: e.args.map((x) => substituteExpression(x as Expression, a)) };
    }
    case 'functionCall':
      return { ...e, args: e.args.map((x) => substituteExpression(x, a)) };
    case 'aggregate':
      return 'termType' in e.expression && e.expression.termType === 'Wildcard' ? e : { ...e, expression: substituteExpression(e.expression as Expression, a) };
    default:
      return e;
  }
}

/** Whether a nested VALUES row is compatible with the assignment (UNDEF agrees with anything). */
function agrees(row: ValuePatternRow, a: Assignment): boolean {
  for (const [key, value] of Object.entries(row)) {
    const bound = a.get(key.slice(1));
    if (bound && value && !sameTerm(bound, value)) return false;
  }
  return true;
}

function sameTerm(x: BoundTerm, y: NonNullable<ValuePatternRow[string]>): boolean {
  if (x.termType !== y.termType || x.value !== y.value) return false;
  if (x.termType !== 'Literal' || y.termType !== 'Literal') return true;
  return x.language === y.language && x.datatype.value === y.datatype.value;
}

/**
 * Every variable named anywhere in a parsed query, update operation or part of one
 * (VALUES rows name theirs as keys, `?x` / `$x`).
 */
export function variablesOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const x of node) variablesOf(x, into);
    return into;
  }
  if (node === null || typeof node !== 'object') return into;
  const o = node as Record<string, unknown>;
  if (o.termType === 'Variable') {
    into.add(String(o.value));
    return into;
  }
  if (o.type === 'values' && Array.isArray(o.values)) {
    for (const row of o.values as ValuePatternRow[]) for (const key of Object.keys(row)) into.add(key.slice(1));
  }
  for (const value of Object.values(o)) variablesOf(value, into);
  return into;
}

function blankLabels(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const x of node) blankLabels(x, into);
  } else if (node !== null && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.termType === 'BlankNode') into.add(String(o.value));
    else for (const value of Object.values(o)) blankLabels(value, into);
  }
  return into;
}

/** A label prefix no label of the patterns starts with, so `{prefix}{i}_{label}` cannot clash. */
function freshBlankPrefix(patterns: Pattern[]): string {
  const labels = [...blankLabels(patterns)];
  let prefix = 'b';
  while (labels.some((l) => l.startsWith(prefix))) prefix += 'b';
  return prefix;
}

function renameBlankNodes<T>(node: T, prefix: string): T {
  if (Array.isArray(node)) return node.map((x: unknown) => renameBlankNodes(x, prefix)) as T;
  if (node === null || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  if (typeof o.termType === 'string') {
    return (o.termType === 'BlankNode' ? ({ termType: 'BlankNode', value: prefix + String(o.value) } as unknown as BlankTerm) : node) as T;
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, renameBlankNodes(v, prefix)])) as T;
}
