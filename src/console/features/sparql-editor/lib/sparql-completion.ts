/**
 * Completion for the SPARQL editor: prefix declarations from the bundled list, the
 * namespace of an undeclared prefix (adding its `PREFIX` line), and the predicates
 * and classes found in the data, written with a prefix when one fits.
 */
import { pickedCompletion, type Completion, type CompletionContext, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import { knownPrefix, knownPrefixes } from '../../../lib/rdf/prefixes';
import { declaredPrefixes, prologueEnd } from './sparql-syntax';

/** IRIs present in the data, offered where a predicate or a class may be typed. */
export interface DataVocabulary {
  predicates: readonly string[];
  classes: readonly string[];
}

export const emptyVocabulary: DataVocabulary = { predicates: [], classes: [] };

/** What an `apply` needs of the editor: enough to run it on a bare state in tests. */
interface Editor {
  state: EditorState;
  dispatch(spec: TransactionSpec): void;
}

export type LexicalContext = 'code' | 'string' | 'comment' | 'iri';

const IRI_CHARS = '[^<>"{}|^`\\\\\\s]';
const CLOSED_IRI = new RegExp(`^<${IRI_CHARS}*>`);
const PN_LOCAL = /^[\w-](?:[\w.-]*[\w-])?$/;
const MAX_OPTIONS = 200;

export function sparqlCompletions(getVocabulary: () => DataVocabulary): CompletionSource {
  return (context) => complete(context, getVocabulary());
}

function complete(context: CompletionContext, vocabulary: DataVocabulary): CompletionResult | null {
  const { state, pos } = context;
  const text = state.doc.toString();
  const where = lexicalContext(text, pos);
  if (where === 'comment' || where === 'string') return null;
  const line = state.doc.lineAt(pos);
  const before = text.slice(line.from, pos);
  const declared = declaredPrefixes(text);

  if (where === 'iri') {
    const typed = /<[^<>]*$/.exec(before)?.[0] ?? '<';
    const inDeclaration = /\bPREFIX\s+([A-Za-z][\w.-]*)?:\s*<[^<>]*$/i.exec(before);
    if (inDeclaration) return namespaceOf(inDeclaration[1] ?? '', pos - typed.length);
    const options = allTerms(vocabulary).map(({ iri, kind }) => ({ label: `<${iri}>`, type: kind, detail: kindLabel[kind] }));
    return { from: pos - typed.length, options: options.slice(0, MAX_OPTIONS), validFor: new RegExp(`^<${IRI_CHARS}*$`) };
  }

  const declaring = /\bPREFIX\s+([A-Za-z][\w.-]*)?$/i.exec(before);
  if (declaring) {
    const options: Completion[] = knownPrefixes
      .filter((p) => !(p.prefix in declared))
      .map((p) => ({ label: `${p.prefix}: <${p.iri}>`, detail: p.title, type: 'namespace' }));
    return { from: pos - (declaring[1]?.length ?? 0), options, validFor: /^[\w.-]*$/ };
  }
  const namespaceAfterName = /\bPREFIX\s+([A-Za-z][\w.-]*)?:\s*$/i.exec(before);
  if (namespaceAfterName) return namespaceOf(namespaceAfterName[1] ?? '', pos);

  const prefixed = /(?<![\w.:?$-])([A-Za-z][\w-]*(?:\.[\w-]+)*)?:([\w.-]*)$/.exec(before);
  if (prefixed) return prefixedNames(pos - prefixed[0].length, prefixed[1] ?? '', prefixed[2], declared, vocabulary, before);

  if (context.explicit) {
    const word = /[\w-]*$/.exec(before)?.[0] ?? '';
    const options = allTerms(vocabulary).map(({ iri, kind }) => termOption(iri, kind, declared, classContext(before, word)));
    return { from: pos - word.length, options: options.slice(0, MAX_OPTIONS) };
  }
  return null;
}

function namespaceOf(prefix: string, from: number): CompletionResult | null {
  const known = knownPrefix(prefix);
  if (!known) return null;
  return { from, options: [{ label: `<${known.iri}>`, detail: known.title, type: 'namespace' }] };
}

function prefixedNames(
  from: number,
  prefix: string,
  local: string,
  declared: Record<string, string>,
  vocabulary: DataVocabulary,
  before: string,
): CompletionResult | null {
  const namespace = declared[prefix] ?? knownPrefix(prefix)?.iri;
  if (namespace === undefined) return null;
  const undeclared = !(prefix in declared);
  const wantClass = classContext(before, `${prefix}:${local}`);
  const options: Completion[] = [];
  if (undeclared) {
    options.push({
      label: `PREFIX ${prefix}: <${namespace}>`,
      detail: 'add this declaration',
      type: 'namespace',
      boost: 99,
      apply: (view: Editor, completion: Completion) =>
        view.dispatch({
          changes: prefixDeclaration(view.state.doc.toString(), prefix, namespace),
          annotations: pickedCompletion.of(completion),
          userEvent: 'input.complete',
        }),
    });
  }
  const lower = local.toLowerCase();
  for (const { iri, kind } of allTerms(vocabulary)) {
    if (!iri.startsWith(namespace)) continue;
    const name = iri.slice(namespace.length);
    if (!PN_LOCAL.test(name) || !name.toLowerCase().startsWith(lower)) continue;
    const label = `${prefix}:${name}`;
    options.push({
      label,
      type: kind,
      detail: kindLabel[kind],
      boost: kind === 'class' === wantClass ? 1 : 0,
      apply: undeclared ? insertWithDeclaration(label, prefix, namespace) : label,
    });
    if (options.length >= MAX_OPTIONS) break;
  }
  // The declaration stays on offer while a local name is typed, so the list is ours to filter.
  return options.length > 0 ? { from, options, filter: false } : null;
}

function termOption(iri: string, kind: TermKind, declared: Record<string, string>, wantClass: boolean): Completion {
  const boost = kind === 'class' === wantClass ? 1 : 0;
  for (const [prefix, namespace] of Object.entries(declared)) {
    const name = iri.startsWith(namespace) ? iri.slice(namespace.length) : undefined;
    if (name !== undefined && PN_LOCAL.test(name)) return { label: `${prefix}:${name}`, type: kind, detail: kindLabel[kind], boost };
  }
  const known = knownPrefixes.find((p) => iri.startsWith(p.iri) && PN_LOCAL.test(iri.slice(p.iri.length)));
  if (known && !(known.prefix in declared)) {
    const label = `${known.prefix}:${iri.slice(known.iri.length)}`;
    return { label, type: kind, detail: kindLabel[kind], boost, apply: insertWithDeclaration(label, known.prefix, known.iri) };
  }
  return { label: `<${iri}>`, type: kind, detail: kindLabel[kind], boost };
}

/** Replaces the typed word with `insert` and declares its prefix, as one undoable change. */
function insertWithDeclaration(insert: string, prefix: string, namespace: string) {
  return (view: Editor, completion: Completion, from: number, to: number) => {
    const changes = view.state.changes([prefixDeclaration(view.state.doc.toString(), prefix, namespace), { from, to, insert }]);
    view.dispatch({
      changes,
      selection: { anchor: changes.mapPos(to, 1) },
      annotations: pickedCompletion.of(completion),
      userEvent: 'input.complete',
    });
  };
}

/** The change that declares `prefix`, placed with the other declarations. */
export function prefixDeclaration(text: string, prefix: string, namespace: string): { from: number; insert: string } {
  const { offset, hasDeclarations } = prologueEnd(text);
  const line = `PREFIX ${prefix}: <${namespace}>`;
  return hasDeclarations ? { from: offset, insert: `\n${line}` } : { from: offset, insert: `${line}\n` };
}

type TermKind = 'property' | 'class';
const kindLabel: Record<TermKind, string> = { property: 'predicate', class: 'class' };

function allTerms(vocabulary: DataVocabulary): { iri: string; kind: TermKind }[] {
  return [
    ...vocabulary.classes.map((iri) => ({ iri, kind: 'class' as const })),
    ...vocabulary.predicates.map((iri) => ({ iri, kind: 'property' as const })),
  ];
}

/** After `a` or `rdf:type` a class is the likelier word. */
function classContext(before: string, typed: string): boolean {
  return /(?:^|[\s;{.])(?:a|rdf:type|<http:\/\/www\.w3\.org\/1999\/02\/22-rdf-syntax-ns#type>)\s+$/.test(before.slice(0, before.length - typed.length));
}

/** Whether `pos` is in code, a string, a comment or an unfinished IRI. */
export function lexicalContext(text: string, pos: number): LexicalContext {
  let i = 0;
  while (i < pos) {
    const c = text[i];
    if (c === '#') {
      const nl = text.indexOf('\n', i);
      if (nl === -1 || nl >= pos) return 'comment';
      i = nl + 1;
    } else if (c === '"' || c === "'") {
      const long = text.startsWith(c.repeat(3), i);
      const end = stringEnd(text, i + (long ? 3 : 1), c, long);
      if (end > pos) return 'string';
      i = end;
    } else if (c === '<') {
      const iri = CLOSED_IRI.exec(text.slice(i, pos + 1));
      if (iri && i + iri[0].length <= pos) i += iri[0].length;
      else if (new RegExp(`^<${IRI_CHARS}*$`).test(text.slice(i, pos))) return 'iri';
      else i++;
    } else i++;
  }
  return 'code';
}

/**
 * Offset just past the closing quote. An unclosed string runs to the end of the text,
 * except a short one, which no lexer lets past its line.
 */
function stringEnd(text: string, from: number, quote: string, long: boolean): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (long ? text.startsWith(quote.repeat(3), i) : text[i] === quote) return i + (long ? 3 : 1);
    else if (!long && text[i] === '\n') return i + 1;
  }
  return text.length + 1;
}
