/**
 * Range constraint buckets with their bounds resolved: plain `bucket`s as written, and
 * `computed-bucket`s (dates relative to now, MarkLogic’s Search Developer’s Guide, query options reference: `{"name":"today","ge":"P0D",
 * "lt":"P1D","anchor":"start-of-day"}`) turned into date or dateTime bounds at the time
 * of the search. Anchors: `now`, `start-of-day`, `start-of-month`, `start-of-year`
 * (per bound with `ge-anchor` / `lt-anchor`); offsets are xs:durations (`P1D`, `-P7D`,
 * `PT12H`, `P1M`, `P1Y`). Times are UTC.
 */
import { DbError } from '../errors';
import type { BucketDef, ComputedBucketDef, RangeConstraintDef } from '../options/types';

const ANCHORS = new Set(['now', 'start-of-day', 'start-of-month', 'start-of-year']);
const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Every bucket of a range constraint with literal bounds, computed buckets resolved against `now`. */
export function resolvedBuckets(range: RangeConstraintDef, now: Date, where: string): BucketDef[] {
  const computed = range['computed-bucket'] ?? [];
  const type = (range.type ?? '').replace(/^xs:/, '');
  if (computed.length > 0 && type !== 'date' && type !== 'dateTime') {
    throw new DbError('RESTAPI-INVALIDCONTENT', `${where}: computed buckets need an xs:date or xs:dateTime range, not ${range.type}`);
  }
  return [...(range.bucket ?? []), ...computed.map((b) => computedBounds(b, now, type as 'date' | 'dateTime', where))];
}

function computedBounds(b: ComputedBucketDef, now: Date, type: 'date' | 'dateTime', where: string): BucketDef {
  const bound = (offset: string | undefined, anchor: string | undefined) => {
    if (offset === undefined) return undefined;
    const at = shift(anchorTime(anchor ?? b.anchor ?? 'now', now, where), offset, where);
    return type === 'date' ? at.toISOString().slice(0, 10) : at.toISOString();
  };
  const ge = bound(b.ge, b['ge-anchor']);
  const lt = bound(b.lt, b['lt-anchor']);
  return { name: b.name, ...(b.label !== undefined ? { label: b.label } : {}), ...(ge !== undefined ? { ge } : {}), ...(lt !== undefined ? { lt } : {}) };
}

function anchorTime(anchor: string, now: Date, where: string): Date {
  if (!ANCHORS.has(anchor)) throw new DbError('RESTAPI-INVALIDCONTENT', `${where}: unknown computed-bucket anchor ${anchor} (now, start-of-day, start-of-month, start-of-year)`);
  const d = new Date(now.getTime());
  if (anchor === 'now') return d;
  d.setUTCHours(0, 0, 0, 0);
  if (anchor === 'start-of-month' || anchor === 'start-of-year') d.setUTCDate(1);
  if (anchor === 'start-of-year') d.setUTCMonth(0);
  return d;
}

function shift(at: Date, duration: string, where: string): Date {
  const m = DURATION.exec(duration.trim());
  if (!m || duration.trim() === 'P' || duration.trim() === '-P') throw new DbError('RESTAPI-INVALIDCONTENT', `${where}: ${duration} is not an xs:duration`);
  const sign = m[1] ? -1 : 1;
  const [years, months, days, hours, minutes] = [m[2], m[3], m[4], m[5], m[6]].map((x) => sign * Number(x ?? 0));
  const seconds = sign * Number(m[7] ?? 0);
  const d = new Date(at.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years, d.getUTCMonth() + months, d.getUTCDate() + days);
  d.setTime(d.getTime() + ((hours * 60 + minutes) * 60 + seconds) * 1000);
  return d;
}
