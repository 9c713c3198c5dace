/**
 * Inserting a snippet into the editor's text as a person would type it: at the right
 * place in the set (a constraint at the end of `constraint`, a setting as its key),
 * indented like its neighbours, leaving every other character as it was — the text is
 * edited, never re-serialised, so the person's own layout survives.
 */
import type { JsonMember, JsonNode, JsonObjectNode } from './json-positions';
import { memberOf, parseJsonWithPositions } from './json-positions';
import type { ConstraintSnippet, SettingSnippet } from './snippets';

export interface Inserted {
  text: string;
  /** Where the inserted value now is, to select and scroll to. */
  from: number;
  to: number;
  /** The constraint's name, when it had to be changed to stay unique. */
  name?: string;
}

const INDENT = '  ';

/** The whitespace starting the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** Whether only whitespace precedes `offset` on its line. */
function startsLine(text: string, offset: number): boolean {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return text.slice(start, offset).trim() === '';
}

/** A value as indented JSON whose continuation lines start with `indent`. */
function formatValue(value: unknown, indent: string): string {
  return JSON.stringify(value, null, INDENT).replace(/\n/g, `\n${indent}`);
}

function splice(text: string, from: number, to: number, insert: string, valueAt: number, valueLength: number): Omit<Inserted, 'name'> {
  return { text: text.slice(0, from) + insert + text.slice(to), from: from + valueAt, to: from + valueAt + valueLength };
}

/** Appends a value to an array node. */
function appendItem(text: string, array: Extract<JsonNode, { kind: 'array' }>, value: unknown): Omit<Inserted, 'name'> {
  const last = array.items.at(-1);
  if (!last) {
    const outer = lineIndent(text, array.from);
    const inner = outer + INDENT;
    const formatted = formatValue(value, inner);
    return splice(text, array.from, array.to, `[\n${inner}${formatted}\n${outer}]`, 2 + inner.length, formatted.length);
  }
  if (startsLine(text, last.from)) {
    const indent = lineIndent(text, last.from);
    const formatted = formatValue(value, indent);
    return splice(text, last.to, last.to, `,\n${indent}${formatted}`, 2 + indent.length, formatted.length);
  }
  const compact = JSON.stringify(value);
  return splice(text, last.to, last.to, `, ${compact}`, 2, compact.length);
}

/** Adds a member to an object node, after its last member. */
function addMember(text: string, object: JsonObjectNode, key: string, value: unknown): Omit<Inserted, 'name'> {
  const last = object.members.at(-1);
  const head = `${JSON.stringify(key)}: `;
  if (!last) {
    const outer = lineIndent(text, object.from);
    const inner = outer + INDENT;
    const formatted = formatValue(value, inner);
    return splice(text, object.from, object.to, `{\n${inner}${head}${formatted}\n${outer}}`, 2 + inner.length + head.length, formatted.length);
  }
  if (startsLine(text, last.keySpan.from)) {
    const indent = lineIndent(text, last.keySpan.from);
    const formatted = formatValue(value, indent);
    return splice(text, last.value.to, last.value.to, `,\n${indent}${head}${formatted}`, 2 + indent.length + head.length, formatted.length);
  }
  const compact = JSON.stringify(value);
  return splice(text, last.value.to, last.value.to, `, ${head}${compact}`, 2 + head.length, compact.length);
}

/**
 * A list setting given as one bare value (as XML converted to JSON may give it) becomes
 * a list of it and the new value.
 */
function listOfTwo(text: string, member: JsonMember, value: unknown): Omit<Inserted, 'name'> {
  const outer = lineIndent(text, member.keySpan.from);
  const inner = outer + INDENT;
  const existing = text.slice(member.value.from, member.value.to).replace(/\n/g, `\n${INDENT}`);
  const formatted = formatValue(value, inner);
  const prefix = `[\n${inner}${existing},\n${inner}`;
  return splice(text, member.value.from, member.value.to, `${prefix}${formatted}\n${outer}]`, prefix.length, formatted.length);
}

/** `base`, or `base2`, `base3`… — the first not taken. */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** Constraints and operators share one namespace: a string query names either the same way. */
function takenNames(options: JsonObjectNode): Set<string> {
  const names = new Set<string>();
  for (const key of ['constraint', 'operator']) {
    const value = memberOf(options, key)?.value;
    const entries = value?.kind === 'array' ? value.items : value ? [value] : [];
    for (const entry of entries) {
      const name = memberOf(entry, 'name')?.value;
      if (name?.kind === 'string') names.add(name.value);
    }
  }
  return names;
}

