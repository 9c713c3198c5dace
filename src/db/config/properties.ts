/**
 * Instance properties (`/v1/config/properties`), kept in IndexedDB under the `config`
 * store's `properties` key. Only values set explicitly are stored; defaults are filled
 * in on read, so a reset is a delete.
 *
 * `content-versions` is MarkLogic's legacy alias of `update-policy`
 * (required → version-required, optional → version-optional, none → merge-metadata).
 * It is never stored: `get()` derives it from the effective update-policy, and a write
 * of it is a write of update-policy.
 *
 * `default-time-limit` is Tabula's own: MarkLogic keeps a request's time limit on the App
 * Server ("default time limit", seconds; the Management API's `default-time-limit`), which
 * a REST client cannot set. Tabula has no App Server configuration, so it is an instance
 * property under the same name, in whole seconds as there (docs/decisions/0016-time-limit.md).
 *
 * @example
 * await db.properties.update({ 'content-versions': 'required' });
 * (await db.properties.get())['update-policy']; // 'version-required'
 */
import { DbError } from '../errors';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import { watched } from '../storage/requests';

export type UpdatePolicy = 'merge-metadata' | 'overwrite-metadata' | 'version-optional' | 'version-required';
export type ContentVersions = 'none' | 'optional' | 'required';

export interface InstanceProperties {
  'content-versions': ContentVersions;
  debug: boolean;
  /** Seconds a request may run before it is answered with XDMP-EXTIME. */
  'default-time-limit': number;
  'document-transform-all': boolean;
  'document-transform-out': string;
  'update-policy': UpdatePolicy;
  'validate-options': boolean;
  'validate-queries': boolean;
}

export type PropertyName = keyof InstanceProperties;

export const defaultProperties: InstanceProperties = {
  'content-versions': 'none',
  debug: false,
  // MarkLogic's App Server default is 600 s; a browser database answers one tab, whose
  // user is waiting, and a service worker's fetch event is cut off after a few minutes.
  'default-time-limit': 60,
  'document-transform-all': true,
  'document-transform-out': '',
  'update-policy': 'merge-metadata',
  'validate-options': true,
  'validate-queries': false,
};

type Kind = { type: 'boolean' } | { type: 'string'; values?: readonly string[] } | { type: 'integer'; min: number; max: number };

/** MarkLogic's default `max-time-limit`, the most any request's time limit may be. */
export const MAX_TIME_LIMIT = 3600;

const kinds: Record<PropertyName, Kind> = {
  'content-versions': { type: 'string', values: ['none', 'optional', 'required'] },
  debug: { type: 'boolean' },
  'default-time-limit': { type: 'integer', min: 1, max: MAX_TIME_LIMIT },
  'document-transform-all': { type: 'boolean' },
  'document-transform-out': { type: 'string' },
  'update-policy': { type: 'string', values: ['merge-metadata', 'overwrite-metadata', 'version-optional', 'version-required'] },
  'validate-options': { type: 'boolean' },
  'validate-queries': { type: 'boolean' },
};

/** Every property name, sorted (the order of the XML representation). */
export const propertyNames: readonly PropertyName[] = (Object.keys(kinds) as PropertyName[]).sort();

const policyOf: Record<ContentVersions, UpdatePolicy> = {
  required: 'version-required',
  optional: 'version-optional',
  none: 'merge-metadata',
};

function contentVersionsOf(policy: UpdatePolicy): ContentVersions {
  if (policy === 'version-required') return 'required';
  if (policy === 'version-optional') return 'optional';
  return 'none';
}

/** The name as a property, or 400 RESTAPI-UNSUPPORTEDPROP (worded as the real server does). */
export function propertyName(name: string): PropertyName {
  if (!Object.hasOwn(kinds, name)) throw new DbError('RESTAPI-UNSUPPORTEDPROP', ` : ${name}`);
  return name as PropertyName;
}

/** A JSON value checked against the property's type, or 400 RESTAPI-INVALIDCONTENT. */
export function propertyValue(name: PropertyName, value: unknown): InstanceProperties[PropertyName] {
  const kind = kinds[name];
  if (kind.type === 'boolean') {
    if (typeof value !== 'boolean') throw new DbError('RESTAPI-INVALIDCONTENT', `${name} must be a boolean, not ${JSON.stringify(value)}`);
    return value;
  }
  if (kind.type === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < kind.min || value > kind.max) {
      throw new DbError('RESTAPI-INVALIDCONTENT', `${name} must be a whole number of seconds from ${kind.min} to ${kind.max}, not ${JSON.stringify(value)}`);
    }
    return value;
  }
  if (typeof value !== 'string') throw new DbError('RESTAPI-INVALIDCONTENT', `${name} must be a string, not ${JSON.stringify(value)}`);
  if (kind.values && !kind.values.includes(value)) {
    throw new DbError('RESTAPI-INVALIDCONTENT', `${name} must be one of ${kind.values.join(', ')}, not ${JSON.stringify(value)}`);
  }
  return value;
}

