/**
 * The console's layout as pictures: a few representative pages with the library sample loaded,
 * at a wide screen (1440 px), a small laptop (1024 px) and a phone (390 px), in the light theme,
 * and one in the dark, each compared with the picture kept in e2e/__screenshots__/. A change
 * that moves, clips or overlaps things fails here even when every role and name is still right.
 * Update the pictures after an intended change with
 * `npm run build && npx playwright test e2e/console-layout.spec.ts --update-snapshots`.
 * docs/decisions/0037-accessibility-and-layout-checks.md says how they are kept stable.
 */
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { test, expect, openControlledPage } from 'tabula/testing';

const CATALOGUE = 'http://tabula.example/library/catalogue';
/** Any date the page computes itself (relative times, "today") comes from this instant. */
const FIXED_NOW = new Date('2026-03-02T10:00:00Z');
const WIDTHS = [1440, 1024, 390] as const;
const HEIGHT = 900;

interface Shot {
  name: string;
  hash: string;
  /** Visible once the page shows what the picture is of. */
  ready: (page: Page) => Locator;
  act?: (page: Page) => Promise<void>;
}

const shots: Shot[] = [
  { name: 'documents', hash: '#/documents', ready: (p) => p.getByTestId('listing-status') },
  { name: 'search', hash: '#/search?options=library&q=the', ready: (p) => p.getByTestId('search-result').first() },
  {
    name: 'sparql',
    hash: '#/sparql',
    ready: (p) => p.getByTestId('result-count'),
    act: async (p) => {
      await p.getByRole('button', { name: 'Run', exact: true }).click();
    },
  },
  { name: 'graphs', hash: `#/graphs?graph=${encodeURIComponent(CATALOGUE)}`, ready: (p) => p.getByTestId('graph-triple-count') },
];

/** An element whose whole text is how long something took: "12 ms", "1.2 s", "1,024 ms". */
const DURATION = /^\s*\d[\d,.]*\s*(ms|s)\s*$/;

/**
 * What differs from one run to the next whatever the layout — how long things took and times
 * the server stamps — is marked, then drawn invisible at a least width (console-layout.css).
 * Hidden rather than masked: a mask is as wide as its element, which is as wide as the number.
 */
async function markVolatile(page: Page): Promise<void> {
  await page.evaluate((pattern) => {
    const duration = new RegExp(pattern);
    for (const el of document.body.querySelectorAll('*')) {
      const named = el.matches('[data-testid="search-time"], [data-testid="elapsed"], time');
      if (named || (el.childElementCount === 0 && duration.test(el.textContent ?? ''))) el.setAttribute('data-screenshot-volatile', '');
    }
  }, DURATION.source);
}

const volatileStyle = fileURLToPath(new URL('./console-layout.css', import.meta.url));

async function show(page: Page, shot: Shot): Promise<void> {
  await page.goto(`/${shot.hash}`);
  if (shot.act) await shot.act(page);
  await expect(shot.ready(page)).toBeVisible({ timeout: 20_000 });
}

/** Nothing focused or hovered, no request in flight, fonts loaded: the page at rest. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await document.fonts.ready;
  });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('the documents, search, SPARQL and graphs pages look as they did, wide, on a laptop and on a phone', async ({ page, tabula }) => {
  await page.clock.setFixedTime(FIXED_NOW);
  await tabula.load({ sample: 'library' });
  await tabula.idle();
  // Reloaded, so the fixed clock is the page's from its first script on.
  await openControlledPage(page, '/');

  for (const shot of shots) {
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await show(page, shot);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      await markVolatile(page);
      await expect(page).toHaveScreenshot(`${shot.name}-${width}-light.png`, { stylePath: volatileStyle });
    }
  }

  // One page in the dark theme, which follows the system's setting.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await show(page, shots[1]);
  await settle(page);
  await markVolatile(page);
  await expect(page).toHaveScreenshot(`${shots[1].name}-${WIDTHS[0]}-dark.png`, { stylePath: volatileStyle });
});
