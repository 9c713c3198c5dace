/**
 * What a page shows while this browser's database starts. On a first visit that is three steps:
 * the browser fetches and registers the service worker's script, the worker downloads what it
 * precaches (the console, the engine host and the ~4 MB RDF engine — the bytes come from the
 * worker on the `tabula:startup` channel, src/wire/tabula.ts), then the worker takes control and
 * the database opens. A page already controlled skips to the last. Pure: the boot
 * (register-api-worker.ts) feeds the events, the worker gate draws the view
 * (docs/decisions/0036-console-shell-theme-shortcuts-progress.md).
 */
import type { StartupMessage } from '../../wire/tabula';
import { formatBytes } from './format-bytes';

export type StartupStage = 'register' | 'download' | 'activate' | 'open' | 'ready' | 'failed';

export interface StartupState {
  stage: StartupStage;
  /** Bytes of the precache received, of `total` (0 while unknown). */
  received: number;
  total: number;
  /** The file being downloaded. */
  file?: string;
  error?: unknown;
}

export type StartupEvent =
  /** The worker said how its install goes. */
  | { type: 'worker'; message: StartupMessage }
  /** The page is controlled by the worker. */
  | { type: 'controlled' }
  /** The database answered: requests may go. */
  | { type: 'opened' }
  | { type: 'failed'; error: unknown };

export const initialStartup: StartupState = { stage: 'register', received: 0, total: 0 };

const ORDER: readonly StartupStage[] = ['register', 'download', 'activate', 'open', 'ready'];
const before = (a: StartupStage, b: StartupStage) => ORDER.indexOf(a) < ORDER.indexOf(b);

export function isStartupMessage(data: unknown): data is StartupMessage {
  const m = data as Partial<StartupMessage> | null;
  return m?.type === 'tabula:startup' && (m.phase === 'downloading' || m.phase === 'activating') && typeof m.received === 'number' && typeof m.total === 'number';
}

/** The next state; a stage once passed is never gone back to (a late message changes nothing). */
export function reduceStartup(state: StartupState, event: StartupEvent): StartupState {
  if (state.stage === 'failed' || state.stage === 'ready') return state;
  switch (event.type) {
    case 'worker': {
      const stage: StartupStage = event.message.phase === 'activating' ? 'activate' : 'download';
      if (before(stage, state.stage)) return state;
      return { stage, received: event.message.received, total: event.message.total, file: event.message.file };
    }
    case 'controlled':
      return { ...state, stage: 'open', file: undefined, received: state.total };
    case 'opened':
      return { ...state, stage: 'ready', file: undefined };
    case 'failed':
      return { ...state, stage: 'failed', error: event.error };
  }
}

export type StepStatus = 'done' | 'active' | 'pending';

export interface StartupStep {
  label: string;
  status: StepStatus;
  /** "2.1 MB of 5.6 MB", on the step that has one. */
  detail?: string;
}

export interface StartupView {
  steps: StartupStep[];
  /** 0–1 across the whole start, or undefined while nothing can be measured (the worker's script). */
  fraction?: number;
  /** The sentence a screen reader hears: the step, not every byte. */
  summary: string;
}

/** The share of the bar each step fills: downloading is nearly all of a first visit. */
const REGISTERED = 0.1;
const DOWNLOADED = 0.9;

export function startupView(state: StartupState): StartupView {
  const index = state.stage === 'failed' ? -1 : ['register', 'download', 'open', 'ready'].indexOf(state.stage === 'activate' ? 'open' : state.stage);
  const status = (i: number): StepStatus => (index > i ? 'done' : index === i ? 'active' : 'pending');
  const bytes = state.total > 0 ? `${formatBytes(state.received)} of ${formatBytes(state.total)}` : undefined;
  const steps: StartupStep[] = [
    { label: 'Registering the database worker', status: status(0) },
    { label: 'Downloading the engine', status: status(1), detail: bytes },
    { label: state.stage === 'activate' ? 'Starting the database' : 'Opening the database', status: status(2) },
  ];
  let fraction: number | undefined;
  let summary: string;
  switch (state.stage) {
    case 'register':
      summary = 'Registering the database worker…';
      break;
    case 'download':
      fraction = REGISTERED + (DOWNLOADED - REGISTERED) * (state.total > 0 ? Math.min(1, state.received / state.total) : 0);
      summary = 'Downloading the engine…';
      break;
    case 'activate':
    case 'open':
      fraction = DOWNLOADED;
      summary = 'Opening the database…';
      break;
    case 'ready':
      fraction = 1;
      summary = "This browser's database is ready";
      break;
    case 'failed':
      summary = "This browser's database could not start";
      break;
  }
  return { steps, fraction, summary };
}
