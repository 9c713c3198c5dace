/**
 * Instance properties (`/v1/config/properties`), kept in IndexedDB.
 * OWNER: auth/config work package.
 */
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';

export type UpdatePolicy = 'merge-metadata' | 'overwrite-metadata' | 'version-optional' | 'version-required';

export interface InstanceProperties {
  'content-versions': 'none' | 'optional' | 'required';
  debug: boolean;
  'document-transform-all': boolean;
  'document-transform-out': string;
  'update-policy': UpdatePolicy;
  'validate-options': boolean;
  'validate-queries': boolean;
}

export const defaultProperties: InstanceProperties = {
  'content-versions': 'none',
  debug: false,
  'document-transform-all': true,
  'document-transform-out': '',
  'update-policy': 'merge-metadata',
  'validate-options': true,
  'validate-queries': false,
};

export class PropertiesStore {
  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
  ) {}

  /** Current properties, defaults filled in. */
  async get(): Promise<InstanceProperties> {
    const stored = (await this.idb.get('config', 'properties')) as Partial<InstanceProperties> | undefined;
    return { ...defaultProperties, ...stored };
  }
}
