/**
 * Every page of the console, checked with axe-core as a person using a screen reader or the
 * keyboard would need it, and laid out for a phone's width: the welcome on an empty database,
 * then each page in the navigation (src/console/app/routes.tsx) with the library sample loaded,
 * plus the dialogs a person meets most, in the light and the dark theme. Any violation of
 * serious or critical impact fails, listed with its rule, impact, elements and help; at 390 and
 * 1024 px wide no page may be wider than the window.
 * docs/decisions/0037-accessibility-and-layout-checks.md says why and how.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from 'tabula/testing';
import { routes } from '../src/console/app/routes';
import { samples } from '../src/db/samples';
import { axeViolations, COLOUR_RULES, describeFindings, gating, type AxeFinding } from './axe';

const library = samples.find((s) => s.name === 'library')!;
const entries = library.entries();
const dec = new TextDecoder();
const options = JSON.parse(dec.decode(entries.get('config/query-options/library.json'))) as { options: { values: Array<{ name: string }>; tuples: Array<{ name: string }> } };
/** A book the sample holds: the first JSON document under documents/. */
const bookUri = `/${[...entries.keys()].find((k) => k.startsWith('documents/') && k.endsWith('.json'))!.slice('documents/'.length)}`;
const valuesName = options.options.values[0].name;
/** A tuples definition of two indexes: the page draws it as a heat map. */
const tuplesName = options.options.tuples[0].name;
const CATALOGUE = 'http://tabula.example/library/catalogue';

interface View {
  name: string;
  hash: string;
  /** Visible once the page shows what it shows with the sample loaded. */
  ready: (page: Page) => Locator;
  /** Steps a person takes after opening the hash (e.g. running a query). */
  act?: (page: Page) => Promise<void>;
}

/** Each page of the navigation with the library sample loaded, in one of its fuller states. */
const views: View[] = [
  { name: 'Documents', hash: '#/documents', ready: (p) => p.getByTestId('listing-status') },
  { name: 'Documents: a document', hash: `#/documents?uri=${encodeURIComponent(bookUri)}`, ready: (p) => p.getByTestId('document-content') },
  { name: 'Documents: its metadata', hash: `#/documents?uri=${encodeURIComponent(bookUri)}&tab=metadata`, ready: (p) => p.getByTestId('metadata-view') },
  { name: 'Search', hash: '#/search?options=library&q=the', ready: (p) => p.getByTestId('search-result').first() },
  {
    name: 'Search: query syntax',
    hash: '#/search?options=library',
    ready: (p) => p.getByRole('region', { name: 'Query syntax', exact: true }),
    act: async (p) => {
      await p.getByRole('button', { name: 'Query syntax' }).click();
    },
  },
  { name: 'Options: a set', hash: '#/options?set=library', ready: (p) => p.getByTestId('options-editor') },
  { name: 'Options: range indexes', hash: '#/options?view=indexes', ready: (p) => p.getByTestId('range-index-row').first() },
  { name: 'Analytics', hash: `#/analytics?options=library&name=${valuesName}`, ready: (p) => p.getByTestId('values-chart') },
  { name: 'Analytics: a heat map', hash: `#/analytics?options=library&name=${tuplesName}`, ready: (p) => p.getByTestId('values-chart').locator('svg').first() },
  {
    name: 'SPARQL: results',
    hash: '#/sparql',
    ready: (p) => p.getByTestId('result-count'),
    act: async (p) => {
      await p.getByRole('button', { name: 'Run', exact: true }).click();
    },
  },
  { name: 'Graphs: a graph', hash: `#/graphs?graph=${encodeURIComponent(CATALOGUE)}`, ready: (p) => p.getByTestId('graph-triple-count') },
  { name: 'Databases', hash: '#/databases', ready: (p) => p.getByTestId('database-documents').first() },
];

/** Transitions and animations off, so axe reads the colours a page settles on rather than a frame of a fade. */
async function still(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
}

/**
 * The outermost elements that reach past the window's right edge and are not clipped by a
 * scrolling ancestor, named by tag, test id and classes: where to look when a page is too wide.
 * An absolutely positioned element escapes a scrolling ancestor that is not its containing
 * block (a visually hidden label in a scrolled table, say), so it counts then.
 */
