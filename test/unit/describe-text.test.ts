// describe-text.ts: the event descriptions undo's message and the dose warnings use, as Texts.
// In British English they say word for word what describe.ts says (the MCP connector and the
// answerer keep using describe.ts); every language renders every kind of event, with its own
// decimal mark and clock, and American English says diaper.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEvent, describeWhen } from '../../src/domain/describe.ts';
import { describeEventText, describeWhenText } from '../../src/domain/describe-text.ts';
import { ENGLISH, wordsFor } from '../../src/i18n/text.ts';
import type { LogEvent } from '../../src/domain/types.ts';

const NONE = {
  ml: null, kind: null, foods: null, meal_type: null, kg: null, cm: null, ug: null, note: null, side: null, duration_min: null,
  celsius: null, fahrenheit: null, method: null, medicine: null, amount: null, unit: null, title: null,
};
const ev = (type: LogEvent['type'], values: Partial<LogEvent> = {}) => ({ ...NONE, type, ...values }) as Parameters<typeof describeEvent>[0];

const EVENTS = [
  ev('milk', { ml: 120 }), ev('milk', { ml: 0 }), ev('milk', { ml: 0, side: 'left', duration_min: 15 }), ev('milk', { ml: 0, side: 'both' }),
  ev('milk', { ml: 0, duration_min: 20 }), ev('milk', { ml: 90, duration_min: 12 }), ev('milk', { ml: 500, side: 'right' }),
  ev('pumping', { ml: 1000, side: 'both', duration_min: 30 }), ev('pumping', { ml: 80 }),
  ev('sleep'), ev('wake'), ev('nappy', { kind: 'wet' }), ev('nappy', { kind: 'dirty' }), ev('nappy', { kind: 'both' }), ev('nappy', { kind: 'dry' }), ev('poop'),
  ev('solid', { foods: ['carrot', 'apple'] }), ev('solid', { foods: ['rice'], meal_type: 'snack' }), ev('solid', { foods: ['pasta'], meal_type: 'meal' }),
  ev('note', { note: 'short' }), ev('note', { note: 'x'.repeat(50) }), ev('note', { note: "It's {odd} #1" }),
  ev('supplement', { kind: 'vitd', ug: 10 }), ev('supplement', { kind: 'iron' }), ev('supplement', { kind: 'multivitamin', ug: 7.5 }),
  ev('weight', { kg: 6.4 }), ev('weight', { kg: 4.235 }), ev('length', { cm: 70.1 }), ev('head_circumference', { cm: 42.3 }),
  ev('temperature', { celsius: 38.2, fahrenheit: 100.8, method: 'ear' }), ev('temperature', { celsius: 38, fahrenheit: 100.4 }),
  ev('temperature', { celsius: 37.833333, fahrenheit: 100.1, method: 'rectal' }),
  ev('medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml' }), ev('medicine', { medicine: 'Calpol' }), ev('medicine', { medicine: 'X', amount: 1, unit: 'tablet' }),
  ev('medicine', { medicine: 'X', amount: 2, unit: 'tablet' }), ev('medicine', { medicine: 'X', amount: 0.5, unit: 'sachet' }), ev('medicine', { medicine: 'X', amount: 3, unit: 'drops' }),
  ev('medicine', { medicine: 'X', amount: 120, unit: 'mg' }), ev('medicine', { medicine: 'X', amount: 2, unit: 'puff' }), ev('medicine', { medicine: 'X', amount: 1, unit: 'dose' }),
  ...(['tummy_time', 'bath', 'skin_to_skin', 'outdoors', 'reading', 'play'] as const).map((kind) => ev('activity', { kind })), ev('activity', { kind: 'bath', duration_min: 15 }),
  ev('milestone', { title: 'First smile' }), ev('milestone', { title: "Ada's {first} step" }),
];
const WHENS = [['2026-11-22T14:05:00', '2026-11-22'], ['2026-11-21T03:10:00', '2026-11-22'], ['2025-12-31T23:59:00', '2026-01-01']] as const;

test('British English: word for word what describe.ts writes, every kind of event and day', () => {
  for (const e of EVENTS) assert.equal(ENGLISH.render(describeEventText(e)), describeEvent(e), JSON.stringify(e));
  for (const [ts, today] of WHENS) assert.equal(ENGLISH.render(describeWhenText(ts, today)), describeWhen(ts, today), ts);
});

test('every language describes every kind of event, with its own decimal mark, clock and words', () => {
  for (const catalogue of ['en-US', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'] as const) {
    const words = wordsFor(catalogue);
    for (const e of EVENTS) {
      const said = words.render(describeEventText(e));
      // (a note and a title may hold braces of their own: the one in EVENTS is "{odd}", "{first}")
      assert.ok(said.length > 1 && !/\{(?!odd\}|first\})/.test(said), `${catalogue} ${JSON.stringify(e)}: ${said}`);
    }
    for (const [ts, today] of WHENS) assert.match(words.render(describeWhenText(ts, today)), /\d/);
  }
  const de = wordsFor('de');
  assert.equal(de.render(describeEventText(ev('temperature', { celsius: 38.2, fahrenheit: 100.8, method: 'ear' }))), 'Temperatur 38,2 °C (100,8 °F), im Ohr');
  assert.equal(de.render(describeEventText(ev('medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml' }))), 'Calpol 2,5 ml');
  assert.equal(de.render(describeWhenText('2026-11-21T03:10:00', '2026-11-22')), 'vom 21. Nov. um 03:10');
  const pl = wordsFor('pl');
  assert.deepEqual(
    [1, 2, 5, 2.5].map((amount) => pl.render(describeEventText(ev('medicine', { medicine: 'X', amount, unit: 'tablet' })))),
    ['X 1 tabletka', 'X 2 tabletki', 'X 5 tabletek', 'X 2,5 tabletki'],
  );
  assert.equal(pl.render(describeEventText(ev('milk', { ml: 0, side: 'left', duration_min: 15 }))), 'karmienie piersią (lewa strona, 15 min)');
  const us = wordsFor('en-US');
  assert.equal(us.render(describeEventText(ev('nappy', { kind: 'wet' }))), 'wet diaper');
  assert.equal(us.render(describeWhenText('2026-11-21T15:10:00', '2026-11-22')), 'Nov 21, 3:10 PM');
});
