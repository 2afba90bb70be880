// Live status writes no sentence of its own (issue 39): every human text in it is a Text, a
// whole sentence of the catalogues, and what goes into one is a value (a name, a count, a time,
// a duration, a quantity, another Text), never a piece of a sentence. A rule that built a
// sentence by joining strings, in any language, fails here: its string shows up in the answer
// (or inside a Text) with words in it. Checked over days that set off every kind of message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeEvent } from '../helpers/events.ts';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { liveStatus } from '../../src/domain/live.ts';
import { DurationOf, QuantityOf, Text, TimeOf, wordsFor } from '../../src/i18n/text.ts';
import type { Catalogue } from '../../src/i18n/languages.ts';
import { localise } from '../../src/i18n/localise.ts';

const Z = 'Europe/London';
const ev = (type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent => makeEvent(Z, type, ts, extra);
const at = (ts: string) => localToInstant(ts, Z);
const child = (dob: string, region: 'uk' | 'us' = 'uk'): ChildProfile => ({ baby_name: 'Maya', dob, gender: '', timezone: Z, region, units: 'metric' });

/** Fields of live status that are codes, ids, zones, timestamps or an amount with its unit
 * (medicines' last_amount, "2.5 ml", as logged): strings, not sentences. */
const NOT_TEXT = /^\d{4}-\d{2}-\d{2}(T[\d:]+)?$|^[a-z0-9_:/.+-]+$|^[A-Z][A-Za-z_]+\/[A-Za-z_/+-]+$|^\d+(\.\d+)? [a-z]+$/i;
const NAMES = new Set(['Maya', 'Calpol', 'Mum', 'Dad']);

function problems(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'string') {
    if (!NOT_TEXT.test(value) && !NAMES.has(value)) out.push(`${path}: a plain string "${value}"`);
  } else if (value instanceof Text) {
    out.push('text');
    for (const [name, v] of Object.entries(value.values)) {
      if (typeof v === 'string' && /\s/.test(v)) out.push(`${path} (${value.key}) {${name}}: a piece of a sentence "${v}"`);
      if (v instanceof Text) problems(v, `${path}.${name}`, out);
      else if (typeof v !== 'string' && typeof v !== 'number' && !(v instanceof TimeOf) && !(v instanceof DurationOf) && !(v instanceof QuantityOf)) out.push(`${path}: {${name}} is ${typeof v}`);
    }
  } else if (Array.isArray(value)) value.forEach((v, i) => problems(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) problems(v, `${path}.${k}`, out);
}

const DAYS: [string, ChildProfile, TimedEvent[], number][] = [
  ['a newborn long past a feed, awake, no poo', child('2025-05-27'), [ev('milk', '2025-06-10T05:00:00', { ml: 90 }), ev('wake', '2025-06-10T06:00:00')], at('2025-06-10T11:30:00')],
  ['a baby asleep with a feed due', child('2025-03-05'), [ev('milk', '2025-06-10T07:00:00', { ml: 150 }), ev('sleep', '2025-06-10T09:00:00')], at('2025-06-10T12:30:00')],
  ['a fever under three months', child('2025-04-20'), [ev('temperature', '2025-06-10T11:00:00', { celsius: 38.2 } as Partial<TimedEvent>)], at('2025-06-10T11:10:00')],
  ['a medicine given, a wake window over, vitamin D not given', child('2024-12-05', 'us'), [
    ev('wake', '2025-06-10T07:00:00'), ev('medicine', '2025-06-10T08:00:00', { medicine: 'Calpol', amount: 2.5, unit: 'ml' } as Partial<TimedEvent>),
    ev('solid', '2025-06-10T08:30:00', { foods: ['banana'] } as Partial<TimedEvent>), ev('nappy', '2025-06-09T08:00:00', { kind: 'poo' } as Partial<TimedEvent>),
  ], at('2025-06-10T12:00:00')],
  ['a sleep left open for a day', child('2024-07-01'), [ev('sleep', '2025-06-09T19:00:00')], at('2025-06-10T13:00:00')],
];

for (const [name, profile, events, now] of DAYS) {
  test(`live status writes only Texts of whole sentences: ${name}`, () => {
    const s = liveStatus(events, profile, now, null, [{ name: 'Calpol', min_hours: 4, max_per_24h: 4 }] as never);
    const out: string[] = [];
    problems(s, 'live', out);
    const texts = out.filter((p) => p === 'text').length;
    assert.ok(texts >= 2, `the day sets off messages (${texts})`);
    assert.deepEqual(out.filter((p) => p !== 'text'), []);
    // And every one of them renders in every language, with no argument left unfilled.
    for (const c of ['en-GB', 'en-US', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'] as Catalogue[]) {
      const rendered = JSON.stringify(localise(s, wordsFor(c)));
      assert.doesNotMatch(rendered, /\{[a-z_]+\}/, `${c}: an argument left in braces`);
    }
  });
}
