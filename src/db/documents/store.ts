/** The document store. OWNER: lead (documents work package). */
import type { TabulaIdb } from '../storage/schema';
import type { Clock, WriteQueue } from '../storage/write-queue';
import type { PropertiesStore } from '../config/properties';
import type { StoredDocument } from './types';

export class DocumentStore {
  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
    private readonly clock: Clock,
    private readonly properties: PropertiesStore,
  ) {}

  get(uri: string): Promise<StoredDocument | undefined> {
    return this.idb.get('documents', uri);
  }
}
