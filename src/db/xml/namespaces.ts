/**
 * The namespace URIs the database uses, each written once (docs/decisions/0021): those of
 * the REST layer's XML representations (MarkLogic’s REST Application Developer’s Guide,
 * metadata format), of search and query options, and XML Schema's. XML Schema's as
 * RDF writes datatype IRIs (`XSD`) is in db/triples/xsd-lexical.ts.
 */

export const RAPI_NS = 'http://marklogic.com/rest-api';
export const PROP_NS = 'http://marklogic.com/xdmp/property';
export const SEC_NS = 'http://marklogic.com/xdmp/security';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XS_NS = 'http://www.w3.org/2001/XMLSchema';
/** Search options, structured queries and search responses. */
export const SEARCH_NS = 'http://marklogic.com/appservices/search';
/** cts queries (serialised, and in `additional-query`). */
export const CTS_NS = 'http://marklogic.com/cts';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** Triples in XML: `sem:triple` and its parts (embedded triples, src/db/triples/embedded/extract.ts). */
export const SEM_NS = 'http://marklogic.com/semantics';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/**
 * Prefixes a patch path may use without declaring them: the REST module that
 * evaluates patches declares these itself, so real patches rely on them.
 */
export const builtinPrefixes: Readonly<Record<string, string>> = {
  rapi: RAPI_NS,
  prop: PROP_NS,
  sec: SEC_NS,
  xs: XS_NS,
  xsi: XSI_NS,
  xml: XML_NS,
};

/** XML 1.0 (5th edition) NCName: a Name without colons. */
const NCNAME =
  /^[A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}][-.0-9A-Z_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C-\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}]*$/u;

export const isNcName = (name: string): boolean => NCNAME.test(name);
