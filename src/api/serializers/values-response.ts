/**
 * `/v1/values` answers as JSON and XML (MarkLogic's REST API reference, /v1/values): the list of
 * an option set's values and tuples definitions, and a definition's values-response.
 *
 * The XML is the server's `search:values-response` in the search namespace, `frequency` and
 * `name` as attributes; a tuple's values carry their `xsi:type` and the `types` element lists
 * them once more, as the search schema declares. `metrics` is written in no namespace, as the
 * server writes it. The JSON is the REST layer's conversion of that XML: text becomes `_value`,
 * attributes keys, repeated elements arrays; values and aggregate results stay strings.
 */
import type { ValuesAnswer } from '../../db/values';
import { RAPI_NS, SEARCH_NS, XS_NS, XSI_NS } from '../../db/xml';
import type { AggregateResultJson, ValuesList, ValuesMetrics, ValuesResponse } from '../../wire/values';
import { escapeAttr, escapeText } from './markup';
import { xsDuration } from './search-response';

/** How long the values and the aggregates took, in milliseconds. */
export interface ValuesTimings {
  valuesMs: number;
  aggregateMs: number;
  totalMs: number;
}

/** A definition's URI in the list: `/v1/values/{name}`, with the option set when one was named. */
function definitionUri(name: string, options: string | undefined): string {
  return `/v1/values/${encodeURIComponent(name)}${options === undefined ? '' : `?options=${encodeURIComponent(options)}`}`;
}

export function valuesListJson(names: readonly string[], options: string | undefined): string {
  const list = { 'values-list': { values: names.map((name) => ({ name, uri: definitionUri(name, options) })) } } satisfies ValuesList;
  return JSON.stringify(list);
}

export function valuesListXml(names: readonly string[], options: string | undefined): string {
  const entries = names.map((name) => `<rapi:values><rapi:name>${escapeText(name)}</rapi:name><rapi:uri>${escapeText(definitionUri(name, options))}</rapi:uri></rapi:values>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rapi:values-list xmlns:rapi="${RAPI_NS}">${entries.join('')}</rapi:values-list>\n`;
}

function metricsOf(t: ValuesTimings): ValuesMetrics {
  return { 'values-resolution-time': xsDuration(t.valuesMs), 'aggregate-resolution-time': xsDuration(t.aggregateMs), 'total-time': xsDuration(t.totalMs) };
}

/**
 * The JSON answer. The lists are written by concatenation rather than through one
 * `JSON.stringify` of an object per value: a lexicon of tens of thousands of values is
 * written four times faster so (each value still escaped by `JSON.stringify`), and the
 * shape stays the one `ValuesResponse` describes, key for key.
 */
export function valuesResponseJson(a: ValuesAnswer, timings: ValuesTimings): string {
  const head: Pick<ValuesResponse['values-response'], 'name' | 'type' | 'types'> = { name: a.name };
  if (a.type !== undefined) head.type = a.type;
  if (a.types !== undefined) head.types = { type: a.types };
  let text = JSON.stringify(head).slice(0, -1);
  if (a.values?.length) {
    let list = '';
    for (const v of a.values) list += `${list ? ',' : ''}{"frequency":${v.frequency},"_value":${JSON.stringify(v.value)}}`;
    text += `,"distinct-value":[${list}]`;
  }
  if (a.tuples?.length) {
    let list = '';
    for (const t of a.tuples) list += `${list ? ',' : ''}{"frequency":${t.frequency},"distinct-value":${JSON.stringify(t.values)}}`;
    text += `,"tuple":[${list}]`;
  }
  if (a.aggregates.length) {
    const results: AggregateResultJson[] = a.aggregates.map((r) => ({ name: r.name, _value: r.value }));
    text += `,"aggregate-result":${JSON.stringify(results)}`;
  }
  return `{"values-response":${text},"metrics":${JSON.stringify(metricsOf(timings))}}}`;
}

export function valuesResponseXml(a: ValuesAnswer, timings: ValuesTimings): string {
  const type = a.type === undefined ? '' : ` type="${escapeAttr(a.type)}"`;
  const xsi = a.types === undefined ? '' : ` xmlns:xsi="${XSI_NS}"`;
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<values-response name="${escapeAttr(a.name)}"${type} xmlns="${SEARCH_NS}" xmlns:xs="${XS_NS}"${xsi}>`];
  if (a.types !== undefined) parts.push(`<types>${a.types.map((t) => `<type>${escapeText(t)}</type>`).join('')}</types>`);
  for (const v of a.values ?? []) parts.push(`<distinct-value frequency="${v.frequency}">${escapeText(v.value)}</distinct-value>`);
  for (const t of a.tuples ?? []) {
    const values = t.values.map((v, i) => `<distinct-value xsi:type="${escapeAttr(a.types![i])}">${escapeText(v)}</distinct-value>`);
    parts.push(`<tuple frequency="${t.frequency}">${values.join('')}</tuple>`);
  }
  for (const r of a.aggregates) parts.push(`<aggregate-result name="${escapeAttr(r.name)}">${escapeText(r.value)}</aggregate-result>`);
  const m = metricsOf(timings);
  parts.push(`<metrics xmlns="">${Object.entries(m).map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</metrics>`);
  parts.push('</values-response>\n');
  return parts.join('');
}
