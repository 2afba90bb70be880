// Vite builds the web app from web/ into web/dist/, which the server serves at `/`.
// `npm ci` runs this through scripts/build-web.mjs, so a fresh clone serves a built app.
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';

const root = fileURLToPath(new URL('.', import.meta.url));
// In development the API lives in the real server; point TRACKER_URL at it.
const target = process.env.TRACKER_URL ?? 'http://127.0.0.1:8080';

// The web app's catalogues (src/i18n/<catalogue>.json, ICU MessageFormat) are compiled here, at
// build time, into the syntax trees intl-messageformat formats; the phone then needs no ICU
// parser, and the app aliases it to the parser-less build (formatjs's documented way to keep
// the bundle small). A message with a syntax error fails the build.
const catalogues = {
  name: 'icu-catalogues',
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    if (!/[\\/]src[\\/]i18n[\\/][^\\/]+\.json$/.test(id)) return null;
    const messages = JSON.parse(code) as Record<string, string>;
    const out: Record<string, unknown> = {};
    for (const [key, text] of Object.entries(messages)) {
      try {
        out[key] = parse(text);
      } catch (e) {
        throw new Error(`${id}: ${key}: ${(e as Error).message}`);
      }
    }
    return { code: JSON.stringify(out), map: null };
  },
};

export default defineConfig({
  root,
  base: '/',
  plugins: [catalogues, preact({ devToolsEnabled: false, prefreshEnabled: process.env.NODE_ENV !== 'production' })],
  resolve: {
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
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
