// jsonText (src/http/json-text.ts): a body's text, written as ASCII where that keeps it smaller,
// must read exactly as the body decoded as UTF-8 does: the same value from JSON.parse, the same
// refusal, the same "empty" (String#trim), for any bytes at all.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeRoom, jsonText } from '../../src/http/json-text.ts';
import { seededRandom } from '../../src/domain/seeded-random.ts';

/** The bytes in a buffer with the room the body reader leaves after them. */
function withRoom(bytes: Buffer, room = escapeRoom(bytes.length)): Buffer {
  const buf = Buffer.alloc(bytes.length + room, 0xee);
  bytes.copy(buf);
  return buf;
}

type Outcome = { empty: true } | { value: unknown } | { invalid: true };
function outcomeOf(text: string): Outcome {
  if (text.trim() === '') return { empty: true };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { invalid: true };
  }
}

function assertSame(bytes: Buffer, room?: number): string {
  const text = jsonText(withRoom(bytes, room), bytes.length);
  assert.deepEqual(outcomeOf(text), outcomeOf(bytes.toString('utf8')), `bytes ${bytes.toString('hex')}`);
  return text;
}

const PIECES = [
  '{', '}', '[', ']', ',', ':', '"', '"', '"', '\\', '\\\\', '\\"', '\\u', '\\u00e9', '\\u2013', '\\ud83d\\ude00', '\\ud800', '\\n',
  'a', 'key', '1', '-0', '1e400', 'true', 'null', ' ', '\n', '\t',
  'é', 'µ', 'ÿ', '–', '€', '😀', 'Ā', 'д', '中', '\u00a0', '\u2028', '\ufeff', '\u3000',
];
const RAW = [[0xff], [0x80], [0xc3], [0xe2, 0x80], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x00]];

const CHARS = ['a', 'Z', ' ', '"', '\\', '/', '\n', '\u0000', 'é', 'µ', '–', '€', '😀', 'д', '中', '\u00a0', '\u2028', '\ufeff', '\ud800'];

/** Random JSON text: strings of every kind of character, raw or escaped, in values and keys. */
function randomJson(next: () => number, depth = 0): string {
  const str = () => {
    let out = '"';
    for (let n = Math.floor(next() * 6); n > 0; n--) {
      const c = CHARS[Math.floor(next() * CHARS.length)]!;
      const raw = c !== '"' && c !== '\\' && c > '\u001f' && !/[\ud800-\udfff]/.test(c);
      out += raw && next() < 0.7 ? c : [...c].map((u) => (u.length === 1 ? `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}` : JSON.stringify(u).slice(1, -1))).join('');
    }
    return `${out}"`;
  };
  const r = next();
  if (depth > 3 || r < 0.4) return r < 0.25 ? str() : String(Math.floor(next() * 1000) - 500);
  const n = Math.floor(next() * 4);
  if (r < 0.7) return `[${Array.from({ length: n }, () => randomJson(next, depth + 1)).join(', ')}]`;
  return `{${Array.from({ length: n }, () => `${str()}:${randomJson(next, depth + 1)}`).join(',')}}`;
}

describe('jsonText', () => {
  test('reads as the UTF-8 text does: random JSON, as it is and with a piece or a stray byte put in anywhere', () => {
    const next = seededRandom(2026);
    let valid = 0;
    for (let n = 0; n < 20_000; n++) {
      let bytes = Buffer.from(randomJson(next));
      if (next() < 0.5) {
        const at = Math.floor(next() * (bytes.length + 1));
        const piece = next() < 0.5 ? Buffer.from(RAW[Math.floor(next() * RAW.length)]!) : Buffer.from(PIECES[Math.floor(next() * PIECES.length)]!);
        bytes = Buffer.concat([bytes.subarray(0, at), piece, bytes.subarray(at)]);
      }
      assertSame(bytes, 64);
      if (!('invalid' in outcomeOf(bytes.toString('utf8')))) valid += 1;
    }
    assert.ok(valid > 5_000, `${valid} valid documents among them`);
  });


  test('reads as the UTF-8 text does: random bodies of JSON pieces, non-ASCII characters and invalid bytes', () => {
    const next = seededRandom(30);
    for (let n = 0; n < 20_000; n++) {
      const parts: Buffer[] = [];
      const count = 1 + Math.floor(next() * 12);
      for (let i = 0; i < count; i++) {
        parts.push(next() < 0.15 ? Buffer.from(RAW[Math.floor(next() * RAW.length)]!) : Buffer.from(PIECES[Math.floor(next() * PIECES.length)]!));
      }
      assertSame(Buffer.concat(parts));
      assertSame(Buffer.concat(parts), 0);
      assertSame(Buffer.concat(parts), 64);
    }
  });

  test('valid documents with every kind of character, in strings and keys, read back the same', () => {
    const docs = [
      { label: '1–3 years', name: 'Zoë', note: 'ate 🍌 and 中文 — fine', 'ключ': ['д', 'µ', '\u2028', '\u00a0'] },
      ['–', { '–': '–' }, '\\–', '"–"', '😀😀'],
      { a: 'x'.repeat(1000) + '–' + 'y'.repeat(1000), deep: [[[['é–']]]] },
    ];
    for (const doc of docs) {
      const text = assertSame(Buffer.from(JSON.stringify(doc)));
      assert.deepEqual(JSON.parse(text), doc);
    }
  });

  test('a large body with a character past Latin-1 is read as ASCII, and parses to the same value', () => {
    const doc = { profile: { age_band: '1–3 years' }, events: Array.from({ length: 2000 }, (_, i) => ({ id: i, note: i % 100 === 0 ? 'Zoë ate 🍌' : null })) };
    const bytes = Buffer.from(JSON.stringify(doc));
    const text = assertSame(bytes);
    assert.ok(/^[\x00-\x7f]*$/.test(text), 'the text is ASCII');
    assert.deepEqual(JSON.parse(text), doc);
  });

  test('left as decoded: only Latin-1, no room for the escapes, a character after a backslash, only white space', () => {
    assert.equal(jsonText(withRoom(Buffer.from('{"a":"é µ"}')), 14), '{"a":"é µ"}');
    assert.equal(jsonText(withRoom(Buffer.from('{"a":"–"}'), 0), 11), '{"a":"–"}');
    assert.equal(jsonText(withRoom(Buffer.from('["\\–", 1]')), 11), '["\\–", 1]');
    assert.equal(jsonText(withRoom(Buffer.from(' \u3000\u00a0 ')), 7), ' \u3000\u00a0 ');
    // More than two bytes a character once escaped: left as two.
    const han = Buffer.from(JSON.stringify('中'.repeat(100)));
    assert.equal(jsonText(withRoom(han, 2000), han.length), JSON.stringify('中'.repeat(100)));
  });
});
