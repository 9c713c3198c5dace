/**
 * Facet refinements as string-query text. Clicking a facet value appends `name:value` to
 * the query (the value quoted when the grammar needs it); the `name:value` terms that
 * restrict the whole query are shown as removable chips, and removing one takes its text
 * out again. Everything works on the text the user can read and edit, so the query box
 * always says exactly what is searched.
 *
 * Only top-level terms ANDed with the rest are refinements: `a OR b` gets wrapped as
 * `(a OR b) coll:x`, because implicit AND binds tighter than OR (MarkLogic’s Search Developer’s Guide, string query grammar) and
 * `a OR b coll:x` would restrict only `b`.
 */

export interface Refinement {
  name: string;
  value: string;
  /** Index of its chunk among the query's top-level chunks. */
  chunk: number;
}

/** Joiners that bind a term to its neighbour more tightly than AND (or, for OR, loosely). */
const BINDING_JOINERS = /^(OR|NEAR|NEAR\/\d+|BOOST|NOT_IN|LT|LE|GT|GE|NE)$/;

const REFINEMENT = /^([^\s:()"-][^\s:()"]*):(?:"([^"]*)"|([^\s()"]+))$/;

/**
 * The query's top-level chunks: split at whitespace outside quotes and parentheses, so
 * `(a OR b) coll:"x y"` is two chunks.
 */
export function topLevelChunks(q: string): string[] {
  const chunks: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const c of q) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth = Math.max(0, depth - 1);
    if (!quoted && depth === 0 && /\s/.test(c)) {
      if (current) chunks.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/** A value as the grammar reads it: quoted when it holds spaces, parentheses or quotes, as the server's suggestions do. */
export function quoteValue(value: string): string {
  if (value === '') return '""';
  // The grammar has no escape for a quotation mark inside a phrase; the words around it still match.
  return /[\s()"]/.test(value) ? `"${value.replace(/"/g, ' ')}"` : value;
}

export function refinementText(name: string, value: string): string {
  return `${name}:${quoteValue(value)}`;
}

/** The `name:value` terms that restrict the whole query, for constraints in `names`. */
export function refinementsIn(q: string, names: ReadonlySet<string>): Refinement[] {
  const chunks = topLevelChunks(q);
  if (chunks.includes('OR')) return [];
  const out: Refinement[] = [];
  chunks.forEach((chunk, i) => {
    const m = REFINEMENT.exec(chunk);
    if (!m || !names.has(m[1])) return;
    if (BINDING_JOINERS.test(chunks[i - 1] ?? '') || chunks[i - 1] === 'NOT' || BINDING_JOINERS.test(chunks[i + 1] ?? '')) return;
    out.push({ name: m[1], value: m[2] ?? m[3], chunk: i });
  });
  return out;
}

/** The query narrowed by `name:value`; unchanged when it already is. */
export function addRefinement(q: string, name: string, value: string): string {
  const term = refinementText(name, value);
  const trimmed = q.trim();
  if (trimmed === '') return term;
  if (refinementsIn(trimmed, new Set([name])).some((r) => r.value === value)) return trimmed;
  const chunks = topLevelChunks(trimmed);
  const loose = chunks.includes('OR') || BINDING_JOINERS.test(chunks[chunks.length - 1]) || chunks[chunks.length - 1] === 'AND';
  return loose ? `(${trimmed}) ${term}` : `${trimmed} ${term}`;
}

/** The query without one refinement (and an AND that joined it); a group left alone is unwrapped. */
export function removeRefinement(q: string, refinement: Refinement): string {
  const chunks = topLevelChunks(q);
  let from = refinement.chunk;
  let to = refinement.chunk + 1;
  if (chunks[from - 1] === 'AND') from--;
  else if (chunks[to] === 'AND') to++;
  const rest = [...chunks.slice(0, from), ...chunks.slice(to)];
  if (rest.length === 1 && isOneGroup(rest[0])) return rest[0].slice(1, -1).trim();
  return rest.join(' ');
}

/** Whether `chunk` is `( … )` with its first parenthesis closed by its last. */
function isOneGroup(chunk: string): boolean {
  if (!chunk.startsWith('(') || !chunk.endsWith(')')) return false;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')' && --depth === 0) return i === chunk.length - 1;
  }
  return false;
}

/** A bucket reads as its label; any other value as its name (the text the query refines with). */
export function facetValueLabel(facet: { type?: string }, v: { name: string; value: string | number | boolean }): string {
  if (facet.type === 'bucketed' && v.value !== '' && String(v.value) !== v.name) return String(v.value);
  return v.name === '' ? '(empty)' : v.name;
}

/** Whether the value named `value` of facet `name` is among the refinements. */
export function isRefined(refinements: readonly Refinement[], name: string, value: string): boolean {
  return refinements.some((r) => r.name === name && r.value === value);
}
