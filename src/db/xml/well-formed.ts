/**
 * The well-formedness check every XML body goes through. xmldom alone accepts too
 * much (unquoted attributes, a bare `&`, text outside the root, control characters,
 * `xmlns:p=""` …), so the strict, namespace-aware saxes parser decides, and its
 * complaint is turned into the XDMP-DOC* code the real server would answer with
 * (MarkLogic’s REST Application Developer’s Guide, error reporting).
 */
import { SaxesParser } from 'saxes';
import { DbError, type MessageCode } from '../errors';
import { limitError, limits } from '../limits';

/** What the document's XML declaration said, when it had one. */
export interface XmlDeclaration {
  version: string;
  standalone?: string;
}

interface Failure {
  code: MessageCode;
  reason: string;
}

/** saxes messages (without their position prefix) → catalogue code. Order matters: first match wins. */
const classification: readonly [RegExp, MessageCode][] = [
  [/^unclosed tag|^unexpected end|^document must contain a root/, 'XDMP-DOCUNEOF'],
  [/^unexpected close tag/, 'XDMP-DOCNOENDTAG'],
  [/^unmatched closing tag|^weird empty close tag|in closing tag/, 'XDMP-DOCUNENDTAG'],
  [/^documents may contain only one root/, 'XDMP-MULTIROOT'],
  [/^text data outside of root node/, 'XDMP-DOCROOTTEXT'],
  [/^duplicate attribute/, 'XDMP-DUPATTR'],
  [/namespace prefix|prefix must be bound|undefine prefix|may not assign|default namespace may not/, 'XDMP-UNBPRFX'],
  [/entity name|^undefined entity|^empty entity name/, 'XDMP-DOCENTITYREF'],
  [/^malformed character entity/, 'XDMP-DOCCHARREF'],
  [
    /in tag name|in attribute name|attribute without value|unquoted attribute value|value must be quoted|no whitespace between attributes|forward-slash in opening tag|^malformed name/,
    'XDMP-DOCSTARTTAGCHAR',
  ],
  [/^disallowed character$|is disallowed in char data/, 'XDMP-DOCBADCHAR'],
];

function classify(message: string): MessageCode {
  for (const [pattern, code] of classification) if (pattern.test(message)) return code;
  // Comments, PIs, CDATA, DOCTYPE and the XML declaration: no code of their own.
  return 'XDMP-DOCMARKUP';
}

/** saxes leaves an unterminated `&…` in its entity buffer; no public API says so. */
const pendingEntity = (parser: SaxesParser): string => {
  const buffer = (parser as unknown as { entity?: unknown }).entity;
  return typeof buffer === 'string' ? buffer : '';
};

/**
 * Throws a DbError (XDMP-DOC* / XDMP-MULTIROOT / XDMP-DUPATTR / XDMP-UNBPRFX, all 400)
 * naming line and column unless `text` is one well-formed, namespace-well-formed XML
 * document, or 400 TABULA-LIMIT when its elements nest deeper than `maxNestingDepth`
 * (`what` names the input in that message). Returns the XML declaration, if there was one.
 */
export function checkWellFormed(text: string, what = 'XML'): XmlDeclaration | undefined {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let declaration: XmlDeclaration | undefined;
  let lastClosed = '';
  // Open elements, counted as they start, so a document past the limit is refused at the
  // first element too deep: everything downstream recurses, and saxes itself resolves
  // each element's namespace by walking the open elements (quadratic in the depth).
  let depth = 0;
  parser.on('xmldecl', (d) => {
    declaration = { version: d.version ?? '1.0', ...(d.standalone ? { standalone: d.standalone } : {}) };
  });
  parser.on('opentagstart', () => {
    if (++depth > limits.maxNestingDepth) throw limitError('maxNestingDepth', what);
  });
  // saxes reports a mismatched end tag only after popping the element left open.
  parser.on('closetag', (tag) => {
    depth--;
    lastClosed = tag.name;
  });
  try {
    parser.write(stripBom(text)).close();
    return declaration;
  } catch (e) {
    if (e instanceof DbError) throw e;
    const raw = e instanceof Error ? e.message : String(e);
    const message = raw.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    const where = `line ${parser.line}, column ${parser.column}`;
    const failure = explain(message, text, parser, lastClosed);
    throw new DbError(failure.code, `${failure.reason} at ${where}`);
  }
}

/** The code and a readable reason for a saxes complaint. */
function explain(message: string, text: string, parser: SaxesParser, lastClosed: string): Failure {
  const entity = pendingEntity(parser);
  if (entity && /^unclosed tag|^unexpected end/.test(message)) {
    return { code: 'XDMP-DOCENTITYREF', reason: `unescaped & or unterminated entity reference "&${entity.slice(0, 20)}"` };
  }
  const code = classify(message);
  if (code === 'XDMP-DOCNOENDTAG') {
    const found = /^<\/([^\s>]*)/.exec(text.slice(text.lastIndexOf('</', parser.position - 1)))?.[1];
    return { code, reason: `expected </${lastClosed}>${found ? `, found </${found}>` : ''}` };
  }
  if (message.startsWith('unclosed tag: ')) {
    return { code, reason: `no end tag for <${message.slice('unclosed tag: '.length)}> before the end of the document` };
  }
  if (message.startsWith('document must contain a root')) return { code, reason: 'the document has no root element' };
  if (code === 'XDMP-DUPATTR') return { code, reason: `attribute ${message.slice('duplicate attribute: '.length)} appears twice` };
  if (code === 'XDMP-MULTIROOT') return { code, reason: 'a second root element starts' };
  return { code, reason: message };
}

/** A leading byte order mark is an encoding artefact, not content. */
export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
