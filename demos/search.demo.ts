/**
 * Search, from a sample to facets and values: the library sample (240 books as JSON, 48
 * authors as XML) searched with its own query options — words, a facet, a document — then
 * the same index's values and aggregates on the Analytics page.
 * `npm run demo -- demos/search.demo.ts`
 */
import { expect } from '@playwright/test';
import { defineDemo } from '../src/testing/demo';

export default defineDemo({
  title: 'Search a library: words, facets, documents and values',
  description: 'The library sample searched with its query options; every step runs in this browser tab, offline.',
  scene: { sample: 'library' },
  async play({ page, step }) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const facets = page.getByRole('complementary', { name: 'Facets' });

    await step('The library sample: JSON books and XML authors, in this browser', async () => {
      await nav.getByRole('link', { name: 'Documents' }).click();
      await expect(page.getByTestId('connection-status')).toHaveText('Connected');
    });

    await step('Search with the library’s query options: every book, with facets', async () => {
      await nav.getByRole('link', { name: 'Search' }).click();
      await page.getByLabel('Options').selectOption('library');
      await expect(page.getByTestId('search-total')).toHaveText(/results$/);
      await expect(facets.getByRole('region').first()).toBeVisible();
    });

    await step('Type words: ranked results with highlighted snippets', async () => {
      const box = page.getByRole('combobox', { name: 'Query' });
      await box.fill('river');
      await box.press('Enter');
      await expect(page.getByTestId('search-total')).toHaveText(/results?$/);
    });

    await step('Narrow with a facet: one click adds a constraint to the query', async () => {
      await facets.getByRole('region').first().getByRole('button').first().click();
      await expect(page.getByRole('combobox', { name: 'Query' })).toHaveValue(/:/);
    });

    await step('Open a result: the document and its metadata', async () => {
      await page.getByTestId('search-result').first().getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    });

    await step('Analytics: the same range indexes as values, counts and aggregates', async () => {
      await nav.getByRole('link', { name: 'Analytics' }).click();
      await page.getByLabel('Options').selectOption('library');
      // The first values definition of the library options (the select's first entry is its prompt).
      await page.getByLabel('Definition').selectOption({ index: 1 });
      await expect(page.getByTestId('values-chart')).toBeVisible();
    });
  },
});
