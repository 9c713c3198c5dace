/**
 * Where in the editor's text a server's validation sentence points. The API refuses a
 * broken set with one message listing every problem as a sentence (MarkLogic’s REST API reference, /v1/config/query;
 * src/client/query-options.ts `optionsProblems` splits it), and the sentences name what
 * they are about the way the server's validator words them:
 *
 * - `Unknown option "foo".` — a top-level key;
 * - `Operator or constraint name "a" is used more than once (must be unique).` — every
 *   repeat after the first;
 * - `Constraint "a": …`, `Values "v" …`, `Tuples "t" …`, `Operator "o" …` — a named entry;
 * - `Constraint 2 needs a name`, `sort-order 1 …`, `values 3 …` — an entry by position;
 * - `term …`, `transform-results …`, `page-length must …` — a top-level setting;
 *
 * and then, inside what was found, `unknown key "k"` or another quoted value narrows it
 * down to that key or value. Sentences are located again in the current text after every
 * edit, so a mark follows the text it is about and disappears once that text is fixed.
 */
import type { JsonMember, JsonNode, JsonObjectNode } from './json-positions';
import { memberOf } from './json-positions';

export interface Span {
  from: number;
  to: number;
}

const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

const quotedIn = (sentence: string): string[] => [...sentence.matchAll(QUOTED)].map((m) => m[1]);

/** The entries of a list setting, which a set may also give as one bare object. */
function entriesOf(options: JsonObjectNode, key: string): JsonNode[] {
  const value = memberOf(options, key)?.value;
  if (!value) return [];
  return value.kind === 'array' ? value.items : [value];
}

const nameMember = (entry: JsonNode): JsonMember | undefined => memberOf(entry, 'name');

const nameIs = (entry: JsonNode, name: string): boolean => {
  const value = nameMember(entry)?.value;
  return value?.kind === 'string' && value.value === name;
};

function nameSpan(entry: JsonNode): Span {
  const member = nameMember(entry);
  return member ? { from: member.value.from, to: member.value.to } : { from: entry.from, to: entry.from + 1 };
}

function findKey(node: JsonNode, key: string): JsonMember | undefined {
  if (node.kind === 'object') {
    for (const m of node.members) {
      if (m.key === key) return m;
      const inner = findKey(m.value, key);
      if (inner) return inner;
    }
  } else if (node.kind === 'array') {
    for (const item of node.items) {
      const inner = findKey(item, key);
      if (inner) return inner;
    }
  }
  return undefined;
}

function findString(node: JsonNode, value: string): JsonNode | undefined {
  if (node.kind === 'string') return node.value === value ? node : undefined;
  const children = node.kind === 'object' ? node.members.map((m) => m.value) : node.kind === 'array' ? node.items : [];
  for (const child of children) {
    const found = findString(child, value);
    if (found) return found;
  }
  return undefined;
}

/** Inside a located node, the key or value the rest of the sentence quotes. */
function narrow(node: JsonNode, sentence: string, used: string | undefined, fallback: Span): Span {
  const unknownKey = /unknown key "((?:[^"\\]|\\.)*)"/.exec(sentence)?.[1];
  if (unknownKey !== undefined) {
    const member = findKey(node, unknownKey);
    if (member) return member.keySpan;
  }
  for (const quoted of quotedIn(sentence)) {
    if (quoted === used) continue;
    const value = findString(node, quoted);
    if (value) return value;
    const member = findKey(node, quoted);
    if (member) return member.keySpan;
  }
  return fallback;
}

const LISTS_BY_NAME: Record<string, string> = { Constraint: 'constraint', Values: 'values', Tuples: 'tuples', Operator: 'operator' };
const LISTS_BY_POSITION = ['constraint', 'values', 'tuples', 'operator', 'sort-order'];

/** The places in the text a sentence is about; empty when it cannot be placed. */
export function locateProblem(options: JsonObjectNode, sentence: string): Span[] {
  const duplicate = /^Operator or constraint name "((?:[^"\\]|\\.)*)" is used more than once/.exec(sentence);
  if (duplicate) {
    const named = [...entriesOf(options, 'constraint'), ...entriesOf(options, 'operator')].filter((e) => nameIs(e, duplicate[1]));
    return named.slice(1).map(nameSpan);
  }
  const repeatedValues = /^Values or tuples name "((?:[^"\\]|\\.)*)" is used more than once/.exec(sentence);
  if (repeatedValues) {
    const named = [...entriesOf(options, 'values'), ...entriesOf(options, 'tuples')].filter((e) => nameIs(e, repeatedValues[1]));
    return named.slice(1).map(nameSpan);
  }

  const unknownOption = /^Unknown option "((?:[^"\\]|\\.)*)"/.exec(sentence);
  if (unknownOption) {
    const member = memberOf(options, unknownOption[1]);
    return member ? [member.keySpan] : [];
  }

  const byName = /^(Constraint|Values|Tuples|Operator)(?: name)? "((?:[^"\\]|\\.)*)"/.exec(sentence);
  if (byName) {
    const entry = entriesOf(options, LISTS_BY_NAME[byName[1]]).find((e) => nameIs(e, byName[2]));
    return entry ? [narrow(entry, sentence.slice(byName[0].length), byName[2], nameSpan(entry))] : [];
  }

  const byPosition = /^([A-Za-z-]+) (\d+)\b/.exec(sentence);
  if (byPosition && LISTS_BY_POSITION.includes(byPosition[1].toLowerCase())) {
    const entry = entriesOf(options, byPosition[1].toLowerCase())[Number(byPosition[2]) - 1];
    return entry ? [narrow(entry, sentence.slice(byPosition[0].length), undefined, { from: entry.from, to: entry.from + 1 })] : [];
  }

  const setting = /^([a-z][a-z-]*)\b/.exec(sentence);
  const member = setting ? memberOf(options, setting[1]) : undefined;
  if (member) return [narrow(member.value, sentence.slice(setting![0].length), undefined, member.keySpan)];
  return [];
}
