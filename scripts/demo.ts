/**
 * `npm run demo -- <demo file>… [--out dir] [--headed | --headless] [--pace ms]`: plays
 * scripted demos (src/testing/demo.ts, examples in demos/) against the built app, in the
 * system Chromium — headed when a display exists, headless otherwise — and writes each
 * one's storyboard to `<out>/<demo name>/`: a screenshot per step, `index.html` stringing
 * them together, `storyboard.json`, and a video where Playwright can record one. Exits 1
 * when a step fails (the storyboard is still written, up to that step). docs/demos.md.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createPreviewServer } from './preview.mjs';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { openControlledPage } from '../src/testing/page-fetch';
import { tabulaIn, type Tabula } from '../src/testing/tabula';
import { storyboardHtml, type Demo, type DemoContext, type DemoScene, type PlayedStep, type Storyboard } from '../src/testing/demo';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: npm run demo -- <demo file>… [--out dir] [--headed | --headless] [--pace ms]';

export interface DemoRunOptions {
  out: string;
  headless: boolean;
  /** Milliseconds each caption stays before its step runs (a person watching reads it). */
  paceMs: number;
}

export function parseDemoArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env): { files: string[]; options: DemoRunOptions } {
  const files: string[] = [];
  const options: DemoRunOptions = { out: 'demo-output', headless: !env.DISPLAY && !env.WAYLAND_DISPLAY, paceMs: -1 };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--headed') options.headless = false;
    else if (arg === '--headless') options.headless = true;
    else if (arg === '--out' || arg === '--pace') {
      const value = args[++i];
      if (value === undefined) throw new Error(`${arg} needs a value (${USAGE})`);
      if (arg === '--out') options.out = value;
      else if (!/^\d+$/.test(value)) throw new Error(`--pace must be milliseconds, not ${JSON.stringify(value)}`);
      else options.paceMs = Number(value);
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg} (${USAGE})`);
    else files.push(arg);
  }
  if (files.length === 0) throw new Error(`no demo named (${USAGE})`);
  // Headed, the audience reads each caption; headless, nobody is watching.
  if (options.paceMs < 0) options.paceMs = options.headless ? 0 : 1500;
  return { files, options };
}

const CAPTION_ID = 'tabula-demo-caption';

/** Shows `text` in a caption bar over the page (replacing the last one). */
async function showCaption(page: Page, text: string): Promise<void> {
  await page.evaluate(
    ({ id, text }) => {
      let bar = document.getElementById(id);
      if (!bar) {
        bar = document.createElement('div');
        bar.id = id;
        bar.setAttribute('role', 'status');
        bar.setAttribute('aria-live', 'polite');
        Object.assign(bar.style, {
          position: 'fixed', left: '50%', bottom: '24px', transform: 'translateX(-50%)', zIndex: '2147483647',
          maxWidth: '80vw', padding: '10px 18px', borderRadius: '8px', background: 'rgba(20, 24, 33, 0.88)',
          color: '#fff', font: '600 18px/1.4 system-ui, sans-serif', boxShadow: '0 4px 18px rgba(0,0,0,.25)', pointerEvents: 'none',
        });
        document.body.appendChild(bar);
      }
      bar.textContent = text;
    },
    { id: CAPTION_ID, text },
  );
}

async function loadScene(tabula: Tabula, scene: DemoScene, demoFile: string): Promise<void> {
  if (scene === 'empty') await tabula.reset();
  else if ('sample' in scene) await tabula.load(scene);
  else await tabula.load(resolve(dirname(demoFile), scene.file));
}

/** A page that records video when this machine has Playwright's ffmpeg; else one that does not, and why. */
async function newPage(browser: Browser, baseURL: string, videoDir: string): Promise<{ context: BrowserContext; page: Page; note?: string }> {
  const viewport = { width: 1440, height: 900 };
  const context = await browser.newContext({ baseURL, viewport, recordVideo: { dir: videoDir, size: viewport } });
  try {
    return { context, page: await context.newPage() };
  } catch (e) {
    await context.close().catch(() => undefined);
    // Playwright records through its own ffmpeg build, which `npx playwright install ffmpeg` fetches.
    const reason = e instanceof Error ? (/ffmpeg/i.test(e.message) ? "Playwright's ffmpeg is not installed" : e.message.split('\n')[0]) : String(e);
    const plain = await browser.newContext({ baseURL, viewport });
    return { context: plain, page: await plain.newPage(), note: `No video: this machine cannot record one (${reason}).` };
  }
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48) || 'step';

/** Plays one demo; the storyboard is written whatever happens. */
export async function playDemo(file: string, baseURL: string, browser: Browser, options: DemoRunOptions): Promise<Storyboard> {
  const demo = ((await import(pathToFileURL(resolve(file)).href)) as { default: Demo }).default;
  if (!demo || typeof demo.play !== 'function') throw new Error(`${file}: its default export is not a demo (use defineDemo)`);
  const dir = resolve(options.out, basename(file).replace(/\.demo\.[cm]?[jt]s$|\.[cm]?[jt]s$/, ''));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { context: browserContext, page, note } = await newPage(browser, baseURL, join(dir, 'video'));
  const steps: PlayedStep[] = [];
  let passed = true;
  const board = (): Storyboard => ({
    title: demo.title,
    description: demo.description,
    demo: relative(root, resolve(file)),
    date: new Date().toISOString(),
    steps,
    video: null,
    videoNote: note,
    passed,
  });
  try {
    await openControlledPage(page);
    const tabula = tabulaIn(page);
    await loadScene(tabula, demo.scene, file);
    await page.reload();
    const context: DemoContext = {
      page,
      tabula,
      async step(caption, run) {
        const index = steps.length + 1;
        const screenshot = `${String(index).padStart(2, '0')}-${slug(caption)}.png`;
        const start = Date.now();
        await showCaption(page, caption);
        if (options.paceMs > 0) await page.waitForTimeout(options.paceMs);
        try {
          await run();
          await page.waitForLoadState('networkidle');
          // A page that navigated lost the caption: show it again for the screenshot.
          await showCaption(page, caption);
          await page.screenshot({ path: join(dir, screenshot) });
          steps.push({ index, caption, screenshot, ms: Date.now() - start });
        } catch (e) {
          await page.screenshot({ path: join(dir, screenshot) }).catch(() => undefined);
          steps.push({ index, caption, screenshot, ms: Date.now() - start, error: e instanceof Error ? e.message.split('\n')[0] : String(e) });
          throw e;
        }
      },
    };
    await demo.play(context);
  } catch (e) {
    passed = false;
    console.error(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    const video = note ? null : page.video();
    await browserContext.close();
    const result = board();
    if (video) result.video = relative(dir, await video.path());
    writeFileSync(join(dir, 'storyboard.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(dir, 'index.html'), storyboardHtml(result));
  }
  return board();
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseDemoArgs>;
  try {
    parsed = parseDemoArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  }
  const { files, options } = parsed;
  if (!existsSync(join(root, 'dist', 'sw.js'))) {
    console.log('dist/ has no build: building first (npm run build)');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const server = createPreviewServer({ root: join(root, 'dist') });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const args = options.headless ? chromiumArgs : chromiumArgs.filter((a) => a !== '--headless');
  const browser = await chromium.launch({ executablePath: chromiumPath, args, headless: options.headless });
  let failed = 0;
  try {
    for (const file of files) {
      const board = await playDemo(file, baseURL, browser, options);
      const where = join(options.out, basename(file).replace(/\.demo\.[cm]?[jt]s$|\.[cm]?[jt]s$/, ''), 'index.html');
      console.log(`${board.passed ? 'played' : 'FAILED'}: ${board.title} — ${board.steps.length} steps → ${where}`);
      if (!board.passed) failed++;
    }
  } finally {
    await browser.close();
    server.close();
    server.closeAllConnections();
  }
  process.exit(failed > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