async function widest(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = window.innerWidth + 0.5;
    const clipped = (el: HTMLElement) => {
      const position = getComputedStyle(el).position;
      const escapes = position === 'absolute' || position === 'fixed';
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const clips = getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= limit;
        if (clips && (!escapes || (el.offsetParent !== null && a.contains(el.offsetParent)))) return true;
      }
      return false;
    };
    const offends = (el: Element | null): el is HTMLElement => el instanceof HTMLElement && el.getBoundingClientRect().right > limit && !clipped(el);
    const name = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${[...el.classList].map((c) => `.${c}`).join('')} (${Math.round(el.getBoundingClientRect().right)} px)`;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((el) => offends(el) && !offends(el.parentElement))
      .slice(0, 5)
      .map(name);
  });
}

async function open(page: Page, view: View): Promise<void> {
  await page.goto(`/${view.hash}`);
  await still(page);
  if (view.act) await view.act(page);
  await expect(view.ready(page), `${view.name} did not show what it should`).toBeVisible({ timeout: 20_000 });
}

test('every page, with data and without, and the main dialogs have no serious accessibility problems in either theme, and none is wider than a phone', async ({ page, tabula }) => {
  // About 30 s on an idle machine; room for a busy one.
  test.setTimeout(120_000);
  const problems: Array<{ where: string; scheme: string; finding: AxeFinding }> = [];
  const overflows: string[] = [];
  const t0 = Date.now();
  const lap = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);

  /**
   * axe on the page as it is: every rule in the light theme, then the colour rules again in
   * the dark one (the system setting the console follows), since nothing else differs.
   */
  const audit = async (where: string) => {
    const seen = async (scheme: 'light' | 'dark', rules?: readonly string[]) => {
      await page.emulateMedia({ colorScheme: scheme });
      for (const finding of gating(await axeViolations(page, rules))) problems.push({ where, scheme, finding });
    };
    await seen('light');
    await seen('dark', COLOUR_RULES);
    await page.emulateMedia({ colorScheme: 'light' });
    lap(where);
  };
  /** At a phone's and a small laptop's width, the document does not scroll sideways. */
  const fits = async (where: string) => {
    for (const width of [390, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      if (scrollWidth > innerWidth) overflows.push(`${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window; too wide: ${(await widest(page)).join(', ')}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  // An empty database: the welcome, and a page offering the samples.
  await expect(page.getByTestId('welcome')).toBeVisible();
  await still(page);
  await audit('Welcome (empty database)');
  await fits('Welcome (empty database)');
  await open(page, { name: 'Analytics (empty database)', hash: '#/analytics', ready: (p) => p.getByTestId('load-sample-data') });
  await audit('Analytics (empty database)');

  await tabula.load({ sample: 'library' });
  await tabula.idle();
  lap('library loaded');
  // Every page in the navigation has a view here.
  for (const route of routes.filter((r) => r.render)) expect(views.some((v) => v.hash.startsWith(`#${route.path}`)), route.path).toBe(true);

  for (const view of views) {
    await open(page, view);
    await audit(view.name);
    await fits(view.name);
  }

  // Dialogs and panels of the connection bar, and a confirm-delete dialog.
  await open(page, views[0]);
  const bar = page.getByRole('region', { name: 'Connection' });
  await bar.getByRole('button', { name: /^Connection/ }).click();
  await expect(page.getByRole('form', { name: 'Connection settings' }).or(page.getByRole('dialog', { name: /Connection/ }))).toBeVisible();
  await audit('Connection settings');
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: 'Transaction…' }).click();
  await page.getByRole('button', { name: 'Open transaction' }).click();
  await expect(page.getByTestId('transaction-remaining')).toBeVisible();
  await audit('An open transaction');
  await bar.getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByTestId('transaction-remaining')).toBeHidden();

  await bar.getByRole('button', { name: 'Scenes and snapshots…' }).click();
  const scenes = page.getByRole('dialog', { name: 'Scenes and snapshots' });
  await expect(scenes).toBeVisible();
  await audit('Scenes and snapshots dialog');
  await scenes.getByRole('button', { name: 'Close' }).click();

  await open(page, views[1]);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete document?' });
  await expect(confirm).toBeVisible();
  await audit('Delete document? dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  const report = describeFindings(problems);
  expect.soft(problems.length, `Serious or critical accessibility violations:\n${report}\n`).toBe(0);
  expect.soft(overflows.length, `Pages wider than the window:\n${overflows.join('\n')}\n`).toBe(0);
});
