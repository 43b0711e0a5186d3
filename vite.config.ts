import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The SPA lives in src/web and is built into dist/web, which the server serves with a history fallback.
export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@web': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/oidc': 'http://localhost:5000',
      '/tracker.js': 'http://localhost:5000',
    },
  },
});
