// The web app's catalogues (web/src/i18n/<catalogue>.json, issue 39): every language has each
// message English has and none English no longer has; each message is valid ICU MessageFormat
// and takes no value the English one is not given (a renamed "{n}" would fail to format); a
// translation may leave out a value its grammar has no room for (the field named in an English
// error message). American English holds only words that differ from British.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const DIR = new URL('../../web/src/i18n/', import.meta.url);
const read = (c: string): Record<string, string> => JSON.parse(readFileSync(new URL(`${c}.json`, DIR), 'utf8'));
const english = read('en-GB');
const OTHERS = ['de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'];

/** The names of the values a message takes, its tags included. */
function values(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    into.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) values(o.value, into);
    if (e.type === TYPE.tag) values(e.children, into);
  }
  return into;
}
const sorted = (s: Set<string>) => [...s].sort();

test('English has messages, each valid ICU', () => {
  assert.ok(Object.keys(english).length > 0);
  for (const [k, m] of Object.entries(english)) assert.doesNotThrow(() => parse(m), k);
});

for (const c of OTHERS) {
  test(`${c}: exactly the keys of English, each taking only values English is given`, () => {
    const cat = read(c);
    const missing = Object.keys(english).filter((k) => !(k in cat));
    const extra = Object.keys(cat).filter((k) => !(k in english));
    assert.deepEqual(missing, [], `${c} lacks messages English has`);
    assert.deepEqual(extra, [], `${c} has messages English no longer has`);
    for (const [k, m] of Object.entries(cat)) {
      assert.ok(m.trim(), `${c} ${k} is empty`);
      // An error about a field is given its name both ways ("the amount", "The amount"): one value.
      const same = (s: Set<string>) => new Set([...s].map((v) => (v === 'Label' ? 'label' : v)));
      const given = same(values(parse(english[k]!)));
      const taken = same(values(parse(m)));
      assert.deepEqual(sorted(taken).filter((v) => !given.has(v)), [], `${c} ${k} takes a value English is not given`);
      // Only the field an error message names may be left out; every number, time and name stays.
      assert.deepEqual(sorted(given).filter((v) => !taken.has(v) && v !== 'label'), [], `${c} ${k} drops a value`);
    }
  });
}

test('en-US: only words that differ from British, each taking the same values', () => {
  const us = read('en-US');
  for (const [k, m] of Object.entries(us)) {
    assert.ok(k in english, `en-US ${k} is not an English message`);
    assert.notEqual(m, english[k], `en-US ${k} says what British English says`);
    assert.deepEqual(sorted(values(parse(m))), sorted(values(parse(english[k]!))), `en-US ${k}`);
  }
});
