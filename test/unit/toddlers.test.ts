// Issue 27, items 3 and 4, the pure rules: whether milk feeds are still timed (the age rule and
// the family's own last 3 days), the one feed-interval rule live status and patterns share, and
// a nap window that never runs past the expected bedtime.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeEvent } from '../helpers/events.ts';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { feedsAndSolidsByDay, milkNudges, type FeedsAndSolids } from '../../src/domain/milk-main.ts';
import { familyFeedInterval, feedInterval } from '../../src/domain/live-feeds.ts';
import { bandForMonths } from '../../src/domain/age-bands.ts';
import { liveStatus, nextNapWindow, nextSleep } from '../../src/domain/live.ts';
import { patterns } from '../../src/domain/patterns.ts';
import { answerQuestion, type AnswerContext } from '../../src/domain/answerer/index.ts';

const Z = 'Europe/London';
const ev = (type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent => makeEvent(Z, type, ts, extra);
const at = (ts: string) => localToInstant(ts, Z);
const child = (dob: string): ChildProfile => ({ baby_name: 'Sam', dob, gender: '', timezone: Z, region: 'uk', units: 'metric' });
const day = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** `days` days ending the day before `today`, each with milk at `milk` and meals at `meals` (HH:MM), plus today's up to now. */
function days(today: string, count: number, milk: string[], meals: string[]): TimedEvent[] {
  const out: TimedEvent[] = [];
  for (let i = -count; i <= 0; i++) {
    const d = day(today, i);
    for (const t of milk) out.push(ev('milk', `${d}T${t}:00`, { ml: 150 }));
    for (const t of meals) out.push(ev('solid', `${d}T${t}:00`, { foods: ['banana'], meal_type: 'meal' }));
  }
  return out.sort((a, b) => a.at - b.at);
}

describe('milk nudges: the age rule, then the family’s own last 3 days', () => {
  const table: Array<{ name: string; months: number; days: FeedsAndSolids[] | null; applies: boolean; basis: 'age' | 'own_log' }> = [
    { name: 'under 12 months: always timed, nothing counted', months: 8, days: null, applies: true, basis: 'age' },
    { name: '11.9 months on three meals: still timed (the age rule)', months: 11.9, days: [{ feeds: 2, solids: 3 }], applies: true, basis: 'age' },
    { name: '14 months, three meals and two milk feeds: not timed', months: 14, days: [{ feeds: 2, solids: 3 }, { feeds: 2, solids: 3 }, { feeds: 2, solids: 3 }], applies: false, basis: 'own_log' },
    { name: '13 months, six milk feeds and one meal: timed', months: 13, days: [{ feeds: 6, solids: 1 }, { feeds: 6, solids: 1 }, { feeds: 6, solids: 1 }], applies: true, basis: 'own_log' },
    { name: '13 months, six milk feeds and three meals: meals lead, not timed', months: 13, days: [{ feeds: 6, solids: 3 }, { feeds: 6, solids: 3 }, { feeds: 6, solids: 3 }], applies: false, basis: 'own_log' },
    { name: '13 months, three milk feeds and no meals logged: too few feeds, not timed', months: 13, days: [{ feeds: 3, solids: 0 }, { feeds: 3, solids: 0 }, { feeds: 3, solids: 0 }], applies: false, basis: 'own_log' },
    { name: '13 months, exactly 4 feeds and 2 meals a day: timed (the edges)', months: 13, days: [{ feeds: 4, solids: 2 }, { feeds: 4, solids: 2 }, { feeds: 4, solids: 2 }], applies: true, basis: 'own_log' },
    { name: 'an unlogged day is left out of the average', months: 13, days: [{ feeds: 0, solids: 0 }, { feeds: 5, solids: 1 }, { feeds: 5, solids: 1 }], applies: true, basis: 'own_log' },
    { name: '13 months with only one day logged: the age rule (not timed)', months: 13, days: [{ feeds: 0, solids: 0 }, { feeds: 0, solids: 0 }, { feeds: 7, solids: 0 }], applies: false, basis: 'age' },
  ];
  for (const c of table) {
    test(c.name, () => {
      const n = milkNudges(c.months, c.days, 'Sam');
      assert.equal(n.applies, c.applies);
      assert.equal(n.basis, c.basis);
      if (c.months < 12) assert.equal(n.message, null);
      else assert.match(String(n.message), /Sam/);
    });
  }

  test('the averages and the message a parent reads', () => {
    const n = milkNudges(14, [{ feeds: 2, solids: 3 }, { feeds: 2, solids: 3 }, { feeds: 3, solids: 3 }], 'Sam');
    assert.equal(n.milk_feeds_a_day, 2.3);
    assert.equal(n.solids_a_day, 3);
    assert.equal(String(n.message), 'Sam is on meals with milk alongside (about 2.3 milk feeds and 3 meals or snacks a day over the last 3 days), so no milk feed is timed.');
  });

  test('feeds and meals per local day: logs within 30 minutes are one', () => {
    const events = [
      ev('milk', '2025-06-07T23:50:00'), // the day before the first counted: not counted
      ev('milk', '2025-06-08T07:00:00'), ev('milk', '2025-06-08T07:20:00'), // second side: one feed
      ev('solid', '2025-06-08T08:00:00', { foods: ['toast'] }), ev('solid', '2025-06-08T08:10:00', { foods: ['egg'] }), // one meal
      ev('solid', '2025-06-08T12:30:00', { foods: ['pasta'] }),
      ev('milk', '2025-06-09T19:00:00'),
      ev('milk', '2025-06-11T07:00:00'), // today: not counted
    ];
    const starts = ['2025-06-08', '2025-06-09', '2025-06-10', '2025-06-11'].map((d) => at(`${d}T00:00:00`));
    assert.deepEqual(feedsAndSolidsByDay(events, starts), [{ feeds: 1, solids: 2 }, { feeds: 1, solids: 0 }, { feeds: 0, solids: 0 }]);
  });
});

describe('one feed-interval rule for live status and patterns', () => {
  const band = bandForMonths(8);
  const now = at('2025-06-10T16:00:00');

  test('the family’s own median over 72 hours once 6 intervals are known, else the age band’s (live) or none (patterns)', () => {
    const every4h = days('2025-06-10', 3, ['07:00', '11:00', '15:00', '19:00', '23:00'], []).filter((e) => e.at <= now);
    assert.equal(familyFeedInterval(every4h, now), 240);
    assert.deepEqual(feedInterval(every4h, band, now, true), { minutes: 240, source: 'family' });
    const few = every4h.slice(-4);
    assert.equal(familyFeedInterval(few, now), null);
    assert.deepEqual(feedInterval(few, band, now, true), { minutes: 270, source: 'age_band' });
    assert.equal(feedInterval(every4h, band, now, false), null, 'not timed when milk is not the main food');
  });

  const cases: Array<{ name: string; dob: string; milk: string[]; meals: string[]; interval: number | null; live: number | null }> = [
    { name: '8-month-old, 5 feeds a day 4 h apart', dob: '2024-10-01', milk: ['07:00', '11:00', '15:00', '19:00', '23:00'], meals: ['12:00'], interval: 240, live: 240 },
    { name: '14-month-old, three meals and two milk feeds', dob: '2024-04-05', milk: ['07:00', '19:00'], meals: ['08:00', '12:30', '17:30'], interval: null, live: null },
    { name: '13-month-old, still mostly milk (6 feeds, 1 meal)', dob: '2024-05-05', milk: ['07:00', '10:00', '13:00', '16:00', '19:00', '22:00'], meals: ['12:00'], interval: 180, live: 180 },
    { name: '6-month-old with too few feeds logged for its own rhythm', dob: '2024-12-05', milk: ['07:00'], meals: [], interval: null, live: 240 },
  ];
  for (const c of cases) {
    test(`${c.name}: live and patterns agree`, () => {
      const events = days('2025-06-10', 3, c.milk, c.meals);
      const l = liveStatus(events, child(c.dob), now);
      const p = patterns(events, child(c.dob), now).patterns;
      assert.equal(p.typical_feed_interval_minutes, c.interval);
      assert.equal(l.feed_interval_minutes, c.live);
      if (l.feed_interval_source === 'family') assert.equal(l.feed_interval_minutes, p.typical_feed_interval_minutes);
      assert.deepEqual(l.milk_nudges, p.milk_nudges);
      if (c.live === null) {
        assert.equal(l.next_feed_at, null);
        assert.equal(l.hungry_state, 'unknown');
        assert.equal(l.feed_interval_source, null);
        assert.doesNotMatch(String(l.alert_msg ?? ''), /feed is due|feed would/);
      }
    });
  }

  test('a toddler hours past the age band’s 5 h is not told a feed is overdue', () => {
    const events = days('2025-06-10', 3, ['07:00', '19:00'], ['08:00', '12:30', '17:30']).filter((e) => e.at <= at('2025-06-10T16:00:00'));
    const s = liveStatus(events, child('2024-04-05'), at('2025-06-10T16:00:00'));
    assert.equal(s.age_band, '13-18mo');
    assert.equal(s.hungry_state, 'unknown');
    assert.equal(s.next_feed_at, null);
    assert.doesNotMatch(String(s.alert_msg ?? ''), /feed/, 'no feed alert (vitamin D may still be mentioned)');
    assert.equal(s.milk_nudges.applies, false);
    assert.equal(s.milk_nudges.milk_feeds_a_day, 2);
    assert.equal(s.milk_nudges.solids_a_day, 3);
  });
});

describe('nap window and bedtime', () => {
  const ww = { min: 180, max: 240 }; // 11–12 months
  const bedtime = at('2025-06-10T19:30:00');

  const table: Array<{ name: string; wake: string; now: string; window: [string, string] | null; next: 'nap' | 'bedtime' | null }> = [
    { name: 'morning wake: the whole window', wake: '07:00', now: '08:00', window: ['10:00', '11:00'], next: 'nap' },
    { name: 'window would cross the cut-off: it closes 3 h before bedtime', wake: '12:45', now: '13:00', window: ['15:45', '16:30'], next: 'nap' },
    { name: 'late-afternoon wake: no nap fits, bedtime is next', wake: '15:30', now: '15:40', window: null, next: 'bedtime' },
    { name: 'less than 15 minutes left before the cut-off: bedtime is next', wake: '13:20', now: '13:30', window: null, next: 'bedtime' },
    { name: 'awake past the window long before bedtime: the long-awake alert speaks, no next sleep', wake: '07:00', now: '11:30', window: null, next: null },
    { name: 'awake past the cut-off: bedtime is next', wake: '12:00', now: '16:45', window: null, next: 'bedtime' },
    { name: 'a night waking: neither', wake: '02:00', now: '02:10', window: null, next: null },
  ];
  for (const c of table) {
    test(c.name, () => {
      const wake = at(`2025-06-10T${c.wake}:00`);
      const now = at(`2025-06-10T${c.now}:00`);
      const w = nextNapWindow(wake, ww, now, bedtime, Z);
      assert.deepEqual(w, c.window === null ? null : { start: at(`2025-06-10T${c.window[0]}:00`), end: at(`2025-06-10T${c.window[1]}:00`) });
      if (w !== null) assert.ok(w.end < bedtime);
      const n = nextSleep(w, wake, ww, now, bedtime, Z);
      assert.equal(n?.kind ?? null, c.next);
      if (n?.kind === 'bedtime') assert.equal(n.at, bedtime);
    });
  }

  test('live: a late-afternoon wake says "next sleep: bedtime" and shows no nap window', () => {
    const events = [ev('wake', '2025-06-10T06:30:00'), ev('sleep', '2025-06-10T14:00:00'), ev('wake', '2025-06-10T16:00:00')];
    const s = liveStatus(events, child('2024-05-05'), at('2025-06-10T16:10:00'));
    assert.equal(s.expected_bedtime_at, '2025-06-10T19:30:00');
    assert.equal(s.next_nap_window_at, null);
    assert.deepEqual(JSON.parse(JSON.stringify(s.next_sleep)), { kind: 'bedtime', at: '2025-06-10T19:30:00', message: 'Next sleep: bedtime at 19:30.' });
  });

  test('live: a window that would run past bedtime closes before it', () => {
    // 5–6 months: wake window 2–3 h, bedtime 19:30. Woke 15:00: 17:00–18:00 by the wake window,
    // but it closes 2 h (the shortest wake window) before bedtime, at 17:30.
    const events = [ev('sleep', '2025-06-10T13:30:00'), ev('wake', '2025-06-10T15:00:00')];
    const s = liveStatus(events, child('2024-12-20'), at('2025-06-10T15:30:00'));
    assert.equal(s.age_band, '5-6mo');
    assert.deepEqual(s.next_nap_window_at, { start: '2025-06-10T17:00:00', end: '2025-06-10T17:30:00' });
    assert.ok(s.next_nap_window_at!.end < s.expected_bedtime_at!);
    assert.equal(s.next_sleep?.kind, 'nap');
    assert.equal(String(s.next_sleep?.message), 'Next sleep: a nap, window 17:00–17:30, before bedtime at 19:30.');
    const asleep = liveStatus([...events, ev('sleep', '2025-06-10T17:05:00')], child('2024-12-20'), at('2025-06-10T17:10:00'));
    assert.equal(asleep.next_sleep, null);
  });
});

describe('the question answerer words the same rules', () => {
  const ctxAt = (events: TimedEvent[], profile: ChildProfile, nowTs: string): AnswerContext => {
    const now = at(nowTs);
    return { events, profile, now, notes: [], insights: { live: liveStatus(events, profile, now), patterns: patterns(events, profile, now).patterns } };
  };

  test('a toddler on meals: no feed time, the reason instead; no typical gap between feeds', () => {
    const events = days('2025-06-10', 3, ['07:00', '19:00'], ['08:00', '12:30', '17:30']).filter((e) => e.at <= at('2025-06-10T14:00:00'));
    const ctx = ctxAt(events, child('2024-04-05'), '2025-06-10T14:00:00');
    const next = answerQuestion('When is his next feed due?', ctx);
    assert.ok(next.answered, next.answer);
    assert.match(next.answer, /on meals with milk alongside .* so no milk feed is timed/);
    assert.doesNotMatch(next.answer, /overdue|no feed is logged/);
    const often = answerQuestion('How often does he feed?', ctx);
    assert.match(often.answer, /no milk feed is timed/);
  });

  test('a late-afternoon wake: the next sleep is bedtime', () => {
    const events = [ev('wake', '2025-06-10T06:30:00'), ev('sleep', '2025-06-10T14:00:00'), ev('wake', '2025-06-10T16:00:00')];
    const ctx = ctxAt(events, child('2024-05-05'), '2025-06-10T16:10:00');
    const nap = answerQuestion('When is his next nap?', ctx);
    assert.match(nap.answer, /the next sleep is bedtime rather than a nap/);
    assert.match(nap.answer, /19:30/);
  });
});
