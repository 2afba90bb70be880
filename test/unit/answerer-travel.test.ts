// Issue 37, defect 8b: "today", "yesterday" and "last night" in answers are counted where the
// baby is now, by live status's rule (zone-now.ts), not in the family's home zone. A London
// family logs a week in Los Angeles (each log with `timezone: America/Los_Angeles`): up at
// 07:00, naps 09:30–10:30 and 13:30–15:00, feeds 07:15 180 ml, 11:00 150, 15:30 150 and 18:30
// 200, down at 19:00, all Los Angeles time. November 2026: London is UTC+0, Los Angeles UTC−8,
// so 17:00 in Los Angeles on the 22nd is 01:00 on the 23rd in London.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { instantToLocal, localToInstant } from '../../src/domain/time.ts';
import { answerQuestion, buildLlmContext, type AnswerContext } from '../../src/domain/answerer/index.ts';
import { hereZone } from '../../src/domain/answerer/answer-log.ts';
import { liveStatus } from '../../src/domain/live.ts';
import { makeEvent } from '../helpers/events.ts';

const LONDON = 'Europe/London';
const LA = 'America/Los_Angeles';
const profile: ChildProfile = { baby_name: 'Noor', dob: '2026-05-01', gender: 'girl', timezone: LONDON, region: 'uk', units: 'metric' };

/** Logged in Los Angeles: its own zone, and `ts` shown in the family's zone, as the service reads it. */
function abroad(type: EventType, local: string, extra: Partial<TimedEvent> = {}): TimedEvent {
  const e = makeEvent(LA, type, local, { zone: LA, ...extra });
  return { ...e, ts: instantToLocal(e.at, LONDON) };
}

const EVENTS: TimedEvent[] = [];
for (const d of ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']) {
  EVENTS.push(
    abroad('wake', `${d}T07:00:00`), abroad('milk', `${d}T07:15:00`, { ml: 180 }), abroad('sleep', `${d}T09:30:00`), abroad('wake', `${d}T10:30:00`),
    abroad('milk', `${d}T11:00:00`, { ml: 150 }), abroad('sleep', `${d}T13:30:00`), abroad('wake', `${d}T15:00:00`), abroad('milk', `${d}T15:30:00`, { ml: 150 }),
    abroad('milk', `${d}T18:30:00`, { ml: 200 }), abroad('sleep', `${d}T19:00:00`),
  );
}

function ctxAt(localLA: string, extra: Partial<AnswerContext> = {}): AnswerContext {
  const now = localToInstant(localLA, LA);
  return { events: EVENTS.filter((e) => e.at <= now), profile, now, notes: [], ...extra };
}

describe('answers count their days where the baby is now', () => {
  // 17:00 in Los Angeles: London's day (the 23rd) has begun, Los Angeles's (the 22nd) has not ended.
  const ctx = ctxAt('2026-11-22T17:00:00');
  const ask = (q: string, c = ctx) => answerQuestion(q, c);

  test('the zone is live status\'s: the recent logs\' zone', () => {
    assert.equal(hereZone(ctx), LA);
    assert.equal(liveStatus(ctx.events, profile, ctx.now).timezone, LA, 'as live says');
  });

  test('"What time did she go to bed last night?": 19:00 there, the night ending this morning', () => {
    const r = ask('What time did she go to bed last night?');
    assert.equal(r.answer, 'Noor went down for the night at 19:00 (last night).');
    assert.equal(r.figures.bedtime, '2026-11-21T19:00:00');
    assert.equal(r.figures.woke_at, '2026-11-22T07:00:00');
    assert.equal(ask('How did she sleep last night?').answer,
      'Last night Noor went down at 19:00 until 07:00, 12 h of sleep in total, without waking. The longest stretch was 12 h.');
  });

  test('today\'s totals, naps and last feed are of the day there', () => {
    assert.equal(ask('How much milk has she had today?').answer, 'Noor had 480 ml of milk over 3 feeds so far today.');
    assert.equal(ask('How many naps has she had today?').answer, 'Noor had 2 naps so far today, 2 h 30 min in total; the longest was 1 h 30 min.');
    assert.match(ask('When did she last feed?').answer, /^Noor's last feed was at 15:30 today, 1 h 30 min ago, 150 ml\./);
  });

  test('yesterday is the day before there', () => {
    const r = ask('How many feeds did she have yesterday?');
    assert.equal(r.answer, 'Noor had 680 ml of milk over 4 feeds yesterday (Sat 21 Nov).');
    assert.equal(r.figures.feeds, 4);
    assert.match(ask('How many naps did she have yesterday?').answer, /^Noor had 2 naps yesterday \(Sat 21 Nov\), 2 h 30 min in total/);
  });

  test('a model is given the day there too', () => {
    const text = buildLlmContext(ctx);
    assert.ok(text.includes(`Now: 2026-11-22T17:00:00 (${LA}).`), text);
    assert.ok(text.includes('Today so far (Sun 22 Nov):\n- Noor had 480 ml of milk over 3 feeds so far today.'), text);
  });

  test('a family that set its zone after the last log is where it says; with no log for 48 hours, at home', () => {
    const set = ctxAt('2026-11-22T17:00:00', { profile: { ...profile, zone_set_at: localToInstant('2026-11-22T16:00:00', LA) } });
    assert.equal(hereZone(set), LONDON);
    // 01:00 on the 23rd in London: nothing logged since London's midnight.
    assert.match(ask('How much milk has she had today?', set).answer, /^No feeds are logged for Noor so far today/);
    const later = ctxAt('2026-11-24T20:00:00');
    assert.equal(hereZone(later), LONDON, '49 hours after the 19:00 sleep');
    assert.equal(liveStatus(later.events, profile, later.now).timezone, LONDON);
  });
});