/** A property's value from its XML text (`true`/`false` for booleans), checked as {@link propertyValue}. */
export function propertyFromText(name: PropertyName, text: string): InstanceProperties[PropertyName] {
  if (kinds[name].type === 'boolean') {
    const t = text.trim();
    if (t !== 'true' && t !== 'false') throw new DbError('RESTAPI-INVALIDCONTENT', `${name} must be true or false, not ${JSON.stringify(text)}`);
    return t === 'true';
  }
  if (kinds[name].type === 'integer') {
    const t = text.trim();
    return propertyValue(name, /^[0-9]{1,10}$/.test(t) ? Number(t) : t);
  }
  return propertyValue(name, text);
}

type Stored = Partial<Omit<InstanceProperties, 'content-versions'>>;
/** The stored record: the properties set, without the defaults and without content-versions (update-policy says it). */
export type StoredProperties = Stored;

/** Every name and value checked (400 on the first bad one), before anything is written. */
export function checkedProperties(changes: Record<string, unknown>): Partial<InstanceProperties> {
  const checked: Partial<Record<PropertyName, unknown>> = {};
  for (const [name, value] of Object.entries(changes)) {
    const p = propertyName(name);
    checked[p] = propertyValue(p, value);
  }
  return checked as Partial<InstanceProperties>;
}

/** `stored` with checked `changes` set (the others kept); content-versions and update-policy resolved together. */
export function withChanges(stored: Stored, typed: Partial<InstanceProperties>): Stored {
  const next: Stored = { ...stored };
  for (const name of propertyNames) {
    if (name === 'content-versions' || name === 'update-policy' || typed[name] === undefined) continue;
    (next as Record<string, unknown>)[name] = typed[name];
  }
  const policy = resolvePolicy(effectiveProperties(stored)['update-policy'], typed);
  if (policy !== undefined) next['update-policy'] = policy;
  return next;
}

/** The properties in force: defaults filled in; content-versions follows update-policy. */
export function effectiveProperties(stored: Stored): InstanceProperties {
  const merged = { ...defaultProperties, ...stored };
  return { ...merged, 'content-versions': contentVersionsOf(merged['update-policy']) };
}

/**
 * The update-policy a write results in. When a client sends both names (typically a
 * whole object read back from GET with one of them edited) the one it changed wins;
 * changing both to disagreeing values is an error.
 */
function resolvePolicy(current: UpdatePolicy, changes: Partial<InstanceProperties>): UpdatePolicy | undefined {
  const cv = changes['content-versions'];
  const up = changes['update-policy'];
  if (cv === undefined) return up;
  if (up === undefined || contentVersionsOf(up) === cv) return up ?? policyOf[cv];
  const upChanged = up !== current;
  const cvChanged = cv !== contentVersionsOf(current);
  if (upChanged && !cvChanged) return up;
  if (cvChanged && !upChanged) return policyOf[cv];
  throw new DbError('RESTAPI-INVALIDCONTENT', `content-versions ${cv} conflicts with update-policy ${up}`);
}

export class PropertiesStore {
  /**
   * The stored properties, read once: every request consults the update policy, and
   * this store is the only writer of the record, so the copy changes only after one of
   * its own commits. Rebuilt from IndexedDB when the worker starts.
   */
  private cache: Promise<Stored> | undefined;

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
  ) {}

  /** Current properties, defaults filled in; content-versions follows update-policy. */
  async get(): Promise<InstanceProperties> {
    return this.effective(await this.stored());
  }

  /**
   * Sets the given properties and leaves the others as they are. Every name and value
   * is checked before anything is written: a bad one changes nothing.
   */
  async update(changes: Record<string, unknown>): Promise<void> {
    const typed = checkedProperties(changes);
    return this.queue.run(async () => this.write(withChanges(await this.stored(), typed)));
  }

  /** Back to defaults: every property, or only `name` (content-versions and update-policy reset together). */
  async reset(name?: string): Promise<void> {
    const p = name === undefined ? undefined : propertyName(name);
    return this.queue.run(async () => {
      if (p === undefined) return this.write({});
      const next: Stored = { ...(await this.stored()) };
      delete next[p === 'content-versions' ? 'update-policy' : p];
      await this.write(next);
    });
  }

  /** The database was reset under this store: the next read finds nothing stored (the defaults). */
  storageCleared(): void {
    this.cache = undefined;
  }

  private stored(): Promise<Stored> {
    this.cache ??= watched(this.idb.transaction('config', 'readonly')).store.get('properties').then((v) => (v as Stored | undefined) ?? {});
    this.cache.catch(() => (this.cache = undefined));
    return this.cache;
  }

  private effective(stored: Stored): InstanceProperties {
    return effectiveProperties(stored);
  }

  /** What is stored (the properties set, defaults left out): a scene's export of the instance properties. */
  async storedRecord(): Promise<StoredProperties> {
    return { ...(await this.stored()) };
  }

  private async write(next: Stored): Promise<void> {
    const tx = watched(this.idb.transaction('config', 'readwrite'));
    await Promise.all([tx.store.put(next, 'properties'), tx.done]);
    this.cache = Promise.resolve(next);
  }
}
