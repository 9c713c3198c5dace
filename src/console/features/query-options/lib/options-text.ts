/**
 * The editor's text: an option set as the API writes and takes it, `{"options": {…}}`,
 * so what is edited is exactly what `PUT /v1/config/query/{name}` receives and what a
 * person would send with curl. Reading it checks what can be checked without a server
 * — JSON syntax, the wrapper, keys given twice — and locates each problem in the text.
 */
import type { QueryOptionsJson } from '../../../../client/query-options';
import { duplicateKeys, JsonSyntaxError, jsonValue, memberOf, parseJsonWithPositions, type JsonNode, type JsonObjectNode } from './json-positions';

export interface TextProblem {
  message: string;
  from: number;
  to: number;
  severity: 'error' | 'warning';
}

export type ReadOptionsText =
  | {
      ok: true;
      options: QueryOptionsJson;
      /** The whole document's tree. */
      tree: JsonNode;
      /** The value of `options`. */
      optionsNode: JsonObjectNode;
      /** Keys given twice: JSON keeps only the last, which is rarely what was meant. */
      warnings: TextProblem[];
    }
  | { ok: false; problem: TextProblem };

/** The text the editor starts from for a set. */
export function formatOptions(options: QueryOptionsJson): string {
  return `${JSON.stringify({ options }, null, 2)}\n`;
}

export function readOptionsText(text: string): ReadOptionsText {
  let tree: JsonNode;
  try {
    tree = parseJsonWithPositions(text);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { ok: false, problem: { message: e.message, from: e.from, to: e.to, severity: 'error' } };
  }
  const wrapper = (message: string, at: { from: number; to: number }): ReadOptionsText => ({ ok: false, problem: { message, ...at, severity: 'error' } });
  if (tree.kind !== 'object') return wrapper('An option set is a JSON object: {"options": {…}}', tree);
  const extra = tree.members.find((m) => m.key !== 'options');
  if (extra) return wrapper(`Unexpected key "${extra.key}" beside "options": the set's settings go inside {"options": {…}}`, extra.keySpan);
  const member = memberOf(tree, 'options');
  if (!member) return wrapper('The set needs its settings in {"options": {…}}', { from: tree.from, to: Math.min(tree.from + 1, tree.to) });
  if (member.value.kind !== 'object') return wrapper('"options" must be an object', member.value);
  const warnings = duplicateKeys(tree).map((m) => ({
    message: `"${m.key}" is given more than once; only the last one would be kept`,
    ...m.keySpan,
    severity: 'warning' as const,
  }));
  return { ok: true, options: jsonValue(member.value) as QueryOptionsJson, tree, optionsNode: member.value, warnings };
}

/** 1-based line and column of an offset, for messages. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
