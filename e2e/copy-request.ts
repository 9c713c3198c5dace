/**
 * Clicks each of a request panel's three copy buttons and reads what reached the
 * clipboard, for the specs of the pages that offer them (components/copy-request.tsx).
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from 'tabula/testing';

export interface CopiedRequest {
  curl: string;
  fetch: string;
  node: string;
}

export async function copyEachSnippet(page: Page, context: BrowserContext, scope: Locator | Page = page): Promise<CopiedRequest> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = async (label: string) => {
    // Emptied first, so each read sees what this click wrote.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await scope.getByRole('button', { name: label, exact: true }).click();
    await expect(scope.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
    return page.evaluate(() => navigator.clipboard.readText());
  };
  return { curl: await copy('Copy as curl'), fetch: await copy('Copy as fetch'), node: await copy('Copy as Node client call') };
}

/** The words of a command quoted as the console quotes them (single quotes, `'\''` for a quote). */
export function shellWords(command: string): string[] {
  return [...command.matchAll(/(?:'[^']*'|\\.|[^\s'\\])+/g)].map(([word]) => word.replace(/'([^']*)'|\\(.)/g, (_, quoted, escaped) => quoted ?? escaped));
}
