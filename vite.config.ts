/// <reference types="vitest/config" />
// The console build (index.html → dist/). The service worker is a second build with
// its own config (vite.sw.config.ts) because it must be one classic-script chunk.
import { defineConfig, build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { oxigraphInstances } from './sw/oxigraph-instances.js';
import { classicWorkerDefines } from './sw/worker-build.js';

export default defineConfig({
  plugins: [react(), devServiceWorker()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  preview: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4173), strictPort: true },
  server: { host: '127.0.0.1' },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    pool: 'threads',
    maxWorkers: 2,
  },
});

/**
 * `npm run dev` with the database: serves /sw.js built on request from sw/sw.ts (the
 * same one-chunk build as production), precaching only the shell's index.html, so
 * the console and the API work under the dev server as they do when built.
 */
function devServiceWorker(): Plugin {
  return {
    name: 'tabula:dev-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res, next) => {
        build({
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          // sw/sw.ts makes a fresh engine instance after a trap (newInstance).
          plugins: [oxigraphInstances()],
          define: { 'process.env.NODE_ENV': JSON.stringify('development'), ...classicWorkerDefines },
          build: {
            write: false,
            minify: false,
            lib: { entry: 'sw/sw.ts', formats: ['iife'], name: 'tabulaServiceWorker', fileName: () => 'sw.js' },
            rolldownOptions: { output: { codeSplitting: false } },
          },
        })
          .then((out) => {
            const outputs = Array.isArray(out) ? out : [out];
            const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((item) => item.type === 'chunk');
            if (!chunk || chunk.type !== 'chunk') throw new Error('the service worker build produced no chunk');
            const manifest = JSON.stringify([{ url: '/index.html', revision: String(Date.now()) }]);
            res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(chunk.code.replace('self.__WB_MANIFEST', manifest));
          })
          .catch(next);
      });
    },
  };
}
