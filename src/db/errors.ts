/**
 * The one catalogue of message codes. Every failure the database or the API can
 * report is a {@link DbError} carrying one of these codes; `src/api/http/errors.ts`
 * is the only place that turns it into an HTTP response.
 *
 * Codes, statuses and catalogue texts follow MarkLogic's REST layer
 * (MarkLogic’s REST Application Developer’s Guide, error reporting) because clients match on `messageCode`
 * and `statusCode`.
 */

interface CatalogueEntry {
  /** HTTP status the code maps to. */
  readonly status: number;
  /** The catalogue text that starts the message, as the real server words it. */
  readonly text: string;
}

const entry = (status: number, text: string): CatalogueEntry => ({ status, text });

export const catalogue = {
  // 400
  'REST-INVALIDPARAM': entry(400, 'Invalid parameter'),
  'REST-INVALIDTYPE': entry(400, 'Invalid type'),
  'REST-REQUIREDPARAM': entry(400, 'Required parameter missing'),
  'REST-REPEATEDPARAM': entry(400, 'Repeated parameter'),
  'REST-UNSUPPORTEDPARAM': entry(400, 'Endpoint does not support query parameter'),
  'RESTAPI-INVALIDCONTENT': entry(400, 'Invalid content'),
  'RESTAPI-INVALIDREQ': entry(400, 'Invalid request'),
  'RESTAPI-UNSUPPORTEDPROP': entry(400, 'Unsupported property'),
  // The Management API's (/manage/v2) code for a payload it cannot apply.
  'MANAGE-INVALIDPAYLOAD': entry(400, 'Payload has errors in structure, content-type or values'),
  // A management request that cannot be carried out as things are (a database an instance uses).
  'MANAGE-INVALIDREQUEST': entry(400, 'Invalid request'),
  // The Admin API's code for a database or server name already taken.
  'ADMIN-DUPLICATENAME': entry(400, 'Duplicate name'),
  // 400 where a permission or user names it; the Management API answers 404 for a role path.
  'SEC-ROLEDNE': entry(400, 'Role does not exist'),
  'SEC-ROLEEXISTS': entry(400, 'Role already exists'),
  'SEC-USEREXISTS': entry(400, 'User already exists'),
  'XDMP-JSONDOC': entry(400, 'Document is not JSON'),
  'XDMP-DOCNOENDTAG': entry(400, 'No end tag'),
  'XDMP-DOCUNEOF': entry(400, 'Unexpected end of file'),
  'XDMP-DOCSTARTTAGCHAR': entry(400, 'Unexpected character in start tag'),
  'XDMP-DOCROOTTEXT': entry(400, 'Invalid root text'),
  'XDMP-DOCUTF8SEQ': entry(400, 'Invalid UTF-8 escape sequence'),
  'XDMP-MULTIROOT': entry(400, 'Multiple roots'),
  'XDMP-DUPATTR': entry(400, 'Duplicate attribute'),
  'XDMP-DOCUNENDTAG': entry(400, 'Unexpected end tag'),
  // The next five are raised by src/db/xml/well-formed.ts. ENTITYREF, CHARREF and UNBPRFX are the
  // server's codes as recalled (not confirmed by a source); BADCHAR and MARKUP are Tabula's own,
  // for well-formedness errors the digest names no code for (bad characters; comment, PI, CDATA,
  // DOCTYPE or XML-declaration syntax).
  'XDMP-DOCENTITYREF': entry(400, 'Invalid entity reference'),
  'XDMP-DOCCHARREF': entry(400, 'Invalid character reference'),
  'XDMP-UNBPRFX': entry(400, 'Prefix has no namespace binding'),
  'XDMP-DOCBADCHAR': entry(400, 'Invalid character'),
  'XDMP-DOCMARKUP': entry(400, 'Invalid markup'),
  'XDMP-HTTP-MULTIPART': entry(400, 'Invalid multipart body'),
  'XDMP-CONFLICTINGUPDATES': entry(400, 'Conflicting updates'),
  'XDMP-DIRURI': entry(400, 'Directory URI'),
  'XDMP-URI': entry(400, 'Invalid URI format'),
  // A graph-store payload with a relative IRI and no base to resolve it against (MarkLogic’s REST API reference, /v1/graphs).
  'XDMP-BASEURI': entry(400, 'Undeclared base URI'),
  // SPARQL Update on graphs (MarkLogic’s REST API reference, /v1/graphs/sparql): CREATE of an existing graph; CLEAR, DROP,
  // ADD, MOVE or COPY naming a graph that does not exist (or that the user cannot see).
  'XDMP-SPQLGRAPHEXIST': entry(400, 'Graph already exists'),
  'XDMP-SPQLNOSUCHGRAPH': entry(400, 'No such graph'),
  'XDMP-NOSUCHDB': entry(400, 'No such database'),
  // Multi-statement transactions (/v1/transactions): a data request's txid that names no open
  // transaction, and a commit or rollback of one that is not open.
  'XDMP-RWINVAL': entry(400, 'Invalid value'),
  'XDMP-NOTXN': entry(400, 'No transaction with identifier'),
  'XDMP-UNDFUN': entry(400, 'Undefined function'),
  // Tabula's own: a SPARQL feature that needs what a browser database lacks (SERVICE: a network).
  'SEM-UNSUPPORTED': entry(400, 'Unsupported SPARQL feature'),
  // Search and range indexes (MarkLogic’s Management API, database properties): a range query, facet, sort or values
  // source naming an index that does not exist (or is still being built); a write whose
  // value cannot be cast to an indexed type under invalid-values=reject.
  'XDMP-ELEMRIDXNOTFOUND': entry(400, 'No element range index'),
  'XDMP-ELEMATTRRIDXNOTFOUND': entry(400, 'No element-attribute range index'),
  'XDMP-PATHRIDXNOTFOUND': entry(400, 'No path range index'),
  'XDMP-FIELDRIDXNOTFOUND': entry(400, 'No field range index'),
  'XDMP-COLLXCNNOTFOUND': entry(400, 'No collection lexicon'),
  'XDMP-URILXCNNOTFOUND': entry(400, 'No URI lexicon'),
  'XDMP-RANGEINDEX': entry(400, 'Range index error'),
  'XDMP-LEXVAL': entry(400, 'Invalid lexical value'),
  'SEARCH-BADORDERBY': entry(400, 'Invalid sort order'),
  'SEARCH-INVALARGS': entry(400, 'Invalid arguments'),
  // /v1/values: an aggregate that is not built in, or one the index (its type, or one index vs a tuple) cannot take.
  'SEARCH-INVALAGGREGATE': entry(400, 'Invalid aggregate'),
  // Tabula's own: an input past one of the instance's explicit limits (src/db/limits.ts).
  'TABULA-LIMIT': entry(400, 'Limit exceeded'),
  // A scene archive (/tabula/v1/scene, docs/decisions/0025-scenes-and-tabula-paths.md) that cannot be imported as it is.
  'TABULA-BADSCENE': entry(400, 'Invalid scene'),
  // One scene import at a time: a second would validate against a database the first is about to replace.
  'TABULA-BUSY': entry(409, 'Busy'),
  // A write waited its limit for a document an open multi-statement transaction holds
  // (docs/decisions/0033-transactions.md): MarkLogic would wait on for the lock; Tabula answers.
  'TABULA-LOCKED': entry(409, 'Document locked by an open transaction'),
  // Tabula's own: the RDF engine (WebAssembly) trapped on a request's input; the engine was
  // replaced by a fresh one and nothing changed (docs/decisions/0014-engine-traps.md).
  'TABULA-ENGINETRAP': entry(400, 'The RDF engine failed on this input'),
  // A feature of MarkLogic's REST API that Tabula does not offer, named (src/api/unsupported.ts):
  // server-side code above all, which Tabula never runs.
  'TABULA-UNSUPPORTED': entry(400, 'Not supported by Tabula'),
  // 401 / 403
  'SEC-AUTHREQUIRED': entry(401, 'Unauthorized'),
  'SEC-PRIV': entry(403, 'You do not have permission to this method and URL.'),
  'SEC-PERMDENIED': entry(403, 'Permission denied'),
  // 404
  'RESTAPI-NODOCUMENT': entry(404, 'Resource or document does not exist'),
  'RESTAPI-NOTFOUND': entry(404, 'Not found'),
  'XDMP-DOCNOTFOUND': entry(404, 'Document not found'),
  'SEC-USERDNE': entry(404, 'User does not exist'),
  'REST-NOSUCHPATH': entry(404, 'No such path'),
  // 405 / 406
  'REST-UNSUPPORTEDMETHOD': entry(405, 'Method not supported'),
  'REST-UNACCEPTABLETYPE': entry(406, 'Unacceptable type'),
  // 412 / 413 / 415 / 416 / 428
  'RESTAPI-CONTENTWRONGVERSION': entry(412, 'Content version mismatch'),
  'RESTAPI-EMPTYBODY': entry(412, 'Empty request body'),
  'RESTAPI-PAYLOADTOOLARGE': entry(413, 'Request payload too large'),
  'RESTAPI-INVALIDMIMETYPE': entry(415, 'Invalid mime type'),
  'REST-INVALIDMIMETYPE': entry(415, 'Invalid mime type'),
  'RESTAPI-NORANGEMATCH': entry(416, 'Range not satisfiable'),
  'RESTAPI-CONTENTNOVERSION': entry(428, 'No content version supplied'),
  // 500
  'RESTAPI-INTERNALERROR': entry(500, 'Internal error'),
  // A request past its time limit (instance property default-time-limit). The server's REST
  // layer maps no status for it, so it is a 500 there too (MarkLogic’s REST Application Developer’s Guide, error reporting's unmapped codes).
  'XDMP-EXTIME': entry(500, 'Time limit exceeded'),
  // A request ended by a cancel (DELETE /tabula/v1/requests/{id}); MarkLogic raises the same code
  // for a request cancelled from the Admin UI or xdmp:request-cancel, with no status mapped either.
  'XDMP-CANCELED': entry(500, 'Canceled request'),
  // 503 — Tabula's own: an API request reached the static server (scripts/preview.mjs)
  // because no service worker controls the page yet.
  'TABULA-NOSERVICEWORKER': entry(503, 'The database runs in the service worker, which did not answer this request'),
  // Tabula's own: a failure armed through POST /tabula/v1/faults for demos and tests. Its
  // status is the one armed (400–599); 503 is only the catalogue's default.
  'TABULA-INJECTEDFAULT': entry(503, 'Fault injected by POST /tabula/v1/faults'),
} as const satisfies Record<string, CatalogueEntry>;

