/**
 * Tabula's own settings, which MarkLogic keeps in places a REST client does not reach (an App
 * Server's configuration, a host's memory): kept in IndexedDB under the `config` store's
 * `tabula-settings` key, read once when the database opens (every request's body is measured
 * against them, synchronously), and changed through `PUT /tabula/v1/settings`. Only values set
 * explicitly are stored; a reset or a replacing scene import brings back the defaults.
 *
 * `max-payload-bytes` is the largest request body accepted (413 RESTAPI-PAYLOADTOOLARGE beyond
 * it, docs/limits.md). Its default lets a downloaded dataset of a million triples through in
 * one request (a BSBM million is ~220 MB of N-Triples); a user with larger files raises it.
 *
 * @example
 * await db.settings.update({ 'max-payload-bytes': 512 * 1024 * 1024 });
 * db.settings.get()['max-payload-bytes']; // 536870912
 */
import { DbError } from '../errors';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import { watched } from '../storage/requests';
import type { TabulaSettings } from '../../wire/tabula';

const KEY = 'tabula-settings';
const MIB = 1024 * 1024;

/** The default payload limit: 256 MiB. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 256 * MIB;

/**
 * What one body may be raised to: the browser holds a body in one ArrayBuffer before it is
 * parsed, and a wasm32 engine's whole memory is 4 GiB, so past 2 GiB a request would fail
 * deep inside rather than with a clear answer.
 */
export const MAX_PAYLOAD_CEILING = 2048 * MIB;
/** Below this, ordinary requests (option sets, bulk batches) would be refused. */
export const MAX_PAYLOAD_FLOOR = 1 * MIB;

export class SettingsStore {
  private stored: Partial<TabulaSettings> = {};

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
    private readonly defaults: TabulaSettings,
  ) {}

  /** Reads the stored settings (at open, and after the storage was replaced). */
  async load(): Promise<void> {
    const tx = watched(this.idb.transaction('config', 'readonly'));
    const [stored] = await Promise.all([tx.store.get(KEY), tx.done]);
    this.stored = (stored as Partial<TabulaSettings> | undefined) ?? {};
  }

  /** The settings in force: the stored ones over the defaults. */
  get(): TabulaSettings {
    return { ...this.defaults, ...this.stored };
  }

  /** Sets the named settings (the others are kept); every name and value is checked before anything is written. */
  async update(changes: Record<string, unknown>): Promise<TabulaSettings> {
    const checked = checkedSettings(changes);
    await this.queue.run(async () => {
      const next = { ...this.stored, ...checked };
      const tx = watched(this.idb.transaction('config', 'readwrite'));
      await Promise.all([tx.store.put(next, KEY), tx.done]);
      this.stored = next;
    });
    return this.get();
  }
}

/** `changes` checked: known names, values in range; 400 RESTAPI-INVALIDCONTENT naming the first bad one. */
function checkedSettings(changes: Record<string, unknown>): Partial<TabulaSettings> {
  const checked: Partial<TabulaSettings> = {};
  for (const [name, value] of Object.entries(changes)) {
    if (name !== 'max-payload-bytes') throw new DbError('RESTAPI-INVALIDCONTENT', `${JSON.stringify(name)} is not a Tabula setting; the settings are: max-payload-bytes`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < MAX_PAYLOAD_FLOOR || value > MAX_PAYLOAD_CEILING) {
      throw new DbError('RESTAPI-INVALIDCONTENT', `max-payload-bytes must be a whole number of bytes from ${MAX_PAYLOAD_FLOOR} to ${MAX_PAYLOAD_CEILING}, not ${JSON.stringify(value)}`);
    }
    checked[name] = value;
  }
  return checked;
}
