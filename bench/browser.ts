/**
 * The benchmark's browser: Debian's Chromium driven over a bare DevTools pipe, with no
 * domain enabled that watches the page's traffic.
 *
 * Why not Playwright: it enables the Network domain on every page it drives, and then
 * Chromium reports each request to it — body included. Measured in this Chromium, a
 * 22 MB request body costs ~600 ms per request through a Playwright page and ~230 ms
 * through a bare one; a small request pays a smaller toll. The in-page baselines (Oxigraph,
 * IndexedDB) make no requests, so that toll fell on the service worker's side of every
 * ratio (docs/decisions/0011-bench-browser.md). Playwright stays the tool of the e2e tests.
 *
 * What the runner needs and nothing more: fresh browser contexts (a fresh IndexedDB and
 * service-worker registration each), a page at a URL, `evaluate(fn, arg)` like
 * Playwright's, and the page's DevTools session for `ServiceWorker.stopAllWorkers`.
 *
 * @example
 * const browser = await launchBenchBrowser();
 * const page = await browser.newPage(`${baseURL}/bench-quiet-page.txt`);
 * const answer = await page.evaluate((n) => n + 1, 41);
 * await page.close();
 * await browser.close();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import type { CdpSession } from '../src/testing/service-worker-control';

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  method: string;
}

interface Message {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message: string };
  sessionId?: string;
}

/** DevTools protocol over `--remote-debugging-pipe`: JSON messages separated by NUL bytes. */
class Connection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(params: unknown) => void>>();
  private buffer = '';
  private closed: Error | undefined;

  constructor(
    private readonly out: Writable,
    input: Readable,
  ) {
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf('\0'); end >= 0; end = this.buffer.indexOf('\0')) {
        const text = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 1);
        this.dispatch(JSON.parse(text) as Message);
      }
    });
    input.on('close', () => this.fail(new Error('the browser closed its DevTools pipe')));
  }

  send<T>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    this.out.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (r: unknown) => void, reject, method }));
  }

  on(sessionId: string, event: string, handler: (params: unknown) => void): () => void {
    const key = `${sessionId} ${event}`;
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message}`));
      else pending.resolve(message.result);
      return;
    }
    if (message.method) {
      for (const handler of this.listeners.get(`${message.sessionId ?? ''} ${message.method}`) ?? []) handler(message.params);
    }
  }

  private fail(error: Error): void {
    this.closed = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}

/** A page in its own browser context. */
export interface BenchPage {
  /** Runs `fn(arg)` in the page (`fn` is sent as source: it may use only its argument and page globals) and returns its JSON-able result. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Adds a classic script to the page. */
  addScript(source: string): Promise<void>;
  /** The page's DevTools session (for the service-worker control). */
  session: CdpSession;
  /** Its browser context: the service worker controlling it runs there too (a `service_worker` target of the same context). */
  browserContextId: string;
  /** Closes the page and discards its context (storage included). */
  close(): Promise<void>;
}

export interface BenchBrowser {
  version: string;
  /** The browser's DevTools connection, for targets other than pages (a service worker to profile). */
  send<T>(method: string, params?: object, sessionId?: string): Promise<T>;
  newPage(url: string): Promise<BenchPage>;
  close(): Promise<void>;
}

interface EvaluateResult {
  result: { value?: unknown; type: string };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

export async function launchBenchBrowser(): Promise<BenchBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'tabula-bench-'));
  const child: ChildProcess = spawn(chromiumPath, [...chromiumArgs, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const connection = new Connection(child.stdio[3] as Writable, child.stdio[4] as Readable);
  const { product } = await connection.send<{ product: string }>('Browser.getVersion');

  async function newPage(url: string): Promise<BenchPage> {
    const { browserContextId } = await connection.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: true });
    const { targetId } = await connection.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await connection.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const session: CdpSession = {
      send: (method: string, params?: object) => connection.send(method, params, sessionId),
      on: (event: string, handler: (params: never) => void) => void connection.on(sessionId, event, handler as (p: unknown) => void),
      detach: async () => undefined, // the page's session lives as long as the page
    };
    const evaluate = async <R>(expression: string): Promise<R> => {
      const r = await connection.send<EvaluateResult>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
      if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
      return r.result.value as R;
    };
    await connection.send('Page.navigate', { url }, sessionId);
    // Page.navigate answers when the navigation commits; the runner needs the document loaded.
    const deadline = Date.now() + 30_000;
    while ((await evaluate<string>(`document.readyState + ' ' + location.href`)) !== `complete ${url}`) {
      if (Date.now() > deadline) throw new Error(`${url} did not load within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return {
      session,
      browserContextId,
      evaluate: <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) => evaluate<R>(`(${fn.toString()})(${JSON.stringify(arg) ?? 'undefined'})`),
      addScript: async (source) => {
        await evaluate(`{ const s = document.createElement('script'); s.textContent = ${JSON.stringify(source)}; document.head.append(s); }`);
      },
      close: async () => {
        await connection.send('Target.closeTarget', { targetId });
        await connection.send('Target.disposeBrowserContext', { browserContextId });
      },
    };
  }

  return {
    version: product.replace(/^(Headless)?Chrome\//, ''),
    send: (method, params, sessionId) => connection.send(method, params, sessionId),
    newPage,
    async close() {
      await connection.send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
