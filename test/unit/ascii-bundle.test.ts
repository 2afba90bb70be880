// The server bundle made ASCII (scripts/ascii-bundle.mjs): comments lose their non-ASCII
// characters without moving anything, regular expressions keep their exact pattern and meaning,
// the source map follows, and what cannot be rewritten safely is left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import * as esbuild from 'esbuild';

type Result = { text: string; map?: string; rewritten: { comments: number; regexps: number } } | { reason: string };
const { asciiBundle } = (await import(new URL('../../scripts/ascii-bundle.mjs', import.meta.url).href)) as {
  asciiBundle: (text: string, map?: string) => Result;
};

function rewrite(text: string, map?: string) {
  const r = asciiBundle(text, map);
  assert.ok(!('reason' in r), 'reason' in r ? r.reason : '');
  assert.doesNotMatch(r.text, /[^\x00-\x7f]/);
  return r;
}

/** What a piece of code evaluates to, in a context of its own. */
const run = (code: string): unknown => JSON.parse(JSON.stringify(vm.runInNewContext(code)));
/** A value as JavaScript source in ASCII, as esbuild writes strings. */
const literal = (v: unknown) => JSON.stringify(v).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

test('ASCII text is returned as it is', () => {
  const text = 'const a = "caf\\xE9"; // plain\n';
  assert.equal(rewrite(text).text, text);
});

test("a comment's characters become '?', one per UTF-16 unit, so nothing moves", () => {
  const text = '// café — 😀\nconst a = 1; /* naïve\u2028x */ const b = 2;\n';
  const r = rewrite(text);
  assert.equal(r.text, '// caf? ? ??\nconst a = 1; /* na?ve\nx */ const b = 2;\n');
  assert.equal(r.text.length, text.length);
  assert.deepEqual(r.rewritten, { comments: 2, regexps: 0 });
});

test('a regular expression keeps its pattern, flags and meaning, with and without the u or v flag', () => {
  const cases = [
    ['/[‘’`´]/g', ['it’s ‘x´', 'plain']],
    ['/^😀+$/', ['😀😀', '😀\uDE00', '\uD83D\uDE00\uDE00', '😀']],
    ['/^😀+$/u', ['😀😀', '😀\uDE00', '😀']],
    ['/^[😀é]$/v', ['😀', 'é', 'e']],
    ['/\\é|\\/x/', ['é', '/x', '\\é']],
    ['/(?<![£€])(\\d+)\\s?°/', ['£5 °', '38 °', '38°C']],
  ] as const;
  for (const [regexp, inputs] of cases) {
    const code = `const r = ${regexp}; [r.source, r.flags, String(r), ${literal(inputs)}.map((s) => (r.lastIndex = 0, JSON.stringify(r.exec(s))))]`;
    const r = rewrite(code);
    assert.match(r.text, /new RegExp\("/, regexp);
    assert.deepEqual(run(r.text), run(code), regexp);
  }
});

test('division is not taken for a regular expression, nor a template for code', () => {
  const code = 'const a = 8, b = 2, s = "\\xE9"; const t = `x${ /é/.test(s) ? a / b / 2 : 0 }\\xE9${"}"}`; [a / b, t]';
  const r = rewrite(code);
  assert.equal(r.rewritten.regexps, 1);
  assert.deepEqual(run(r.text), [4, 'x2\u00e9}']);
});

test('what cannot be rewritten safely leaves the bundle alone, with the reason', () => {
  const tagged = asciiBundle('const t = String.raw`é`;');
  assert.ok('reason' in tagged && /Template/.test(tagged.reason), JSON.stringify(tagged));
  const shadowed = asciiBundle('function f(RegExp) { return /é/; }');
  assert.ok('reason' in shadowed && /RegExp/.test(shadowed.reason));
});

test('the source map follows a rewritten expression on its line', async () => {
  const source = 'export const r = /[‘’]/g;\nexport const s = 1; export const after = r.test("’");\n';
  const built = await esbuild.transform(source, { sourcemap: 'external', format: 'esm', sourcefile: 'in.js' });
  const r = rewrite(built.code, built.map);
  const segments = (text: string, map: string) => {
    const lines = text.split('\n');
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    return (JSON.parse(map) as { mappings: string }).mappings.split(';').flatMap((line, i) => {
      let column = 0;
      return line ? line.split(',').map((seg) => {
        let value = 0;
        let shift = 0;
        for (const ch of seg) {
          const digit = B64.indexOf(ch);
          value += (digit & 31) << shift;
          shift += 5;
          if (!(digit & 32)) break;
        }
        column += value & 1 ? -(value >>> 1) : value >>> 1;
        return lines[i]!.slice(column);
      }) : [];
    });
  };
  const before = segments(built.code, built.map);
  const after = segments(r.text, r.map!);
  assert.equal(after.length, before.length);
  // Every mapped position starts the same code as before, except the expression rewritten.
  const moved = before.map((b, i) => [b, after[i]!]).filter(([b, a]) => b[0] !== a[0]);
  assert.deepEqual(moved.map(([b, a]) => [b.slice(0, 6), a.slice(0, 11)]), [['/[‘’]/', 'new RegExp(']]);
  assert.ok(after.some((a) => a.startsWith('after = r.test(')));
});
