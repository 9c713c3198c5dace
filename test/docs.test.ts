/**
 * Keeps the docs true to the tree and the tree free of citations of files it does not hold.
 *
 * - Every repository path a Markdown file names (`src/…`, `sw/…`, `test/…`, `e2e/…`,
 *   `bench/…`, `scripts/…`, `docs/…`, with or without `:line`) must exist, and a `:line`
 *   must be inside the file; every relative Markdown link must resolve.
 * - No file cites the folder of material shared beside the repository, or a section of
 *   it by the phrases once used for that: comments cite docs/architecture.md by section,
 *   docs/decisions, docs/limits.md, or MarkLogic's documentation by name
 *   (docs/decisions/0022-worker-wiring-and-living-docs.md).
 *
 * Reads the working tree directly (no git), so it sees files not yet committed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);
/** Larger files are data (a lock file, a captured result), not prose that cites anything. */
const MAX_BYTES = 2 * 1024 * 1024;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(join(dir, entry.name), out);
    } else if (entry.isFile()) {
      out.push(relative(ROOT, join(dir, entry.name)).split(sep).join('/'));
    }
  }
  return out;
}

const FILES = walk(ROOT);
const MARKDOWN = FILES.filter((f) => f.endsWith('.md'));
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

const lineCount = new Map<string, number>();
function exists(path: string): { ok: boolean; lines: number } {
  try {
    const stat = statSync(join(ROOT, path));
    if (!stat.isFile()) return { ok: true, lines: 0 };
    if (!lineCount.has(path)) lineCount.set(path, read(path).split('\n').length);
    return { ok: true, lines: lineCount.get(path)! };
  } catch {
    return { ok: false, lines: 0 };
  }
}

/**
 * A repository path as prose names it: a top-level folder, then path characters; `:line`
 * optional. A path followed by `<`, `{` or `*` is a pattern (`e2e/api-<family>.spec.ts`):
 * some file must start with the part before it.
 */
const REPO_PATH = /(?<![\w./@-])((?:src|sw|test|e2e|bench|scripts|docs)\/[\w./-]*)(?::(\d+))?([<{*])?/g;
/** Files the tools write, ignored by git, that the docs rightly name. */
const GENERATED = new Set(['bench/results/latest.json']);
/** A relative Markdown link target: `](target)`, not a URL or an anchor. */
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

/** Where each Markdown file names a path that is not in the tree (file: line: path). */
function stalePaths(file: string, text = read(file)): string[] {
  const problems: string[] = [];
  text
    .split('\n')
    .forEach((text, i) => {
      for (const [, raw, line, pattern] of text.matchAll(REPO_PATH)) {
        if (pattern) {
          if (!FILES.some((f) => f.startsWith(raw))) problems.push(`${file}:${i + 1}: no file matches ${raw}${pattern}…`);
          continue;
        }
        const path = raw.replace(/\.+$/, '');
        if (GENERATED.has(path)) continue;
        const found = exists(path);
        if (!found.ok) problems.push(`${file}:${i + 1}: ${path} does not exist`);
        else if (line !== undefined && Number(line) > found.lines) problems.push(`${file}:${i + 1}: ${path} has no line ${line}`);
      }
      for (const [, target] of text.matchAll(LINK)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const path = relative(ROOT, resolve(ROOT, dirname(file), target)).split(sep).join('/');
        if (!exists(path).ok) problems.push(`${file}:${i + 1}: link ${target} does not resolve`);
      }
    });
  return problems;
}

// Written so that this file does not match them itself.
const CITATIONS: Array<[string, RegExp]> = [
  ['a section of the spec', /\bspec\s+§/i],
  ['a section of the reference', /\breference\s+§/i],
  ['the design document', /\bDESIGN\.md\b/],
  ['a section of an issue', /\bissue\s+\d+\s?§/i],
  ['the platform facts file', /platform[-]facts/],
  ['the REST reference file', /marklogic[-]rest\.md/],
  ['the shared folder', /(?:\.\.\/)+shared\/|\/work\/shared\b|\bshared\/(?:spec|reference|conformance)\b/],
  ['a file of the shared reference', /\breference\/[\w-]+\.md\b/],
];

/**
 * The W3C test data is read from beside the repository; this one line says where, and is
 * the only mention of that folder allowed (everything else takes the path from it).
 */
const DATA_PATHS: Record<string, string> = {
  'test/conformance/files.ts': "'../../../shared/conformance'",
};

function citations(file: string): string[] {
  // This file names what it forbids.
  if (file === 'test/docs.test.ts') return [];
  const size = statSync(join(ROOT, file)).size;
  if (size > MAX_BYTES) return [];
  let text = read(file);
  if (text.includes('\u0000')) return [];
  const allowed = DATA_PATHS[file];
  if (allowed) text = text.replace(allowed, "''");
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, pattern] of CITATIONS) if (pattern.test(line)) problems.push(`${file}:${i + 1}: cites ${what}: ${line.trim().slice(0, 120)}`);
  });
  return problems;
}

describe('the docs name only what exists', () => {
  test('the Markdown files are found (README.md, docs/)', () => {
    expect(MARKDOWN).toContain('README.md');
    expect(MARKDOWN).toContain('docs/architecture.md');
    expect(MARKDOWN.filter((f) => f.startsWith('docs/decisions/')).length).toBeGreaterThan(10);
  });

  test('every repository path and relative link in a Markdown file exists', () => {
    expect(MARKDOWN.flatMap((file) => stalePaths(file))).toEqual([]);
  });

  test('the path finder sees paths with and without a line, and not URLs', () => {
    const found = (text: string) => [...text.matchAll(REPO_PATH)].map(([, path, line]) => [path.replace(/\.+$/, ''), line]);
    expect(found('see src/api/app.ts:12, then sw/sw.ts.')).toEqual([['src/api/app.ts', '12'], ['sw/sw.ts', undefined]]);
    expect(found('`docs/limits.md` and (test/helpers.ts)')).toEqual([['docs/limits.md', undefined], ['test/helpers.ts', undefined]]);
    expect(found('https://example.org/src/x.ts and /v1/documents')).toEqual([]);
  });

  test('a missing path, a line past the end, a pattern nothing matches and a broken link are each named', () => {
    const text = 'src/nowhere.ts, sw/sw.ts:99999, e2e/nothing-<x>.spec.ts, [0001](decisions/0000-none.md), sw/sw.ts:1, [ok](limits.md)';
    expect(stalePaths('docs/example.md', text)).toEqual([
      'docs/example.md:1: src/nowhere.ts does not exist',
      'docs/example.md:1: sw/sw.ts has no line 99999',
      'docs/example.md:1: no file matches e2e/nothing-<…',
      'docs/example.md:1: link decisions/0000-none.md does not resolve',
    ]);
  });
});

describe('no file cites what the repository does not hold', () => {
  test('no citation of the shared folder or its sections', () => {
    expect(FILES.flatMap(citations)).toEqual([]);
  });

  test.for([
    ['(spec §4)', true],
    ['reference §8.3', true],
    ['the DESIGN.md rule', true],
    ['issue 4 §7', true],
    ['see ../shared/reference/x', true],
    ['reference/platform-facts.md', true],
    ['MarkLogic’s REST API reference, /v1/search', false],
    ['docs/architecture.md, Platform facts', false],
    ['RFC 7616 §3.3', false],
  ] as const)('%s → cited: %s', ([text, cited]) => {
    expect(CITATIONS.some(([, pattern]) => pattern.test(text))).toBe(cited);
  });
});
