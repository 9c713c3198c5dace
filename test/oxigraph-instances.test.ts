// The service worker's way to a fresh engine after a trap (sw/oxigraph-instances.ts),
// exercised on the real web build in Node: the rewritten module loads, its exports are
// a working engine, and newInstance() gives instances whose wasm memories are separate.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInstanceFactory } from '../sw/oxigraph-instances';

type Web = typeof import('oxigraph/web.js');

const require = createRequire(import.meta.url);
const webDir = dirname(require.resolve('oxigraph'));
const wasm = new WebAssembly.Module(readFileSync(join(webDir, 'web_bg.wasm')));
/** 800 nested groups: past the engine's stack in linear memory (a real trap). */
const TRAPPING = `SELECT * WHERE ${'{ '.repeat(2000)}?s ?p ?o${' }'.repeat(2000)}`;

let dir: string;
let web: Web & { newInstance(): Web };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oxigraph-instances-'));
  const file = join(dir, 'web.mjs');
  writeFileSync(file, withInstanceFactory(readFileSync(join(webDir, 'web.js'), 'utf8')));
  web = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as typeof web;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ready = (instance: Web): Web => {
  instance.initSync({ module: wasm });
  return instance;
};

describe('the rewritten web build', () => {
  it('exports a working engine as before', () => {
    ready(web);
    const store = new web.Store();
    store.add(web.quad(web.namedNode('http://a'), web.namedNode('http://p'), web.literal('o')));
    expect(store.query('ASK { ?s ?p "o" }')).toBe(true);
  });

  it('gives a new instance that keeps working after another one trapped', () => {
    const broken = ready(web.newInstance());
    expect(() => new broken.Store().query(TRAPPING)).toThrow(WebAssembly.RuntimeError);
    expect(() => new broken.Store().query('ASK {}')).toThrow(WebAssembly.RuntimeError);
    const fresh = ready(web.newInstance());
    expect(new fresh.Store().query('ASK {}')).toBe(true);
  });

  it('refuses a glue whose exports it does not know', () => {
    expect(() => withInstanceFactory('export const x = 1;\nexport { initSync, __wbg_init as default };\n')).toThrow(/export/);
    expect(() => withInstanceFactory('export function f() {}\n')).toThrow(/no longer ends/);
  });
});
