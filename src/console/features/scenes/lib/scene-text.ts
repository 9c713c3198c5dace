import type { SceneImported, SceneProgress } from '../../../../client/create-client';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "Imported 1,234 documents and 5,678 triples": what an import or a restore wrote. */
export function importedText(written: SceneImported, verb = 'Imported'): string {
  return `${verb} ${count(written.documents, 'document')} and ${count(written.triples, 'triple')}`;
}

const phases: Record<SceneProgress['phase'], string> = {
  documents: 'Checking documents',
  triples: 'Checking triples',
  writing: 'Writing',
};

/** The label of the progress bar for a phase the server reported. */
export function phaseText(progress: SceneProgress): string {
  return phases[progress.phase];
}

/** A snapshot's time as a person reads it here (the browser's locale and zone), or the raw value when it is not a time. */
export function savedAt(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString();
}
