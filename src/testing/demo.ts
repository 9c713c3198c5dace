/**
 * Scripted demos (`npm run demo -- demos/search.demo.ts`): a demo is a module whose default
 * export is {@link defineDemo}'s value — a title, the scene it starts from, and steps. The
 * runner (scripts/demo.ts) plays it against the built app in Chromium, shows each step's
 * caption on the page, and writes a storyboard: one screenshot per step and an HTML page
 * that strings them together (docs/demos.md).
 *
 * @example
 * export default defineDemo({
 *   title: 'Search a library',
 *   scene: { sample: 'library' },
 *   async play({ page, step }) {
 *     await step('Open the Search page', async () => {
 *       await page.getByRole('link', { name: 'Search' }).click();
 *     });
 *   },
 * });
 */
import type { Page } from '@playwright/test';
import type { Tabula } from './tabula';

/** Where a demo starts: a bundled sample scene by name, or a scene archive's path. */
export type DemoScene = { sample: string } | { file: string } | 'empty';

export interface DemoContext {
  page: Page;
  /** Runs one step: its caption shown on the page first, a screenshot taken once it has run. */
  step(caption: string, run: () => Promise<void>): Promise<void>;
  /** The kit's database handle (docs/testing-kit.md): `fetch` through the service worker, `idle()`, `faults()`… */
  tabula: Tabula;
}

export interface Demo {
  title: string;
  description?: string;
  scene: DemoScene;
  play(context: DemoContext): Promise<void>;
}

export function defineDemo(demo: Demo): Demo {
  return demo;
}

/** One played step, as the storyboard shows it. */
export interface PlayedStep {
  index: number;
  caption: string;
  screenshot: string;
  ms: number;
  error?: string;
}

export interface Storyboard {
  title: string;
  description?: string;
  demo: string;
  date: string;
  steps: PlayedStep[];
  video: string | null;
  /** Why there is no video, when there is none. */
  videoNote?: string;
  passed: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The storyboard's HTML: every step's caption and screenshot, in order, and the video when there is one. */
export function storyboardHtml(board: Storyboard): string {
  const steps = board.steps
    .map(
      (s) => `  <figure id="step-${s.index}">
    <figcaption><span class="n">${s.index}</span> ${escapeHtml(s.caption)} <small>${(s.ms / 1000).toFixed(1)} s</small>${s.error ? `<p class="error">${escapeHtml(s.error)}</p>` : ''}</figcaption>
    <img src="${escapeHtml(s.screenshot)}" alt="${escapeHtml(s.caption)}" loading="lazy">
  </figure>`,
    )
    .join('\n');
  const video = board.video ? `<video controls src="${escapeHtml(board.video)}"></video>` : `<p class="note">${escapeHtml(board.videoNote ?? 'No video.')}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(board.title)} — Tabula demo</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 1100px; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  figure { margin: 2rem 0; border: 1px solid #d5d9e0; border-radius: 8px; overflow: hidden; }
  figcaption { padding: .75rem 1rem; background: #f3f5f8; font-weight: 600; }
  figcaption small { font-weight: 400; color: #5a6270; margin-left: .5rem; }
  .n { display: inline-block; min-width: 1.6em; text-align: center; background: #2a5bd7; color: #fff; border-radius: 1em; margin-right: .4rem; }
  img, video { display: block; width: 100%; }
  .error { color: #a11; font-weight: 400; }
  .note { color: #5a6270; }
</style>
</head>
<body>
<h1>${escapeHtml(board.title)}</h1>
${board.description ? `<p>${escapeHtml(board.description)}</p>` : ''}
<p>${board.passed ? 'Played through' : '<strong>Stopped at a failing step</strong>'}: ${board.steps.length} steps, ${escapeHtml(board.date)}, from <code>${escapeHtml(board.demo)}</code>.</p>
${video}
${steps}
</body>
</html>
`;
}
