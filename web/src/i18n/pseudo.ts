// The pseudo-locale (development builds only; README.md here says how to turn it on): every
// message of the English catalogue accented and made about 40 % longer, in brackets. Any text
// on screen still plain English is not in a catalogue yet; a clipped "]" shows where a longer
// language (German, Polish) would not fit.
const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ', n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
const accent = (s: string) => s.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);
const padding = (s: string) => '·'.repeat(Math.ceil(s.replace(/\s/g, '').length * 0.4));

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] };

function walk(nodes: Node[]): Node[] {
  return nodes.map((n) => {
    if (n.type === 0 && n.value) return { ...n, value: accent(n.value) + padding(n.value) };
    if (n.options) return { ...n, options: Object.fromEntries(Object.entries(n.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }])) };
    if (n.children) return { ...n, children: walk(n.children) };
    return n;
  });
}

export function pseudoCatalogue(english: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, m] of Object.entries(english)) {
    // Compiled by the build (vite.config.ts); anything else is left as it is, brackets aside.
    out[key] = Array.isArray(m) ? [{ type: 0, value: '[' }, ...walk(m as Node[]), { type: 0, value: ']' }] : `[${String(m)}]`;
  }
  return out;
}
