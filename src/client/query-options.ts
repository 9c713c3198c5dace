/**
 * `/v1/config/query`: named query option sets (MarkLogic’s REST API reference, /v1/config/query). A set travels as the
 * content of `{"options": {…}}` (JSON) or as `<options xmlns="http://marklogic.com/appservices/search">`
 * (XML); the server converts between the two, so a set written in one form reads back in
 * the other.
 *
 * Writes need rest-admin. While the instance validates options (the default), a write
 * that would store a broken set is refused with 400 RESTAPI-INVALIDCONTENT naming every
 * problem, and nothing is stored: {@link optionsProblems} splits that message into its
 * sentences so a caller can show each one where it applies.
 *
 * @example
 * await client.queryOptions.write('recipes', { constraint: [{ name: 'kind', collection: { prefix: '' } }] }); // { created: true }
 * (await client.queryOptions.read('recipes')).constraint; // [{ name: 'kind', collection: { prefix: '' } }]
 * await client.queryOptions.readXml('recipes'); // '<options xmlns="http://marklogic.com/appservices/search">…'
 */
import { ApiError } from './api-error';
import type { Send } from './transport';

/** An option set in its JSON form: the content of `{"options": …}` (MarkLogic’s Search Developer’s Guide, query options reference). */
export type QueryOptionsJson = Record<string, unknown>;

/** One entry of `GET /v1/config/query`. */
export interface OptionSetRef {
  name: string;
  uri: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface WrittenOptions {
  /** `true` when the set did not exist before (201), `false` when it replaced one (204). */
  created: boolean;
}

export interface QueryOptionsApi {
  /** The stored sets, sorted by name, as the server lists them (`default` only once stored). */
  list(options?: RequestOptions): Promise<OptionSetRef[]>;
  /** A set as JSON; `default` answers the REST defaults while none is stored. 404 ApiError when missing. */
  read(name: string, options?: RequestOptions): Promise<QueryOptionsJson>;
  /** A set as the server writes it in XML. */
  readXml(name: string, options?: RequestOptions): Promise<string>;
  /** Creates or replaces a set (PUT, JSON). */
  write(name: string, options: QueryOptionsJson, request?: RequestOptions): Promise<WrittenOptions>;
  /** Creates or replaces a set from its XML form (PUT, XML). */
  writeXml(name: string, xml: string, request?: RequestOptions): Promise<WrittenOptions>;
  /** Deletes a set; deleting one that does not exist is not an error. */
  remove(name: string, options?: RequestOptions): Promise<void>;
}

export const CONFIG_QUERY_PATH = '/v1/config/query';

/** The sentence that starts a validation refusal (MarkLogic’s REST API reference, /v1/config/query); the problems follow it. */
const INVALID_OPTIONS = 'Operation results in invalid Options:';

const pathOf = (name: string): string => {
  if (name === '') throw new TypeError('An option set needs a name');
  return `${CONFIG_QUERY_PATH}/${encodeURIComponent(name)}`;
};

export function createQueryOptionsApi(send: Send): QueryOptionsApi {
  const put = async (name: string, body: string, contentType: string, signal?: AbortSignal): Promise<WrittenOptions> => {
    const format = contentType === 'application/json' ? 'json' : 'xml';
    const res = await send('PUT', pathOf(name), new URLSearchParams({ format }), { signal, headers: { 'Content-Type': contentType }, body });
    await res.body?.cancel();
    return { created: res.status === 201 };
  };

  return {
    async list({ signal } = {}) {
      const res = await send('GET', CONFIG_QUERY_PATH, new URLSearchParams({ format: 'json' }), { signal, headers: { Accept: 'application/json' } });
      const body = (await res.json()) as unknown;
      if (!Array.isArray(body)) throw new Error('The server answered JSON that is not a list of option sets');
      return body.flatMap((entry) => {
        const { name, uri } = (entry ?? {}) as { name?: unknown; uri?: unknown };
        return typeof name === 'string' ? [{ name, uri: typeof uri === 'string' ? uri : pathOf(name) }] : [];
      });
    },

    async read(name, { signal } = {}) {
      const path = pathOf(name);
      const res = await send('GET', path, new URLSearchParams({ format: 'json' }), { signal, headers: { Accept: 'application/json' } });
      const body = (await res.json()) as { options?: unknown };
      const options = body?.options;
      // `{"options": null}` is how an empty `<options/>` comes back as JSON.
      if (options === null || options === undefined) return {};
      if (typeof options !== 'object' || Array.isArray(options)) throw new Error(`The server answered ${path} with JSON that is not {"options": {…}}`);
      return options as QueryOptionsJson;
    },

    async readXml(name, { signal } = {}) {
      const res = await send('GET', pathOf(name), new URLSearchParams({ format: 'xml' }), { signal, headers: { Accept: 'application/xml' } });
      return res.text();
    },

    async write(name, options, { signal } = {}) {
      return put(name, JSON.stringify({ options }), 'application/json', signal);
    },

    async writeXml(name, xml, { signal } = {}) {
      return put(name, xml, 'application/xml', signal);
    },

    async remove(name, { signal } = {}) {
      const res = await send('DELETE', pathOf(name), undefined, { signal });
      await res.body?.cancel();
    },

  };
}

/**
 * The problems a validation refusal names, one sentence each, or undefined when the
 * error is not one (another code, or a message without the validation preamble).
 * Sentences are split at a full stop followed by a space outside double quotes, so a
 * quoted name such as `"a. b"` stays whole.
 */
export function optionsProblems(error: unknown): string[] | undefined {
  if (!(error instanceof ApiError) || error.messageCode !== 'RESTAPI-INVALIDCONTENT') return undefined;
  const at = error.message.indexOf(INVALID_OPTIONS);
  if (at < 0) return undefined;
  return splitSentences(error.message.slice(at + INVALID_OPTIONS.length));
}

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '.' && !quoted && (i + 1 === text.length || /\s/.test(text[i + 1]))) {
      const sentence = text.slice(start, i + 1).trim();
      if (sentence !== '.' && sentence !== '') out.push(sentence);
      start = i + 1;
    }
  }
  const rest = text.slice(start).trim();
  if (rest !== '') out.push(rest);
  return out;
}
