#!/usr/bin/env node
// Runs the whole suite with node's own test runner. Node 20 neither expands globs nor loads
// .ts by itself, so this lists the files and hands them over with tsx as the loader.
// Usage: npm test [-- path/or/substring ...] to run only matching files.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith('.test.ts')) out.push(relative(root, p));
  }
  return out;
}
const filters = process.argv.slice(2);
const files = walk(join(root, 'test'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const r = spawnSync(
  process.execPath,
  [
    '--import', 'tsx', '--test', '--test-concurrency=2',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/summary-reporter.mjs', '--test-reporter-destination=stdout',
    ...files,
  ],
  { stdio: 'inherit', cwd: root, env: process.env },
);
process.exit(r.status ?? 1);
