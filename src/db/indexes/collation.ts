/**
 * String collations of range indexes (MarkLogic’s Management API reference, database properties): how `string`
 * and `anyURI` values are ordered and which ones count as the same value.
 *
 * - Codepoint (`http://marklogic.com/collation/codepoint`, also the W3C codepoint URI):
 *   Unicode code point order, every different string a different value.
 * - The root collation (`http://marklogic.com/collation/`, the default) and its locale
 *   and strength variants (`http://marklogic.com/collation/fr`, `…/collation//S1`,
 *   `…/collation/de/S2`): the Unicode Collation Algorithm through `Intl.Collator`.
 *   MarkLogic uses ICU too, so orders agree for the common cases; the limits are that only
 *   the locale and the strength (S1 primary → `base`, S2 → `accent`, S3 and S4 → `variant`)
 *   of a collation URI are honoured (other ICU attributes such as `/AS` or `/CU` are
 *   refused, not approximated), and that the JS engine's ICU data decides tailorings (Node
 *   resolves the root locale `und` to `en`, whose rules are the root's). Strings the
 *   collation calls equal (`e\u0301` and `é` under root; `a` and `A` under S1) are one
 *   value, as in MarkLogic's lexicons.
 */
import { CODEPOINT_COLLATION, ROOT_COLLATION } from '../search/constraints';

export { CODEPOINT_COLLATION, ROOT_COLLATION };

/** The XPath functions spec's name for code point order; MarkLogic accepts it as an alias. */
export const W3C_CODEPOINT_COLLATION = 'http://www.w3.org/2005/xpath-functions/collation/codepoint';

export type CompareStrings = (a: string, b: string) => number;

const COLLATION_PREFIX = 'http://marklogic.com/collation/';
const strengths: Record<string, Intl.CollatorOptions['sensitivity']> = { S1: 'base', S2: 'accent', S3: 'variant', S4: 'variant' };

/**
 * Orders strings by Unicode code point. JS `<` compares UTF-16 code units, which puts
 * U+E000–U+FFFF after the supplementary planes; this corrects that at the first difference.
 */
export function compareCodepoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return fixup(x) - fixup(y);
    return x - y;
  }
  return a.length - b.length;
}

/** Surrogates (supplementary code points) sort after the rest of the BMP. */
const fixup = (unit: number): number => (unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

interface ParsedCollation {
  canonical: string;
  locale?: string;
  sensitivity?: Intl.CollatorOptions['sensitivity'];
}

/** The collation a URI names, or a sentence saying why Tabula cannot use it. */
function parseCollation(uri: string): ParsedCollation | string {
  if (uri === CODEPOINT_COLLATION || uri === W3C_CODEPOINT_COLLATION) return { canonical: CODEPOINT_COLLATION };
  if (!uri.startsWith(COLLATION_PREFIX)) {
    return `unsupported collation ${uri}: use ${ROOT_COLLATION} (the root collation), ${CODEPOINT_COLLATION} or ${COLLATION_PREFIX}{locale}[/S1-S4]`;
  }
  const [localePart, ...attributes] = uri.slice(COLLATION_PREFIX.length).split('/');
  let strength: string | undefined;
  for (const a of attributes) {
    if (a === '') continue;
    if (!(a in strengths) || strength !== undefined) {
      return `unsupported collation ${uri}: Tabula honours a locale and one strength attribute (S1, S2, S3, S4), not ${a}`;
    }
    strength = a;
  }
  let locale: string | undefined;
  if (localePart !== '') {
    try {
      if (Intl.Collator.supportedLocalesOf([localePart.replace(/_/g, '-')]).length === 0) return `unsupported collation ${uri}: no collation data for locale ${localePart}`;
    } catch {
      return `unsupported collation ${uri}: ${localePart} is not a locale`;
    }
    locale = localePart.replace(/_/g, '-');
  }
  // S3 is the root collation's own strength: `…/collation//S3` and `…/collation/` are one collation.
  const suffix = strength && strength !== 'S3' ? `/${strength}` : '';
  const canonical = `${COLLATION_PREFIX}${localePart}${suffix}`;
  return { canonical, locale, sensitivity: strength ? strengths[strength] : 'variant' };
}

/** Why `uri` cannot be used as a collation, or undefined when it can. */
export function collationProblem(uri: string): string | undefined {
  const parsed = parseCollation(uri);
  return typeof parsed === 'string' ? parsed : undefined;
}

/** One spelling per collation, so index definitions and references compare as strings. Throws on an unsupported URI. */
export function canonicalCollation(uri: string | undefined): string {
  const parsed = parseCollation(uri === undefined || uri === '' ? ROOT_COLLATION : uri);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed.canonical;
}

const comparators = new Map<string, CompareStrings>();

/**
 * The comparison of a collation: 0 means "the same value". Memoised, because creating
 * an Intl.Collator costs far more than using one.
 */
export function collator(uri: string | undefined): CompareStrings {
  const key = uri ?? ROOT_COLLATION;
  let compare = comparators.get(key);
  if (compare) return compare;
  const parsed = parseCollation(key === '' ? ROOT_COLLATION : key);
  if (typeof parsed === 'string') throw new Error(parsed);
  if (parsed.canonical === CODEPOINT_COLLATION) {
    compare = compareCodepoints;
  } else {
    compare = new Intl.Collator(parsed.locale ?? 'und', { sensitivity: parsed.sensitivity, usage: 'sort' }).compare;
  }
  comparators.set(key, compare);
  return compare;
}
