/**
 * Semantics over a city: the city sample's triples (districts, stations, observations,
 * council reports and a SKOS topic tree) queried with its saved SPARQL queries, then browsed
 * as graphs and nodes. `npm run demo -- demos/semantics.demo.ts`
 */
import { expect } from '@playwright/test';
import { defineDemo } from '../src/testing/demo';

export default defineDemo({
  title: 'Semantics over a city: saved SPARQL queries and graphs',
  description: 'The city sample’s triples, queried and browsed in this browser tab, offline.',
  scene: { sample: 'city' },
  async play({ page, step }) {
    const nav = page.getByRole('navigation', { name: 'Main' });

    await step('The SPARQL editor, with the sample’s saved queries', async () => {
      await nav.getByRole('link', { name: 'SPARQL' }).click();
      await expect(page.getByTestId('connection-status')).toHaveText('Connected');
      await page.getByText(/^Saved queries/).click();
      await expect(page.getByRole('list', { name: 'Saved queries' }).getByRole('button').first()).toBeVisible();
    });

    await step('Open a saved query in a tab of its own', async () => {
      await page.getByRole('list', { name: 'Saved queries' }).getByRole('button').first().click();
      await expect(page.getByTestId('sparql-editor')).toContainText('SELECT');
    });

    await step('Run it: the answer, from Oxigraph in this tab', async () => {
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByTestId('result-count')).toHaveText(/rows?$/);
    });

    await step('The graphs the city is described in', async () => {
      await nav.getByRole('link', { name: 'Graphs' }).click();
      await expect(page.getByRole('list', { name: 'Graphs' }).getByRole('link').first()).toBeVisible();
    });

    await step('Open a graph: its triples, page by page', async () => {
      await page.getByRole('list', { name: 'Graphs' }).getByRole('link').first().click();
      await expect(page.getByTestId('graph-triple-count')).toHaveText(/triples$/);
    });

    await step('Follow a subject: everything said about it, in and out', async () => {
      await page.getByRole('table', { name: 'Triples' }).getByRole('link').first().click();
      await expect(page.getByRole('table', { name: 'Outgoing triples' })).toBeVisible();
    });
  },
});
