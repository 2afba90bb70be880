#!/usr/bin/env node
// npm run lint:api — lints the description the service really serves (built in-process, not a
// checked-in copy) with Redocly CLI (recommended rules) and Spectral (spectral:oas). Any error
// or warning fails. Both tools run from node_modules with their telemetry off: no network.
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'tracker-lint-api-'));
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' };
const run = (cmd, args, cwd = root) => spawnSync(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

let failed = false;
try {
  const doc = run(process.execPath, ['--import', 'tsx', 'scripts/openapi-doc.ts']);
  if (doc.status !== 0) throw new Error(`could not build /openapi.json\n${doc.stderr}`);
  const file = join(dir, 'openapi.json');
  writeFileSync(file, doc.stdout);
  // Redocly's operation-4xx-response asks every operation to document a client error. A public
  // GET that takes no input (health, the discovery documents) has none it can answer, and
  // inventing one would make the description lie; only those are exempted, computed here.
  const spec = JSON.parse(doc.stdout);
  const exempt = [];
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const noInput = !op.requestBody && !(op.parameters ?? []).length;
      const open = Array.isArray(op.security) && op.security.length === 0;
      if (method === 'get' && noInput && open && !Object.keys(op.responses).some((s) => s.startsWith('4'))) {
        exempt.push(`#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses`);
      }
    }
  }
  writeFileSync(
    join(dir, '.redocly.lint-ignore.yaml'),
    `openapi.json:\n  operation-4xx-response:\n${exempt.map((p) => `    - '${p}'`).join('\n')}\n`,
  );

  const bin = (name) => join(root, 'node_modules', '.bin', name);
  console.log('== Redocly CLI (recommended)');
  const redocly = run(bin('redocly'), ['lint', 'openapi.json', '--extends', 'recommended', '--format', 'stylish', '--max-problems', '500'], dir);
  // The Node.js deprecation banner is noise here; the findings and the summary are kept.
  const out = (redocly.stdout + redocly.stderr).replace(/\n\s*╔[\s\S]*?╝\n/, '\n');
  process.stdout.write(out);
  // Redocly exits 0 on warnings: fail on them too.
  if (redocly.status !== 0 || /You have \d+ warnings?/.test(out)) failed = true;

  console.log('== Spectral (spectral:oas)');
  const ruleset = join(dir, '.spectral.json');
  writeFileSync(ruleset, JSON.stringify({ extends: ['spectral:oas'] }));
  const spectral = run(bin('spectral'), ['lint', file, '--ruleset', ruleset, '--fail-severity', 'hint', '--format', 'stylish']);
  process.stdout.write(spectral.stdout + spectral.stderr);
  if (spectral.status !== 0) failed = true;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
