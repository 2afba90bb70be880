// A node:test reporter that closes every run with the 20 slowest test files (where the time
// goes, run after run) and then one line CI tools recognise in any language:
// "N passed, N failed, N skipped" — always the last line. Suites are not counted, only tests.
import { relative, resolve } from 'node:path';

const SLOWEST = 20;

export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  /** file (relative to the working directory) → wall time of its process, in ms */
  const fileMs = new Map();
  for await (const event of source) {
    // Each file runs in a process of its own; the runner reports the file itself as a test at
    // nesting 0 named by its path (absolute on Node 20, relative on Node 22 and later), with the
    // process's whole duration: imports, hooks and tests.
    if (event.type === 'test:complete' && event.data.nesting === 0 && event.data.file && resolve(event.data.name) === event.data.file) {
      fileMs.set(relative(process.cwd(), event.data.file), event.data.details?.duration_ms ?? 0);
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) skipped += 1;
    else if (event.type === 'test:pass') passed += 1;
    else failed += 1;
  }
  if (fileMs.size > 1) {
    const slowest = [...fileMs].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
    const width = Math.max(...slowest.map(([f]) => f.length));
    const lines = slowest.map(([f, ms]) => `  ${f.padEnd(width)}  ${(ms / 1000).toFixed(1).padStart(6)} s`);
    yield `\nslowest ${slowest.length} of ${fileMs.size} test files (wall time of each file's process):\n${lines.join('\n')}\n`;
  }
  yield `\n${passed} passed, ${failed} failed, ${skipped} skipped\n`;
}
