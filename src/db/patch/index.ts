/**
 * The patch engines as the api sees them (docs/decisions/0018 and 0020): a JSON patch applied
 * to a JSON value, an XML patch applied to an XML document. Both are pure; the store
 * commits the result.
 */
export { applyJsonPatch } from './json/json-patch';
export { applyXmlPatch } from './xml/xml-patch';
