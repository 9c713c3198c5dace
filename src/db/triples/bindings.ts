/**
 * `bind:{name}`, `bind:{name}:{type}` and `bind:{name}@{lang}` (MarkLogic’s REST API reference, /v1/graphs/sparql): values
 * for variables of a query or update, read from request parameters and turned into RDF
 * terms — never text spliced into the query. How the terms reach the query is
 * src/db/triples/prebinding.ts.
 */
import type * as Oxigraph from 'oxigraph';
import { DbError } from '../errors';
import { rethrowTrap } from './engine-trap';
import { toInternal } from './relative-iris';
import { XSD, xsdLexicalError } from './xsd-lexical';

export interface Binding {
  name: string;
  value: string;
  /** XSD local name (`int`, `string`, `date`…): a typed literal. */
  type?: string;
  /** Language tag: a language-tagged string. Neither: the value is an IRI. */
  lang?: string;
}

export type BoundTerm = Oxigraph.NamedNode | Oxigraph.Literal;

const VARNAME = /^[\p{L}\p{N}_][\p{L}\p{N}\p{M}_\u00B7\u203F\u2040]*$/u;
const NCNAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u;
const LANG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * Reads one request parameter: `name` is what follows `bind:` (`s`, `n:int`, `label@en`).
 * Returns undefined for parameters that are not bindings.
 */
export function parseBindingParam(param: string, value: string): Binding | undefined {
  if (!param.startsWith('bind:')) return undefined;
  const spec = param.slice('bind:'.length);
  const at = spec.indexOf('@');
  const colon = spec.indexOf(':');
  let binding: Binding;
  if (at >= 0 && (colon < 0 || at < colon)) {
    binding = { name: spec.slice(0, at), value, lang: spec.slice(at + 1) };
  } else if (colon >= 0) {
    binding = { name: spec.slice(0, colon), value, type: spec.slice(colon + 1) };
  } else {
    binding = { name: spec, value };
  }
  checkBinding(binding, param);
  return binding;
}

function checkBinding(b: Binding, param: string): void {
  if (!VARNAME.test(b.name)) throw new DbError('REST-INVALIDPARAM', `${param}: invalid variable name ${JSON.stringify(b.name)}`);
  if (b.type !== undefined && !NCNAME.test(b.type)) throw new DbError('REST-INVALIDPARAM', `${param}: invalid type ${JSON.stringify(b.type)} (an XSD local name such as int or date)`);
  if (b.lang !== undefined && !LANG.test(b.lang)) throw new DbError('REST-INVALIDPARAM', `${param}: invalid language tag ${JSON.stringify(b.lang)}`);
  if (b.type !== undefined && b.lang !== undefined) throw new DbError('REST-INVALIDPARAM', `${param}: a binding has a type or a language, not both`);
  const lexical = b.type === undefined ? undefined : xsdLexicalError(b.type, b.value);
  if (lexical) throw new DbError('REST-INVALIDPARAM', `${param}: ${lexical}`);
}

/** The RDF term a binding stands for. */
export function bindingTerm(ox: typeof Oxigraph, b: Binding): BoundTerm {
  checkBinding(b, `bind:${b.name}${b.type !== undefined ? `:${b.type}` : b.lang !== undefined ? `@${b.lang}` : ''}`);
  if (b.lang !== undefined) return ox.literal(b.value, b.lang);
  if (b.type !== undefined) return ox.literal(b.value, ox.namedNode(XSD + b.type));
  try {
    return ox.namedNode(toInternal(b.value));
  } catch (e) {
    rethrowTrap(e);
    throw new DbError('REST-INVALIDPARAM', `bind:${b.name}: ${JSON.stringify(b.value)} is not an IRI: ${(e as Error).message}`);
  }
}

/**
 * Each bound name's terms, in the order the request gave them (a name given several
 * times binds several values). Every binding is checked, used by the query or not.
 */
export function boundTerms(ox: typeof Oxigraph, bindings: readonly Binding[]): Map<string, BoundTerm[]> {
  const byName = new Map<string, BoundTerm[]>();
  for (const b of bindings) {
    const terms = byName.get(b.name) ?? [];
    terms.push(bindingTerm(ox, b));
    byName.set(b.name, terms);
  }
  return byName;
}
