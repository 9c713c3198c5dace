/**
 * `/v1/config/query`: named query option sets (MarkLogic’s REST API reference, /v1/config/query, MarkLogic's
 * `models/config-query-model.xqy`). Reads need rest-reader, writes rest-admin.
 *
 * | request                              | answer                                                   |
 * |--------------------------------------|----------------------------------------------------------|
 * | GET    /config/query                 | `[{name, uri}]` sorted, or `<rapi:query-options>`        |
 * | DELETE /config/query                 | 204, every set removed                                   |
 * | GET    /config/query/{name}          | the set (`default` unstored: the REST defaults), else 404 |
 * | PUT    /config/query/{name}          | replace: 201 new, 204 replaced                           |
 * | POST   /config/query/{name}          | append the body's children (creating the set): 201       |
 * | DELETE /config/query/{name}          | 204, also when absent (404 with `check=exists`)          |
 * | GET    /config/query/{name}/{child}  | `{"options": {child: …}}`, else 404                      |
 * | PUT    /config/query/{name}/{child}  | replace that child: 204                                  |
 * | POST   /config/query/{name}/{child}  | append to that child: 201                                |
 * | DELETE /config/query/{name}/{child}  | 204                                                      |
 *
 * Bodies are `{"options": {…}}` or `<options xmlns="http://marklogic.com/appservices/search">`,
 * chosen by Content-Type, then `format`, XML when neither says (MarkLogic’s REST Application Developer’s Guide, content negotiation). With the instance
 * property `validate-options` on (the default) the set a write would produce is validated
 * first; any failure stores nothing. The statuses of POST and child PUT are the server's
 * own (its model answers "created" and "updated" whatever existed before).
 */
import type { Hono } from 'hono';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { isJsonType, isXmlType, mediaType, structuredFormat, type DataFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { readBody } from './http/body';
import { DbError } from '../db/errors';
import { optionsToXml, parseOptionsBody } from '../db/options';
import { restDefaultOptions } from '../db/options';
import { validateOptions } from '../db/options';
import type { OptionsCheck } from '../db/options';
import type { QueryOptions } from '../db/options';
import { RAPI_NS } from '../db/xml';

const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

const uriOf = (name: string) => `/v1/config/query/${encodeURIComponent(name)}`;

function notFound(what: string): DbError {
  return new DbError('RESTAPI-NODOCUMENT', `category: options message: ${what}`);
}

function renderList(c: ApiContext, format: DataFormat, names: string[]): Response {
  if (format === 'json') {
    return c.body(JSON.stringify(names.map((name) => ({ name, uri: uriOf(name) }))), 200, { 'content-type': 'application/json; charset=utf-8' });
  }
  const items = names.map((n) => `<rapi:options><rapi:name>${escapeXml(n)}</rapi:name><rapi:uri>${escapeXml(uriOf(n))}</rapi:uri></rapi:options>`);
  return c.body(`${XML_DECL}<rapi:query-options xmlns:rapi="${RAPI_NS}">${items.join('')}</rapi:query-options>`, 200, {
    'content-type': 'application/xml; charset=utf-8',
  });
}

function renderOptions(c: ApiContext, format: DataFormat, options: QueryOptions): Response {
  if (format === 'json') return c.body(JSON.stringify({ options }), 200, { 'content-type': 'application/json; charset=utf-8' });
  return c.body(XML_DECL + optionsToXml(options), 200, { 'content-type': 'application/xml; charset=utf-8' });
}

/** Content-Type if it says JSON or XML, else `format`, else XML without a Content-Type; anything else is 415. */
function bodySyntax(req: Request, format: DataFormat | undefined): string {
  const type = mediaType(req.headers.get('content-type'));
  if (isJsonType(type) || isXmlType(type)) return type;
  if (format) return format;
  return type === '' ? 'xml' : type;
}

async function readOptions(c: ApiContext, deps: ApiDeps, params: Params): Promise<QueryOptions> {
  const syntax = bodySyntax(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));
  return parseOptionsBody(await readBody(c.req.raw, deps.db.maxPayloadBytes), syntax);
}

