/**
 * Fault injection for demos and tests (`/tabula/v1/faults`, admin only, 403 SEC-PRIV as the
 * reset): `POST` arms faults for the next N API requests outside `/tabula/` — added latency,
 * an error status (message code TABULA-INJECTEDFAULT, so nobody mistakes it for a real
 * failure), or a storage quota error; `GET` shows what is armed, `DELETE` disarms.
 *
 * Faults live in the memory of the handler (one per `createApi`): in the browser a stopped
 * service worker forgets them, in Node a restarted process. A faulted request is answered
 * before any route runs, so it changes nothing.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { DbError } from '../db/errors';
import { timeLimitError, type Deadline } from '../db/deadline';
import type { FaultPlan, FaultsState } from '../wire/tabula';
import { readJsonObject } from './http/body';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { Params } from './http/params';
import { endpoint } from './http/routing';

type ArmedFaults = NonNullable<FaultsState['faults']>;

/** Each field's bounds (inclusive); docs/limits.md has no row for them as they bound a test aid, not an input's size. */
const BOUNDS = { requests: [1, 1_000], latencyMs: [0, 60_000], status: [400, 599] } as const;
const ERRORS = ['quota'] as const;
/** A fault body is a handful of fields. */
const MAX_BODY_BYTES = 4 * 1024;

/**
 * The message a quota error carries. Thrown as the `QuotaExceededError` DOMException
 * IndexedDB raises when storage is full, it takes the same way through the error mapping
 * (src/api/http/errors.ts) as a real one.
 */
export const QUOTA_MESSAGE = 'The quota has been exceeded.';

export class Faults {
  private armed: ArmedFaults | null = null;

  arm(plan: FaultPlan): void {
    this.armed = { ...plan, requests: plan.requests ?? 1 };
  }

  clear(): void {
    this.armed = null;
  }

  state(): FaultsState {
    return { faults: this.armed && { ...this.armed } };
  }

  /** The fault this request suffers, counting it off; none for Tabula's own paths. */
  take(path: string): ArmedFaults | undefined {
    const armed = this.armed;
    if (!armed || /^\/tabula(\/|$)/.test(path)) return undefined;
    this.armed = armed.requests > 1 ? { ...armed, requests: armed.requests - 1 } : null;
    return armed;
  }

  /** After authentication (a challenge is not a handled request): delays or fails the request as armed. */
  middleware(): MiddlewareHandler<ApiEnv> {
    return async (c, next) => {
      const fault = this.take(c.req.path);
      if (fault) await suffer(fault, `${c.req.method} ${c.req.path}`, c.get('deadline'));
      await next();
    };
  }
}

async function suffer(fault: ArmedFaults, request: string, deadline: Deadline): Promise<void> {
  if (fault.latencyMs) {
    // Within the request's time limit, as any wait: past it the request is answered XDMP-EXTIME.
    // A cancelled request (DELETE /tabula/v1/requests/{id}) stops waiting.
    const wait = Math.min(fault.latencyMs, deadline.remaining());
    await deadline.sleep(wait, 'the injected latency');
    if (wait < fault.latencyMs) throw timeLimitError(deadline.limitSeconds, 'the injected latency');
  }
  if (fault.status !== undefined) throw new DbError('TABULA-INJECTEDFAULT', `${request} answered ${fault.status} as armed`, fault.status);
  if (fault.error === 'quota') throw new DOMException(QUOTA_MESSAGE, 'QuotaExceededError');
}

export function registerFaults(app: Hono<ApiEnv>, deps: ApiDeps, faults: Faults): void {
  endpoint(app, '/faults', {
    GET: (c) => {
      allowed(c);
      return c.json(faults.state());
    },
    POST: async (c) => {
      allowed(c);
      faults.arm(await readPlan(c.req.raw, deps));
      return c.json(faults.state());
    },
    DELETE: (c) => {
      allowed(c);
      faults.clear();
      return c.body(null, 204);
    },
  });
}

function allowed(c: ApiContext): void {
  requireRole(c, 'admin');
  new Params(c.req.raw).validate([]);
}

const invalid = (message: string) => new DbError('REST-INVALIDPARAM', message);

/** The whole body checked before anything is armed: a bad field is named, and nothing changes. */
async function readPlan(req: Request, deps: ApiDeps): Promise<FaultPlan> {
  const body = await readJsonObject(req, Math.min(MAX_BODY_BYTES, deps.db.maxPayloadBytes), 'faults', {
    json: (reason) => invalid(`the faults body is not JSON: ${reason}`),
    shape: invalid,
  });
  const plan: FaultPlan = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'error') {
      if (!ERRORS.includes(value as (typeof ERRORS)[number])) throw invalid(`error: must be one of ${ERRORS.map((e) => `"${e}"`).join(', ')}, not ${JSON.stringify(value)}`);
      plan.error = value as FaultPlan['error'];
    } else if (field in BOUNDS) {
      const [min, max] = BOUNDS[field as keyof typeof BOUNDS];
      if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
        throw invalid(`${field}: must be an integer from ${min} to ${max}, not ${JSON.stringify(value)}`);
      }
      plan[field as keyof typeof BOUNDS] = value as number;
    } else {
      throw invalid(`${field}: not a fault field (requests, latencyMs, status, error)`);
    }
  }
  if (plan.status !== undefined && plan.error !== undefined) throw invalid('status, error: a request fails one way; give one of them');
  if (plan.latencyMs === undefined && plan.status === undefined && plan.error === undefined) {
    throw invalid('latencyMs, status or error: the body arms no fault');
  }
  return plan;
}