export type MessageCode = keyof typeof catalogue;

/** Reason phrases, including the few the real server words its own way. */
export const statusTexts: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Unacceptable Type',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Request Entity Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Requested Range Not Satisfiable',
  431: 'Request Header Fields Too Large',
  428: 'Precondition Required',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * A failure with a catalogued code. `detail` is what follows the catalogue text in
 * the message, e.g. `category: content message: /a.json` for RESTAPI-NODOCUMENT.
 */
export class DbError extends Error {
  readonly code: MessageCode;
  readonly detail: string;
  readonly status: number;

  /**
   * `status` overrides the catalogue's for the few codes another API maps differently:
   * the Management API answers XDMP-NOSUCHDB with 404 where the REST API says 400.
   */
  constructor(code: MessageCode, detail = '', status?: number) {
    super(formatMessage(code, detail));
    this.name = 'DbError';
    this.code = code;
    this.detail = detail;
    this.status = status ?? catalogue[code].status;
  }
}

/** `CODE: (err:FOER0000) <catalogue text>: <detail>` as MarkLogic formats REST errors. */
export function formatMessage(code: MessageCode, detail: string): string {
  const { text } = catalogue[code];
  if (code === 'SEC-PRIV') return text; // the server replaces 403 messages with this fixed text
  // 401s come from the app server's authentication layer, not the REST code, and read this way.
  if (code === 'SEC-AUTHREQUIRED') return detail ? `401 Unauthorized: ${detail}` : '401 Unauthorized';
  if (!detail) return `${code}: (err:FOER0000) ${text}`;
  // A detail that already says what the catalogue text says is the whole sentence, as the
  // server words it ("XDMP-ELEMRIDXNOTFOUND: cts:element-reference(…) -- No element range
  // index for status"): prefixing the text again would read "No element range index: … No
  // element range index for status".
  if (detail.toLowerCase().includes(text.toLowerCase())) return `${code}: ${detail}`;
  return `${code}: (err:FOER0000) ${text}: ${detail}`;
}

export const isDbError = (e: unknown): e is DbError => e instanceof DbError;
