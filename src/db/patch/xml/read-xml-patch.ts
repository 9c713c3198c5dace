/**
 * Reading a `<rapi:patch>`: its operations, their absolute paths compiled with the
 * namespaces in scope, and the validation the server does before touching the
 * document (MarkLogic’s REST Application Developer’s Guide, partial updates; the server's `convert-xml-patch`). Problems are collected
 * and reported together, worded as the server words them.
 */
import type { Element, Node } from '@xmldom/xmldom';
import { builtinPrefixes, RAPI_NS, XMLNS_NS } from '../../xml/namespaces';
import { compilePath, type CompiledPath, type NamespaceBindings } from '../../xml/xpath';
import { isBuiltinFunction } from './xml-apply-functions';
import { serializeXml } from '../../xml/parse';

export type OperationKind = 'delete' | 'replace' | 'replace-insert' | 'insert';
export type Position = 'before' | 'after' | 'last-child';
export type Cardinality = '?' | '.' | '*' | '+';

export interface PatchOperation {
  kind: OperationKind;
  /** The operation element; its children are the content. */
  element: Element;
  select?: CompiledPath;
  context?: CompiledPath;
  position: Position;
  cardinality?: Cardinality;
  apply?: string;
}

export interface Patch {
  /** In the order the server runs them: deletes, replaces, replace-inserts, inserts; each in patch order. */
  operations: PatchOperation[];
  libraries: Element[];
}

const kinds: readonly OperationKind[] = ['delete', 'replace', 'replace-insert', 'insert'];
const positions: readonly string[] = ['before', 'after', 'last-child'];
const cardinalities: readonly string[] = ['?', '.', '*', '+'];

const isElement = (n: Node): n is Element => n.nodeType === n.ELEMENT_NODE;

/** The patch's operations, or the list of what is wrong with it. */
export function readPatch(root: Element): { patch: Patch; errors: string[] } {
  const errors: string[] = [];
  const byKind = new Map<OperationKind, PatchOperation[]>(kinds.map((k) => [k, []]));
  const libraries: Element[] = [];
  for (const child of Array.from(root.childNodes)) {
    if (!isElement(child)) {
      const text = child.nodeType === child.TEXT_NODE || child.nodeType === child.CDATA_SECTION_NODE ? (child.nodeValue ?? '').trim() : '';
      if (text) errors.push(`unexpected text in patch: ${text}`);
      continue;
    }
    const name = child.localName ?? '';
    if (child.namespaceURI === RAPI_NS && name === 'replace-library') {
      libraries.push(child);
      continue;
    }
    if (child.namespaceURI !== RAPI_NS || !kinds.includes(name as OperationKind)) {
      errors.push(`unknown patch operation: ${child.nodeName}`);
      continue;
    }
    const operation = readOperation(child, name as OperationKind, errors);
    if (operation) byKind.get(operation.kind)!.push(operation);
  }
  return { patch: { operations: kinds.flatMap((k) => byKind.get(k)!), libraries }, errors };
}

