import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { catalogue, DbError, formatMessage, type MessageCode } from './errors';

const codes = Object.keys(catalogue) as MessageCode[];
const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every source file under src/, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** `new DbError('CODE', <a string or template literal>` — the detail's literal start. */
const CALL = /new DbError\(\s*'([A-Z0-9-]+)'\s*,\s*(['"`])((?:\\.|(?!\2)[^\\])*)/g;

/**
 * Calls whose detail starts with their code's catalogue text, which formatMessage already
 * puts first ("User already exists: User already exists: alice").
 */
function repeatedTexts(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    for (const [, code, , literal] of readFileSync(file, 'utf8').matchAll(CALL)) {
      if (!(code in catalogue)) continue;
      const text = catalogue[code as MessageCode].text.toLowerCase();
      if (literal.toLowerCase().startsWith(text)) found.push(`${relative(SRC, file)}: ${code} ${literal}`);
    }
  }
  return found;
}

describe('the message catalogue', () => {
  test.for(codes)('%s formats its catalogue text once, before the detail', (code) => {
    const message = formatMessage(code, 'the detail');
    const { text } = catalogue[code];
    expect(message.split(text)).toHaveLength(2);
    if (code !== 'SEC-PRIV') expect(message.endsWith('the detail')).toBe(true);
  });

  test('no DbError in src/ repeats its catalogue text at the start of its detail', () => {
    expect(repeatedTexts()).toEqual([]);
  });

  test('the source scan finds a detail that repeats the catalogue text (the check can fail)', () => {
    const sample = "throw new DbError('SEC-USEREXISTS', `User already exists: ${name}`);";
    const [[, code, , literal]] = [...sample.matchAll(CALL)];
    expect(literal.toLowerCase().startsWith(catalogue[code as MessageCode].text.toLowerCase())).toBe(true);
  });

  test.for([
    { code: 'XDMP-ELEMRIDXNOTFOUND', detail: 'cts:json-property-reference("total") -- No element range index for total', message: 'XDMP-ELEMRIDXNOTFOUND: cts:json-property-reference("total") -- No element range index for total' },
    { code: 'XDMP-PATHRIDXNOTFOUND', detail: 'sort: no path range index for /a/b', message: 'XDMP-PATHRIDXNOTFOUND: sort: no path range index for /a/b' },
    { code: 'XDMP-JSONDOC', detail: '/a.json: Unexpected token', message: 'XDMP-JSONDOC: (err:FOER0000) Document is not JSON: /a.json: Unexpected token' },
  ] as const)('a detail that already says the catalogue text is the whole message: $code', ({ code, detail, message }) => {
    expect(formatMessage(code, detail)).toBe(message);
  });

  test('a DbError message reads code, catalogue text, detail', () => {
    expect(new DbError('SEC-USEREXISTS', 'alice').message).toBe('SEC-USEREXISTS: (err:FOER0000) User already exists: alice');
  });
});
