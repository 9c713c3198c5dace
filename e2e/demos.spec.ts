/**
 * The example demos (demos/) played headless by the demo runner, as CI plays them: each must
 * play through and leave a storyboard — index.html and one screenshot per step it lists.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import type { Storyboard } from '../src/testing/demo';

const demos = ['search', 'semantics'];

test('the example demos play headless and write their storyboards', async () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(join(tmpdir(), 'tabula-demos-'));
  try {
    const child = spawn('npx', ['tsx', 'scripts/demo.ts', ...demos.map((d) => `demos/${d}.demo.ts`), '--out', out, '--headless'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, log).toBe(0);
    for (const demo of demos) {
      const dir = join(out, demo);
      const board = JSON.parse(readFileSync(join(dir, 'storyboard.json'), 'utf8')) as Storyboard;
      expect(board.passed).toBe(true);
      expect(board.steps.length).toBeGreaterThan(3);
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      for (const step of board.steps) {
        expect(step.error).toBeUndefined();
        expect(statSync(join(dir, step.screenshot)).size).toBeGreaterThan(10_000);
        expect(html).toContain(`src="${step.screenshot}"`);
      }
      if (board.video) expect(existsSync(join(dir, board.video))).toBe(true);
      else expect(board.videoNote).toMatch(/^No video/);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
