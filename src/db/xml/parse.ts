/**
 * XML text ⇄ DOM without the browser's DOMParser (the service worker has none):
 * saxes decides well-formedness (./well-formed.ts), xmldom builds the tree, and
 * ./serialize.ts writes it back.
 */
import { DOMParser, type Document, type Node } from '@xmldom/xmldom';
import { DbError } from '../errors';
import { serializeNode } from './serialize';
import { checkWellFormed, stripBom, type XmlDeclaration } from './well-formed';

/**
 * The XML declaration is not a node of the data model, but xmldom keeps it as a
 * processing instruction, where a path like `//processing-instruction()` would
 * find it. It is taken out of the tree and remembered here, per document, so that
 * serialising gives it back only to documents that had one.
 */
const declarations = new WeakMap<Document, XmlDeclaration>();

/** How a caller reads XML: what the input is, and how its malformations are reported. */
export interface XmlReading {
  /** Names the input in a limit error: `<what> exceeds maxNestingDepth (512)`. Default `XML`. */
  what?: string;
  /**
   * The caller's error for a text that is not well-formed (given the XDMP-DOC* error);
   * by default that error itself. Never given the limit error: that always reaches the
   * client as 400 TABULA-LIMIT.
   */
  malformed?: (e: DbError) => DbError;
}

/**
 * Throws DbError with an XDMP-DOC* code (XDMP-DOCNOENDTAG, XDMP-DOCUNEOF,
 * XDMP-DOCSTARTTAGCHAR, XDMP-MULTIROOT, XDMP-DOCROOTTEXT, XDMP-DUPATTR …, all 400)
 * and a message naming line and column when the text is not a well-formed XML document;
 * 400 TABULA-LIMIT when its elements nest deeper than `maxNestingDepth`.
 */
export function checkXml(text: string, how: XmlReading = {}): void {
  reading(how, () => checkWellFormed(text, how.what));
}

/**
 * Only the limit of {@link checkXml}: 400 TABULA-LIMIT when elements nest deeper than
 * `maxNestingDepth`, for a caller whose own parser reports malformed text later.
 */
export function checkXmlDepth(text: string, what: string): void {
  try {
    checkWellFormed(text, what);
  } catch (e) {
    if (e instanceof DbError && e.code === 'TABULA-LIMIT') throw e;
  }
}

export function isWellFormedXml(text: string): boolean {
  try {
    checkWellFormed(text);
    return true;
  } catch (e) {
    if (e instanceof DbError && e.code !== 'TABULA-LIMIT') return false;
    throw e;
  }
}

/** A fresh xmldom Document for `text`; the same errors as {@link checkXml}. */
export function parseXml(text: string, how: XmlReading = {}): Document {
  return reading(how, () => buildDocument(text, checkWellFormed(text, how.what)));
}

/** Runs `read`, its well-formedness errors turned into the caller's. */
function reading<T>(how: XmlReading, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (how.malformed && e instanceof DbError && e.code !== 'TABULA-LIMIT') throw how.malformed(e);
    throw e;
  }
}

function buildDocument(text: string, declaration: XmlDeclaration | undefined): Document {
  const parser = new DOMParser({
    // saxes has already accepted the text, so any complaint here is a disagreement
    // between the two parsers: refuse rather than store a silently repaired tree.
    onError: (_level, message) => {
      throw new DbError('XDMP-DOCMARKUP', message.split('\n')[0]);
    },
  });
  let doc: Document;
  try {
    doc = parser.parseFromString(stripBom(text), 'application/xml');
  } catch (e) {
    if (e instanceof DbError) throw e;
    const cause = (e as { cause?: unknown }).cause;
    if (cause instanceof DbError) throw cause;
    throw new DbError('XDMP-DOCMARKUP', e instanceof Error ? e.message.split('\n')[0] : String(e));
  }
  for (const child of Array.from(doc.childNodes)) {
    const isDeclaration = child.nodeType === child.PROCESSING_INSTRUCTION_NODE && child.nodeName === 'xml';
    const isLayout = child.nodeType === child.TEXT_NODE; // only whitespace can be there in a well-formed document
    if (isDeclaration || isLayout) doc.removeChild(child);
  }
  if (declaration) declarations.set(doc, declaration);
  return doc;
}

/**
 * A document as text: the XML declaration only if the parsed text had one (always
 * naming UTF-8, the encoding the text will travel in), then the top-level nodes
 * one per line. Any other node is serialised on its own.
 */
export function serializeXml(node: Document | Node): string {
  if (node.nodeType !== node.DOCUMENT_NODE) return serializeNode(node);
  const doc = node as Document;
  const parts = Array.from(doc.childNodes, serializeNode);
  const declaration = declarations.get(doc);
  if (declaration) parts.unshift(declarationText(declaration));
  return parts.join('\n');
}

const declarationText = ({ version, standalone }: XmlDeclaration): string =>
  `<?xml version="${version}" encoding="UTF-8"${standalone ? ` standalone="${standalone}"` : ''}?>`;
