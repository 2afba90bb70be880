// The service's message catalogues (issue 39): every language carries exactly the messages
// British English has (American English only the ones it words differently), every message
// is valid ICU MessageFormat with the same arguments as the English one (a translation that
// drops {time} or invents {hour} would show the reader a gap or a raw name), and its plural
// forms are the ones the language's plural rules use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGUES } from '../../src/i18n/catalogues/index.ts';
import type { Catalogue } from '../../src/i18n/languages.ts';
import { at, quantity, t, wordsFor } from '../../src/i18n/text.ts';

const DIR = new URL('../../src/i18n/catalogues/', import.meta.url);
const TRANSLATED: Catalogue[] = ['de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'];
const LOCALE: Record<string, string> = { 'en-GB': 'en', 'en-US': 'en', 'pt-BR': 'pt' };
const english = CATALOGUES['en-GB'];
// Arguments a translation may leave out: zod's English name for a value's kind ("number",
// "string") in a validation message, which another language words around.
const OMITTABLE = new Set(['origin']);

/** Each argument: the plural forms it gives (plural or selectordinal), and whether it is shown
 * (anything but a select, which only chooses the wording). */
interface Argument {
  forms: Set<string>;
  shown: boolean;
}

function argumentsOf(elements: MessageFormatElement[], into = new Map<string, Argument>()): Map<string, Argument> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      argumentsOf(el.children, into);
      continue;
    }
    const arg = into.get(el.value) ?? { forms: new Set<string>(), shown: false };
    into.set(el.value, arg);
    if (el.type !== TYPE.select) arg.shown = true;
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const [form, option] of Object.entries(el.options)) {
        if (el.type === TYPE.plural) arg.forms.add(form);
        argumentsOf(option.value, into);
      }
    }
  }
  return into;
}

test('every catalogue file is in the index, and the index in the files (scripts/i18n-index.mjs was run)', () => {
  const namespaces = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const ns of namespaces) {
    const onDisk = JSON.parse(readFileSync(new URL(`${ns}/en-GB.json`, DIR), 'utf8')) as Record<string, string>;
    for (const key of Object.keys(onDisk)) assert.equal(english[`${ns}.${key}` as keyof typeof english], onDisk[key], `${ns}.${key}`);
  }
});

test('every language has exactly the messages English has', () => {
  const keys = Object.keys(english).sort();
  assert.ok(keys.length > 0);
  for (const c of TRANSLATED) {
    const own = Object.keys(CATALOGUES[c]).sort();
    assert.deepEqual(own.filter((k) => !(k in english)), [], `${c} carries messages English no longer has`);
    assert.deepEqual(keys.filter((k) => !(k in CATALOGUES[c])), [], `${c} lacks messages English has`);
    for (const k of own) assert.notEqual(CATALOGUES[c][k as keyof typeof english]!.trim(), '', `${c} ${k} is empty`);
  }
  const us = Object.keys(CATALOGUES['en-US']);
  assert.deepEqual(us.filter((k) => !(k in english)), [], 'en-US words differently only messages English has');
});

test('every message parses, with the arguments of the English one and its language’s plural forms', () => {
  for (const c of ['en-GB', 'en-US', ...TRANSLATED] as Catalogue[]) {
    // The forms counts a family sees need (0 to 1,000): French, Spanish, Italian and Portuguese
    // have a `many` for millions, which no baby's log reaches.
    const rules = new Intl.PluralRules(LOCALE[c] ?? c);
    const forms = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
    for (const [key, message] of Object.entries(CATALOGUES[c])) {
      let own: Map<string, Argument>;
      try {
        own = argumentsOf(parse(message!));
      } catch (err) {
        assert.fail(`${c} ${key}: ${(err as Error).message}`);
      }
      const base = argumentsOf(parse(english[key as keyof typeof english]!));
      // Every value English shows must be shown; a select English words by (the region, a
      // band) may go where the language needs no choice (the same emergency number for all).
      const needed = [...base].filter(([a, arg]) => arg.shown && !OMITTABLE.has(a)).map(([a]) => a);
      assert.deepEqual([...own.keys()].filter((a) => !base.has(a)), [], `${c} ${key}: no argument English does not have`);
      assert.deepEqual(needed.filter((a) => !own.has(a)), [], `${c} ${key}: every argument English has`);
      for (const [name, { forms: used }] of own) {
        // A plural that words by number (one, few, many…) needs every category its language has;
        // one that only tells exact values from the rest (=0 and other) words nothing by number.
        if (![...used].some((f) => f !== 'other' && !f.startsWith('='))) continue;
        const missing = [...forms].filter((f) => !used.has(f));
        assert.deepEqual(missing, [], `${c} ${key}: {${name}, plural} lacks forms ${missing.join(', ')}`);
      }
    }
  }
});

// ICU's spacing differs between Node releases (a narrow no-break space before PM in one, a plain
// space in another): compared with every space as one.
const spaced = (s: string) => s.replace(/\s/g, ' ');

test('a Text renders in each language, and in English when serialised without one', () => {
  const bedtime = t('live.next_sleep_bedtime', { bedtime: at('2026-11-22T19:15:00') });
  assert.equal(String(bedtime), 'Next sleep: bedtime at 19:15.');
  assert.equal(spaced(wordsFor('en-US').render(bedtime)), 'Next sleep: bedtime at 7:15 PM.');
  assert.equal(wordsFor('de').render(bedtime), 'Nächster Schlaf: Schlafenszeit um 19:15.');
  assert.equal(JSON.stringify({ m: t('error.unauthorized') }), '{"m":"Sign in or send a valid bearer token."}');
  assert.equal(wordsFor('de').render(t('error.admin_only')), 'Das kann nur ein Familien-Admin.');
  assert.equal(spaced(wordsFor('en-US').time('2026-11-22T19:15:00')), '7:15 PM');
  assert.equal(wordsFor('pl').time('19:15'), '19:15');
  assert.equal(spaced(wordsFor('en-GB', 'h12').time('07:05')).toLowerCase(), '7:05 am');
  assert.equal(spaced(wordsFor('de').quantity(quantity(38.2, 'celsius'))), '38,2 °C');
  assert.equal(wordsFor('en-GB').quantity(quantity(38.2, 'celsius')), '38.2°C');
  assert.equal(wordsFor('de').duration(80), '1 Std. 20 Min.');
  assert.equal(wordsFor('en-GB').duration(80), '1 h 20 min');
});
