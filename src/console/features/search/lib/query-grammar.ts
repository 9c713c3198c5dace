/**
 * The cheat-sheet of the string query grammar (MarkLogic’s Search Developer’s Guide, string query grammar, the default grammar), and
 * the examples it gives for the constraints of the chosen option set, so what it shows can
 * be typed as it stands.
 */
import type { ConstraintSummary } from '../../../../client/search';

export interface GrammarEntry {
  syntax: string;
  example: string;
  meaning: string;
}

export const GRAMMAR: readonly GrammarEntry[] = [
  { syntax: 'term', example: 'soup', meaning: 'documents containing the word (case- and diacritic-insensitive when written in lower case)' },
  { syntax: '"phrase"', example: '"tomato soup"', meaning: 'the words next to each other, in this order' },
  { syntax: 'a b', example: 'soup basil', meaning: 'both (AND is implied between terms)' },
  { syntax: 'a AND b', example: 'soup AND basil', meaning: 'both, spelled out' },
  { syntax: 'a OR b', example: 'soup OR stew', meaning: 'either; binds more loosely than AND: a b OR c is (a b) OR c' },
  { syntax: '-term', example: 'soup -beef', meaning: 'without the term (the minus is attached to it)' },
  { syntax: 'NOT term', example: 'soup NOT beef', meaning: 'without the term, spelled out' },
  { syntax: 'a NEAR b', example: 'tomato NEAR basil', meaning: 'both, within 10 words of each other' },
  { syntax: 'a NEAR/n b', example: 'tomato NEAR/3 basil', meaning: 'both, within n words' },
  { syntax: '( … )', example: '(soup OR stew) -beef', meaning: 'grouping' },
  { syntax: 'constraint:value', example: 'name:value', meaning: 'a constraint of the option set; name:"two words" for a phrase' },
  { syntax: 'constraint LT|LE|GT|GE|NE value', example: 'name GE 4', meaning: 'a comparison on a range constraint (operators in upper case)' },
];

export const OPERATOR_NOTE = 'AND, OR, NOT, NEAR, LT, LE, GT, GE and NE are operators only in upper case; and, or, not, near are plain words.';

/** What inserting a constraint puts in the query box. */
export const constraintToken = (c: ConstraintSummary) => `${c.name}:`;

/** Examples of using a constraint, by kind: what its value means and how a range compares. */
export function constraintExamples(c: ConstraintSummary): string[] {
  switch (c.kind) {
    case 'range': {
      const sample = sampleValue(c.type);
      const examples = [`${c.name}:${sample}`, `${c.name} GE ${sample}`];
      return c.buckets?.length ? [...c.buckets.slice(0, 3).map((b) => `${c.name}:${b}`), ...examples.slice(1)] : examples;
    }
    case 'collection':
      return [`${c.name}:collection-name`];
    case 'value':
      return [`${c.name}:"whole value"`];
    case 'word':
    case 'container':
    case 'element-query':
    case 'properties':
      return [`${c.name}:word`, `${c.name}:"a phrase"`];
    default:
      return [`${c.name}:value`];
  }
}

function sampleValue(type: string | undefined): string {
  const t = (type ?? '').replace(/^xs:/, '');
  if (t === 'date') return '2024-01-31';
  if (t === 'dateTime') return '2024-01-31T12:00:00Z';
  if (['int', 'long', 'integer', 'unsignedInt', 'unsignedLong', 'short', 'unsignedShort', 'decimal', 'double', 'float'].includes(t)) return '4';
  return 'value';
}

/** Adds a token at the end of the query, separated from what is there by one space. */
export function appendToken(q: string, token: string): string {
  if (q === '' || /[\s(]$/.test(q)) return `${q}${token}`;
  return `${q} ${token}`;
}
