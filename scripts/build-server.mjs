#!/usr/bin/env node
// Compiles src/ to dist/ (same layout and depth, so `new URL('../../data/…', import.meta.url)`
// resolves the same from both) and copies the JSON the server reads at run time. The server
// runs this compiled JavaScript: no TypeScript compiler at run time. Skips quietly when the
// compiler is absent (a production install without dev dependencies that ships a prebuilt dist).
//
// Then dist/main.js, the server's entry (`npm start`, `node dist/main.js`), is replaced by a
// bundle of the server and the JavaScript packages it uses: Node finding, reading and linking
// its ~1,300 modules one by one was most of the server's start, which now takes less than half
// the CPU time it did. The other files of dist/ stay as tsc wrote them, for the `tracker` command.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const tsc = `${root}node_modules/typescript/bin/tsc`;
if (!existsSync(tsc)) {
  console.log('build-server: typescript is not installed; using the dist/ that is there');
  process.exit(existsSync(`${root}dist/main.js`) ? 0 : 1);
}
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit', cwd: root });
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(`${root}dist/http`, { recursive: true });
copyFileSync(`${root}src/http/openapi-examples.json`, `${root}dist/http/openapi-examples.json`);

// esbuild is a dev dependency (tsx and vite use it too). Without it, dist/main.js stays
// the unbundled server tsc wrote: the same server, slower to start.
let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.log('build-server: esbuild is not installed; dist/main.js is not bundled');
  process.exit(0);
}

// Loaded from node_modules at run time, not bundled: better-sqlite3 is native code; Swagger UI
// serves files found beside its own source (and is imported only with the first /docs request);
// pg-native is node-postgres's optional native driver (absent: node-postgres goes without).
const NATIVE = ['better-sqlite3'];
// Also left out, and loaded from node_modules only if something ever asks for them: what the
// server loads on first use (node-postgres, Web Push, the CSV parser), and fastify's ajv
// and fast-json-stringify compilers, which it never uses (the routes' schemas are zod's). In the
// bundle, code that never runs is still read and pre-parsed at every start, and its text held
// in memory for as long as the server runs.
const ON_FIRST_USE = ['pg', 'web-push', 'csv-parse', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];
const EXTERNAL = [...NATIVE, '@fastify/swagger-ui', 'pg-native', ...ON_FIRST_USE];

await esbuild.build({
  entryPoints: [`${root}src/main.ts`],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: `${root}dist/main.js`,
  allowOverwrite: true,
  sourcemap: true,
  sourcesContent: false,
  // Not minified, so names stay as written except where two modules' names collide (esbuild
  // renames one: only a few of the dependencies' classes). keepNames would pin every one with a
  // call when each function or class is made, and the request path makes closures by the
  // thousand: it cost ~8 % of a cached read's CPU (issue 38, bench/NOTES.md).
  keepNames: false,
  logLevel: 'warning',
  external: EXTERNAL,
  // Packages written as CommonJS call require() for Node's own modules; an ES module has none.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  // One file, no chunks: modules run in the order they do unbundled (esbuild's chunks run shared
  // modules first, which reorders, for one, the schemas in /openapi.json). A module imported
  // lazily (the MCP connector, node-postgres, Web Push, the importers) is in the file but runs
  // at its first import, as before.
  splitting: false,
  plugins: [
    {
      // An external package imported by a module would be imported by the bundle's first line,
      // before memory.ts has set how the heap grows (and node-postgres would load on SQLite too);
      // required instead, it loads at its place, when the module importing it first runs.
      name: 'external-in-order',
      setup(build) {
        const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        const names = new RegExp(`^(${[...NATIVE, ...ON_FIRST_USE].map(escape).join('|')})(/.*)?$`);
        build.onResolve({ filter: names }, ({ path, namespace }) =>
          namespace === 'native' ? { path, external: true } : { path, namespace: 'native' });
        build.onLoad({ filter: /.*/, namespace: 'native' }, ({ path }) => ({ contents: `module.exports = require(${JSON.stringify(path)});`, loader: 'js' }));
      },
    },
    {
      // Each source file finds its files (data/, web/dist, package.json, the OpenAPI examples)
      // relative to its own URL; in the bundle, that is the URL it has in dist/ beside it.
      name: 'import-meta-url',
      setup(build) {
        build.onLoad({ filter: /\.ts$/ }, ({ path }) => {
          if (!path.startsWith(`${root}src/`)) return undefined;
          const own = `./${relative(`${root}src`, path).replace(/\.ts$/, '.js')}`;
          const contents = readFileSync(path, 'utf8').replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`);
          return { contents, loader: 'ts' };
        });
      },
    },
  ],
});

// The bundle as ASCII (scripts/ascii-bundle.mjs): V8 holds its source as a one-byte string, half
// the memory, for as long as the server runs. Where that cannot be done safely, the bundle stays
// as esbuild wrote it, which is the same server.
const { asciiBundle } = await import('./ascii-bundle.mjs');
const out = `${root}dist/main.js`;
const ascii = asciiBundle(readFileSync(out, 'utf8'), readFileSync(`${out}.map`, 'utf8'));
if (ascii.reason) {
  console.log(`build-server: dist/main.js keeps its non-ASCII characters (${ascii.reason}); it runs the same, with a source twice the size in memory`);
} else {
  writeFileSync(out, ascii.text);
  writeFileSync(`${out}.map`, ascii.map);
}
