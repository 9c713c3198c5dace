/**
 * The console's shell on every page (docs/decisions/0036-console-shell-theme-shortcuts-progress.md):
 * a first visit shows the header at once and the database's start as it happens; on a phone-sized
 * screen the pages are behind a Menu button and nothing is wider than the screen; the theme follows
 * the system until chosen, and the choice survives a reload; `?` lists the shortcuts and `g` then a
 * letter goes to a page.
 */
import { test, expect } from 'tabula/testing';
import type { Page } from '@playwright/test';

/** The pages as the navigation lists them (src/console/app/routes.tsx). */
const PAGES = [
  { label: 'Documents', key: 'd' },
  { label: 'Search', key: 's' },
  { label: 'Options', key: 'o' },
  { label: 'Analytics', key: 'a' },
  { label: 'SPARQL', key: 'q' },
  { label: 'Graphs', key: 'g' },
  { label: 'Databases', key: 'b' },
];

const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('a first visit shows the header at once, then the start step by step until the database is ready', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = { headerBeforeControl: undefined as boolean | undefined, gate: [] as string[], status: [] as string[] };
    (window as unknown as { __shell: typeof seen }).__shell = seen;
    new MutationObserver(() => {
      if (seen.headerBeforeControl === undefined && document.querySelector('header nav')) seen.headerBeforeControl = !navigator.serviceWorker.controller;
      const gate = document.querySelector('[data-testid="starting-database"]')?.textContent;
      if (gate && gate !== seen.gate.at(-1)) seen.gate.push(gate);
      const status = document.querySelector('[data-testid="startup-status"]')?.textContent;
      if (status && status !== seen.status.at(-1)) seen.status.push(status);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Tabula' })).toBeVisible();
  await expect(page.getByTestId('startup-status')).toHaveText("This browser's database is ready", { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documents');
  const seen = await page.evaluate(() => (window as unknown as { __shell: { headerBeforeControl: boolean; gate: string[]; status: string[] } }).__shell);
  await context.close();

  // The header was there before the worker controlled the page.
  expect(seen.headerBeforeControl).toBe(true);
  // The gate went through the steps, with the engine's bytes counted while it downloaded.
  expect(seen.gate.some((text) => text.includes('Registering the database worker (in progress)'))).toBe(true);
  const downloads = seen.gate.flatMap((text) => /Downloading the engine \(in progress\)([\d.]+ [KM]?B) of ([\d.]+ [KM]?B)/.exec(text)?.slice(1) ?? []);
  expect(downloads.length).toBeGreaterThan(0);
  expect(seen.status).toEqual(expect.arrayContaining(['Downloading the engine…', "This browser's database is ready"]));
  expect(seen.status.at(-1)).toBe("This browser's database is ready");
});

test('at 390 px the menu reaches every page and nothing is wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole('button', { name: 'Menu' });
  for (const { label } of PAGES) {
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const list = page.locator(`#${await menu.getAttribute('aria-controls')}`);
    await list.getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    expect(await widerThanScreen(page), `${label} at 390 px`).toBeLessThanOrEqual(0);
  }
});

test('the theme follows the system on System, a choice survives a reload, and the shortcuts help lists and goes', async ({ page }) => {
  const theme = page.getByRole('combobox', { name: 'Theme' });
  await expect(theme).toHaveValue('system');
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await bodyBackground(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await bodyBackground(page);
  expect(dark).not.toBe(light);

  // Chosen, it holds against the system and across a reload.
  await theme.selectOption('light');
  await expect.poll(() => bodyBackground(page)).toBe(light);
  await page.reload();
  await expect(theme).toHaveValue('light');
  expect(await bodyBackground(page)).toBe(light);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // Back on System, the system's dark again.
  await theme.selectOption('system');
  await expect.poll(() => bodyBackground(page)).toBe(dark);

  // `?` opens the help as a modal dialog, focus inside; Tab stays in; Escape closes and gives focus back.
  const searchLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' });
  await searchLink.focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('region', { name: 'Navigation' })).toContainText('Go to SPARQL');
  for (const { label } of PAGES) await expect(help).toContainText(`Go to ${label}`);
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  expect(await help.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(searchLink).toBeFocused();

  // The theme's shortcut switches from the dark the system gives to light, as an explicit choice.
  await page.keyboard.press('Shift+T');
  await expect(theme).toHaveValue('light');

  // `g` then `s` goes to Search; typed in a field, the same keys are only text.
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/#\/search/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  const field = page.getByRole('combobox', { name: 'Query' });
  await field.fill('');
  await field.press('g');
  await field.press('d');
  await expect(field).toHaveValue('gd');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
});