/** The text with the snippet's constraint added, renamed if its name is taken. */
export function insertConstraint(text: string, options: JsonObjectNode, snippet: ConstraintSnippet): Inserted {
  const name = uniqueName(snippet.constraint.name, takenNames(options));
  const constraint = { ...snippet.constraint, name };
  const list = memberOf(options, 'constraint');
  let inserted: Omit<Inserted, 'name'>;
  if (list?.value.kind === 'array') {
    inserted = appendItem(text, list.value, constraint);
  } else if (list) {
    inserted = listOfTwo(text, list, constraint);
  } else {
    inserted = addMember(text, options, 'constraint', [constraint]);
  }
  // Point at the new constraint itself, not at the list that may have been created for it.
  const after = memberOf(parseJsonWithPositions(inserted.text), 'options')?.value;
  const constraints = memberOf(after, 'constraint')?.value;
  const added = constraints?.kind === 'array' ? constraints.items.at(-1) : undefined;
  const span = added ? { from: added.from, to: added.to } : { from: inserted.from, to: inserted.to };
  return { text: inserted.text, ...span, ...(name === snippet.constraint.name ? {} : { name }) };
}

/** The text with `value` added at the end of the list `key` holds (made a list, or created, as needed). */
export function appendToList(text: string, options: JsonObjectNode, key: string, value: unknown): Inserted {
  const member = memberOf(options, key);
  if (!member) return addMember(text, options, key, [value]);
  return member.value.kind === 'array' ? appendItem(text, member.value, value) : listOfTwo(text, member, value);
}

/** The text with a setting set (replacing the key's value) or appended to the key's list. */
export function applySetting(text: string, options: JsonObjectNode, snippet: SettingSnippet): Inserted {
  if (snippet.mode === 'append') return appendToList(text, options, snippet.key, snippet.value);
  const member = memberOf(options, snippet.key);
  if (!member) return addMember(text, options, snippet.key, snippet.value);
  const formatted = formatValue(snippet.value, lineIndent(text, member.keySpan.from));
  return splice(text, member.value.from, member.value.to, formatted, 0, formatted.length);
}

/** The node of the `index`th entry of the list `key` holds (a bare value counts as a list of one). */
function listEntry(options: JsonObjectNode, key: string, index: number): { member: JsonMember; item: JsonNode } | undefined {
  const member = memberOf(options, key);
  if (!member) return undefined;
  const item = member.value.kind === 'array' ? member.value.items[index] : index === 0 ? member.value : undefined;
  return item ? { member, item } : undefined;
}

/** The text with the `index`th entry of the list `key` holds replaced by `value`, indented where it stood; undefined when there is no such entry. */
export function replaceListEntry(text: string, options: JsonObjectNode, key: string, index: number, value: unknown): Inserted | undefined {
  const entry = listEntry(options, key, index);
  if (!entry) return undefined;
  const formatted = formatValue(value, lineIndent(text, entry.item.from));
  return splice(text, entry.item.from, entry.item.to, formatted, 0, formatted.length);
}

/**
 * The text without the `index`th entry of the list `key` holds, with the comma that
 * separated it; the last entry takes its key with it, since an empty list is only noise.
 */
export function removeListEntry(text: string, options: JsonObjectNode, key: string, index: number): Inserted | undefined {
  const entry = listEntry(options, key, index);
  if (!entry) return undefined;
  const { member, item } = entry;
  const items = member.value.kind === 'array' ? member.value.items : [item];
  if (items.length > 1) {
    // Cut from the end of the entry before (its comma and the line break) or, for the first, up to the next one.
    const [from, to] = index > 0 ? [items[index - 1].to, item.to] : [item.from, items[1].from];
    return { text: text.slice(0, from) + text.slice(to), from, to: from };
  }
  const at = options.members.indexOf(member);
  const before = options.members[at - 1];
  const after = options.members[at + 1];
  const [from, to] = before ? [before.value.to, member.value.to] : after ? [member.keySpan.from, after.keySpan.from] : [options.from + 1, options.to - 1];
  return { text: text.slice(0, from) + text.slice(to), from, to: from };
}