function readOperation(element: Element, kind: OperationKind, errors: string[]): PatchOperation | undefined {
  const attr = (name: string) => (element.hasAttribute(name) ? element.getAttribute(name)! : undefined);
  const bindings = bindingsOf(element);
  const before = errors.length;
  const path = (raw: string, base?: string): CompiledPath | undefined => {
    const full = raw.startsWith('/') ? raw : base !== undefined ? `${base}/${raw}` : `//${raw}`;
    const compiled = compilePath(full, bindings);
    if (!compiled) errors.push(`invalid path: ${full}`);
    return compiled;
  };

  const rawSelect = attr('select');
  const rawContext = attr('context');
  const rawPosition = attr('position');
  const rawCardinality = attr('cardinality');
  const apply = attr('apply');
  const hasContent = element.childNodes.length > 0;

  let select: CompiledPath | undefined;
  let context: CompiledPath | undefined;
  if (kind === 'insert') {
    if (rawContext === undefined) errors.push('insert without context path');
    else context = path(rawContext);
  } else if (kind === 'replace-insert') {
    if (rawSelect === undefined) errors.push('replace-insert without select path');
    if (rawContext === undefined) errors.push('replace-insert without context path');
    else context = path(rawContext);
    if (rawSelect !== undefined && rawContext !== undefined && context) select = path(rawSelect, context.text);
  } else if (rawSelect === undefined) errors.push(`${kind} without select path`);
  else select = path(rawSelect);

  if ((kind === 'insert' || kind === 'replace-insert') && rawPosition !== undefined && !positions.includes(rawPosition)) {
    errors.push(`insert with unknown position: ${rawPosition}`);
  }
  if (rawCardinality !== undefined && !cardinalities.includes(rawCardinality)) errors.push(`unknown cardinality: ${rawCardinality}`);
  if (kind === 'insert' && !hasContent) errors.push(`insert without content: ${rawContext ?? ''}`);
  if (kind === 'replace' && !hasContent && apply === undefined) errors.push(`replace without apply or content: ${rawSelect ?? ''}`);
  if (kind === 'replace-insert' && !hasContent && apply === undefined) {
    errors.push(`replace-insert without apply or content: ${rawContext ?? ''}`);
  }

  if (errors.length > before) return undefined;
  return {
    kind,
    element,
    select,
    context,
    position: (rawPosition ?? 'last-child') as Position,
    cardinality: rawCardinality as Cardinality | undefined,
    apply: kind === 'replace' || kind === 'replace-insert' ? apply : undefined,
  };
}

/**
 * The prefixes a path of this operation may use: the module's own (rapi, prop, xs …)
 * overridden by every namespace declared on the operation or its ancestors. A default
 * namespace in scope is the default element namespace, except the REST API's own,
 * which the server leaves out so that `<patch xmlns="http://marklogic.com/rest-api">`
 * still addresses unqualified content.
 */
function bindingsOf(element: Element): NamespaceBindings {
  const declared: Record<string, string> = {};
  let defaultNamespace: string | undefined;
  let defaultSeen = false;
  for (let e: Node | null = element; e && isElement(e); e = e.parentNode) {
    for (const a of Array.from(e.attributes)) {
      if (a.namespaceURI !== XMLNS_NS) continue;
      if (a.prefix === 'xmlns') {
        if (a.localName && !Object.hasOwn(declared, a.localName)) declared[a.localName] = a.value;
      } else if (!defaultSeen) {
        defaultSeen = true;
        defaultNamespace = a.value || undefined;
      }
    }
  }
  return {
    prefixes: { ...builtinPrefixes, ...declared },
    ...(defaultNamespace && defaultNamespace !== RAPI_NS ? { defaultElementNamespace: defaultNamespace } : {}),
  };
}

/**
 * The `apply` names of the replace operations, checked as the server does before
 * evaluating anything. Library functions (`rapi:replace-library`) would need the
 * server's modules database, which Tabula does not have.
 */
export function checkApplyFunctions(patch: Patch): string[] {
  const errors: string[] = [];
  if (patch.libraries.length > 1) errors.push('multiple library declarations');
  const library = patch.libraries[0];
  for (const op of patch.operations) {
    if (op.apply === undefined) continue;
    const name = op.apply;
    if (!/^[-.:\w\u00B7\u00C0-\uFFFF]+$/u.test(name)) errors.push(`cannot apply empty function name: ${serializeXml(op.element)}`);
    else if (name.startsWith('ml.')) {
      if (!isBuiltinFunction(name)) errors.push(`not a built-in function: ${name}`);
    } else if (!library || !library.getAttribute('at')) errors.push(`missing or incomplete library declaration for: ${name}`);
    else errors.push(`could not find function for: ${name} (replace libraries such as ${library.getAttribute('at')} are not supported)`);
  }
  return errors;
}