/** Validation of the set a write would store, while the instance asks for it. */
async function checkOf(deps: ApiDeps): Promise<OptionsCheck | undefined> {
  return (await deps.db.properties.get())['validate-options'] ? validateOptions : undefined;
}

function pathParam(c: ApiContext, name: 'name' | 'child'): string {
  const value = c.req.param(name);
  if (value === undefined) throw new Error(`route for ${c.req.path} has no :${name} segment`);
  return value;
}

export function registerConfigQuery(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const store = deps.db.queryOptions;

  /** Role first (the server authorises before it validates), then the endpoint's parameters. */
  const prepare = (c: ApiContext, role: 'rest-reader' | 'rest-admin', allowed: readonly string[]): Params => {
    requireRole(c, role);
    const params = new Params(c.req.raw);
    params.checkShared(deps.db.name);
    params.validate(allowed);
    return params;
  };
  const format = (c: ApiContext, params: Params) => structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));

  endpoint(app, '/config/query', {
    GET: async (c) => {
      const params = prepare(c, 'rest-reader', ['format']);
      return renderList(c, format(c, params), await store.list());
    },
    DELETE: async (c) => {
      prepare(c, 'rest-admin', ['check']).oneOf('check', ['exists'] as const);
      await store.deleteAll();
      return c.body(null, 204);
    },
  });

  endpoint(app, '/config/query/:name', {
    GET: async (c) => {
      const params = prepare(c, 'rest-reader', ['format']);
      const name = pathParam(c, 'name');
      const options = (await store.get(name)) ?? (name === 'default' ? restDefaultOptions() : undefined);
      if (!options) throw notFound(`Options configuration '${name}' not found`);
      return renderOptions(c, format(c, params), options);
    },
    PUT: async (c) => {
      const params = prepare(c, 'rest-admin', ['format']);
      const options = await readOptions(c, deps, params);
      const { created } = await store.put(pathParam(c, 'name'), options, await checkOf(deps));
      return c.body(null, created ? 201 : 204);
    },
    POST: async (c) => {
      const params = prepare(c, 'rest-admin', ['format']);
      const options = await readOptions(c, deps, params);
      if (Object.keys(options).length === 0) throw new DbError('RESTAPI-INVALIDCONTENT', 'Unexpected Payload: the options node has no children to add');
      await store.post(pathParam(c, 'name'), options, await checkOf(deps));
      return c.body(null, 201);
    },
    DELETE: async (c) => {
      const params = prepare(c, 'rest-admin', ['check']);
      const check = params.oneOf('check', ['exists'] as const);
      const name = pathParam(c, 'name');
      const existed = await store.delete(name);
      if (!existed && check === 'exists') throw notFound(`Options configuration '${name}' not found`);
      return c.body(null, 204);
    },
  });

  endpoint(app, '/config/query/:name/:child', {
    GET: async (c) => {
      const params = prepare(c, 'rest-reader', ['format']);
      const [name, child] = [pathParam(c, 'name'), pathParam(c, 'child')];
      const options = await store.getChild(name, child);
      if (!options) throw notFound(`Child of options node at '${name}/${child}' not found`);
      return renderOptions(c, format(c, params), options);
    },
    PUT: async (c) => {
      const params = prepare(c, 'rest-admin', ['format']);
      const options = await readOptions(c, deps, params);
      await store.putChild(pathParam(c, 'name'), pathParam(c, 'child'), options, await checkOf(deps));
      return c.body(null, 204);
    },
    POST: async (c) => {
      const params = prepare(c, 'rest-admin', ['format']);
      const child = pathParam(c, 'child');
      const options = await readOptions(c, deps, params);
      const keys = Object.keys(options);
      if (keys.length > 1) throw new DbError('RESTAPI-INVALIDCONTENT', 'All child elements in URL step must match child element in options payload');
      if (keys[0] !== child) throw new DbError('RESTAPI-INVALIDCONTENT', 'Child element in URL step must match child element in options payload');
      await store.postChild(pathParam(c, 'name'), child, options, await checkOf(deps));
      return c.body(null, 201);
    },
    DELETE: async (c) => {
      prepare(c, 'rest-admin', []);
      await store.deleteChild(pathParam(c, 'name'), pathParam(c, 'child'));
      return c.body(null, 204);
    },
  });
}
