/**
 * Runs axe-core (Deque's accessibility rules engine, the `axe-core` dev dependency) in a page
 * and reports what it finds in a form a person can act on: rule, impact, the elements' selectors
 * and the rule's help text and link. docs/decisions/0037-accessibility-and-layout-checks.md says
 * why axe and which findings fail a test.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The WCAG 2.0 and 2.1 A and AA rules, plus axe's best practices (headings, landmarks, regions). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The rules whose outcome depends on the colours, so the only ones a second theme can change:
 * a page's structure, names and roles are the same in both.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The impacts that fail a check: what stops or seriously hinders a person using assistive technology. */
export const GATING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

export interface AxeFinding {
  rule: string;
  impact: ImpactValue | null | undefined;
  help: string;
  helpUrl: string;
  /** The element's CSS selector, as axe gives it. */
  target: string;
}

/**
 * axe's violations on the page as it is now, every impact, one per element; `rules` narrows
 * the run to those rules (of the tags above). The script is injected once per document.
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
    ...(rules ? { runOnly: { type: 'rule', values: [...rules] } } : {}),
  };
  const results = await page.evaluate(
    (opts) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, opts),
    options,
  );
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => ({ rule: v.id, impact: n.impact ?? v.impact, help: v.help, helpUrl: v.helpUrl, target: n.target.map(String).join(' ') })),
  );
}

/** The findings that fail a check. */
export const gating = (findings: readonly AxeFinding[]): AxeFinding[] => findings.filter((f) => f.impact != null && GATING_IMPACTS.includes(f.impact));

/**
 * The findings as a report: one entry per place and rule, with the themes it was seen in and
 * the elements (the first few of many), e.g.
 * `Search [dark]: [serious] color-contrast, 3 elements: Elements must … (https://…)` and a
 * selector a line.
 */
export function describeFindings(findings: ReadonlyArray<{ where: string; scheme: string; finding: AxeFinding }>): string {
  const groups = new Map<string, { schemes: Set<string>; targets: Set<string>; first: AxeFinding; where: string }>();
  for (const { where, scheme, finding } of findings) {
    const key = `${where}\u0000${finding.rule}`;
    const group = groups.get(key) ?? { schemes: new Set(), targets: new Set(), first: finding, where };
    group.schemes.add(scheme);
    group.targets.add(finding.target);
    groups.set(key, group);
  }
  const SHOWN = 5;
  return [...groups.values()]
    .map(({ schemes, targets, first, where }) => {
      const all = [...targets];
      const more = all.length > SHOWN ? [`… and ${all.length - SHOWN} more`] : [];
      const head = `${where} [${[...schemes].join(', ')}]: [${first.impact}] ${first.rule}, ${all.length} element${all.length === 1 ? '' : 's'}: ${first.help} (${first.helpUrl})`;
      return [head, ...all.slice(0, SHOWN).map((t) => `    ${t}`), ...more.map((m) => `    ${m}`)].join('\n');
    })
    .join('\n');
}
