// The engine host's build: sw/engine-host.ts → dist/engine-host.js, one ES-module chunk
// (docs/decisions/0028-engine-host.md). It runs after the console build and before the
// service worker's, whose precache list then includes it; it must not wipe either.
import { defineConfig } from 'vite';
import { oxigraphInstances } from './sw/oxigraph-instances.js';
import { flexsearchWithoutWorkers, oxigraphWasmAsAsset } from './sw/worker-build.js';

export default defineConfig({
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  plugins: [oxigraphWasmAsAsset(), oxigraphInstances(), flexsearchWithoutWorkers()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: true,
    target: 'es2022',
    minify: false,
    lib: { entry: 'sw/engine-host.ts', formats: ['es'], fileName: () => 'engine-host.js' },
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
