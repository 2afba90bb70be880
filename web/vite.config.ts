// Vite builds the web app from web/ into web/dist/, which the server serves at `/`.
// `npm ci` runs this through scripts/build-web.mjs, so a fresh clone serves a built app.
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
// In development the API lives in the real server; point TRACKER_URL at it.
const target = process.env.TRACKER_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root,
  base: '/',
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: process.env.NODE_ENV !== 'production' })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Phones on slow links: keep the first page small and let the chart pages load on demand.
    target: 'es2020',
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      '/api': target,
      '/login': { target, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/logout': target,
    },
  },
});
