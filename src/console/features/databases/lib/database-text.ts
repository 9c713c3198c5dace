/**
 * What the Databases page says about each database and about a creation, worked out from the
 * server's answers: which REST instances use a database (the server refuses to delete one in
 * use, MANAGE-INVALIDREQUEST, so the page says why before anyone asks), why a row's actions are
 * held back, and what a creation did or is doing.
 */
import type { RestInstance } from '../../../../client/create-client';
import type { CreateStep, InitialContent } from '../queries/databases';

/** Each database an instance uses (as its content or its modules database), with the instances that use it, in their order. */
export function instancesByDatabase(instances: readonly RestInstance[]): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const add = (database: string, instance: string) => {
    if (database === '') return;
    const list = uses.get(database) ?? [];
    if (!list.includes(instance)) list.push(instance);
    uses.set(database, list);
  };
  for (const i of instances) {
    add(i.database, i.name);
    add(i.modulesDatabase, i.name);
  }
  return uses;
}

/** "App-Services", "App-Services and shop", "a, b and c". */
export function listText(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export interface RowState {
  /** The REST instances using the database (none known: empty). */
  usedBy: readonly string[];
  /** The console uses it now. */
  inUse: boolean;
  /** A transaction is open: the console's database cannot change, nor the one it runs in go. */
  held: boolean;
}

/** Why "Delete…" is not offered for a database, or undefined when it is. */
export function deleteHeldBack({ usedBy, inUse, held }: RowState): string | undefined {
  if (usedBy.length > 0) return `Used by the REST instance${usedBy.length > 1 ? 's' : ''} ${listText(usedBy)}: remove ${usedBy.length > 1 ? 'them' : 'it'} first`;
  if (inUse && held) return 'The open transaction runs in it: commit or roll back first';
  return undefined;
}

/** Why "Use" is not offered for a database, or undefined when it is. */
export function switchHeldBack({ inUse, held }: RowState): string | undefined {
  if (inUse) return 'The console uses it now';
  if (held) return 'Commit or roll back the open transaction first';
  return undefined;
}

/** What a creation is doing, on its busy button. */
export function stepText(step: CreateStep): string {
  switch (step) {
    case 'creating':
      return 'Creating…';
    case 'loading-sample':
      return 'Loading the sample…';
    case 'importing-scene':
      return 'Importing the scene…';
  }
}

/** The title of a creation's failure: where it failed, and that nothing is left of it (the new database is deleted again). */
export function failureTitle(step: CreateStep): string {
  switch (step) {
    case 'creating':
      return 'The database was not created';
    case 'loading-sample':
      return 'The sample could not be loaded: the new database was deleted again';
    case 'importing-scene':
      return 'The scene could not be imported: the new database was deleted again';
  }
}

/** What a creation made: "Created the database “demo” with the sample “Library”." */
export function createdText(name: string, content: InitialContent, sampleTitle?: string): string {
  const what = `Created the database “${name}”`;
  switch (content.kind) {
    case 'empty':
      return `${what}, empty.`;
    case 'sample':
      return `${what} with the sample “${sampleTitle ?? content.sample}”.`;
    case 'scene':
      return `${what} from the scene ${content.file.name}.`;
  }
}
