/// <reference types="vitest/config" />
// The console build (index.html → dist/). The service worker is a second build with
// its own config (vite.sw.config.ts) because it must be one ES-module chunk.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
