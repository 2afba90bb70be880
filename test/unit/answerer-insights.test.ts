// The answerer over the derived insights, as pure functions: live, patterns and percentiles are
// computed here by the same domain rules the service uses, and the answers must quote them.
// Also: suggestions depend on the family's data, advice stays refused, and a wake probably not
// logged is said as such.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { liveStatus } from '../../src/domain/live.ts';
import { patterns } from '../../src/domain/patterns.ts';
import { percentileFor } from '../../src/domain/growth.ts';
import { answerQuestion, type AnswerContext, type DerivedInsights } from '../../src/domain/answerer/index.ts';
import { makeEvent } from '../helpers/events.ts';

const ZONE = 'Europe/London';
const profile: ChildProfile = { baby_name: 'Ada', dob: '2025-06-01', gender: 'girl', timezone: ZONE, region: 'uk', units: 'metric' };
const ev = (type: TimedEvent['type'], ts: string, extra: Partial<TimedEvent> = {}) => makeEvent(ZONE, type, ts, extra);

function regularDays(days: string[]): TimedEvent[] {
  const out: TimedEvent[] = [];
  for (const d of days) {
    out.push(ev('wake', `${d}T06:30:00`), ev('milk', `${d}T06:45:00`, { ml: 180 }), ev('nappy', `${d}T07:00:00`, { kind: 'wet' }),
      ev('sleep', `${d}T09:30:00`), ev('wake', `${d}T10:30:00`), ev('milk', `${d}T10:45:00`, { ml: 150 }),
      ev('milk', `${d}T14:45:00`, { ml: 150 }), ev('milk', `${d}T18:30:00`, { ml: 180 }), ev('sleep', `${d}T19:00:00`));
  }
  return out;
}

function ctxAt(nowTs: string, events: TimedEvent[], withInsights = true): AnswerContext {
  const now = localToInstant(nowTs, ZONE);
  const insights: DerivedInsights | undefined = withInsights
    ? { live: liveStatus(events, profile, now), patterns: patterns(events, profile, now).patterns }
    : undefined;
  return { events, profile, now, notes: [], insights };
}

describe('answers from the derived insights', () => {
  const days = ['2025-11-14', '2025-11-15', '2025-11-16', '2025-11-17', '2025-11-18', '2025-11-19'];
  const events = [...regularDays(days), ev('wake', '2025-11-20T06:30:00'), ev('milk', '2025-11-20T06:45:00', { ml: 180 }),
    ev('sleep', '2025-11-20T09:30:00'), ev('wake', '2025-11-20T10:30:00'), ev('milk', '2025-11-20T10:45:00', { ml: 150 })];
  const ctx = ctxAt('2025-11-20T12:00:00', events);
  const live = ctx.insights!.live!;

  test('next feed, hungry, nap window and bedtime quote the live status', () => {
    assert.ok(live.next_feed_at);
    const feed = answerQuestion('When is her next feed due?', ctx);
    assert.ok(feed.answered);
    assert.ok(feed.answer.includes(live.next_feed_at!.slice(11, 16)), feed.answer);
    assert.equal(feed.figures.hungry_state, live.hungry_state);
    assert.equal(answerQuestion('Is Ada hungry?', ctx).figures.hungry_state, live.hungry_state);
    const bed = answerQuestion('When is bedtime?', ctx);
    assert.ok(bed.answer.includes(`${live.expected_bedtime_at!.slice(11, 16)} tonight`), bed.answer);
    const nap = answerQuestion('What time should her next nap be?', ctx);
    if (live.next_nap_window_at) assert.ok(nap.answer.includes(live.next_nap_window_at.start.slice(11, 16)), nap.answer);
    assert.ok(nap.answered, nap.answer);
  });

  test('the usual bedtime is the patterns one, not tonight\'s estimate', () => {
    const p = ctx.insights!.patterns!;
    const r = answerQuestion('What time is her usual bedtime?', ctx);
    assert.equal(r.figures.typical_bedtime, p.typical_bedtime, r.answer);
  });

  test('advice stays refused even with live given', () => {
    for (const q of ['How much milk should she have at her next feed?', 'Is she drinking enough?', 'Is it normal to feed every 4 hours?', 'When is her next poo due?']) {
      assert.equal(answerQuestion(q, ctx).answered, false, q);
    }
  });

  test('without live, predictions cannot be answered and are not suggested', () => {
    const bare = ctxAt('2025-11-20T12:00:00', events, false);
    const r = answerQuestion('When is her next feed due?', bare);
    assert.equal(r.answered, false);
    assert.ok(!r.answer.includes('next feed due'), r.answer);
    assert.match(r.answer, /How much milk did Ada have yesterday\?/);
  });

  test('suggestions are drawn from what this family has logged, related to the question', () => {
    const nappiesOnly = [ev('nappy', '2025-11-19T08:00:00', { kind: 'dirty' }), ev('nappy', '2025-11-20T08:00:00', { kind: 'wet' })];
    const r = answerQuestion('How many bottles did she refuse?', ctxAt('2025-11-20T12:00:00', nappiesOnly, false));
    assert.equal(r.answered, false);
    assert.ok(!/milk|feed|sleep|egg/i.test(r.answer.split('such as')[1]!), r.answer);
    assert.match(r.answer, /nappy|nappies/);
    const feeds = answerQuestion('How many bottles did she refuse?', ctx);
    assert.match(feeds.answer.split('such as')[1]!, /feed/);
    assert.notEqual(r.answer, feeds.answer);
  });

  test('a percentile without served measurements comes from percentileFor on the log', () => {
    const w = ev('weight', '2025-11-19T09:00:00', { kg: 7.1 });
    const r = answerQuestion('What percentile is her weight?', { ...ctxAt('2025-11-20T12:00:00', [...events, w], false) });
    const p = percentileFor(w, profile)!;
    assert.equal(r.figures.percentile, p.percentile, r.answer);
    assert.doesNotMatch(r.answer, /\b(normal|healthy|underweight|overweight)\b/i);
  });
});

describe('a wake probably not logged', () => {
  const events = [...regularDays(['2025-11-18', '2025-11-19']), ev('wake', '2025-11-20T00:30:00'), ev('sleep', '2025-11-20T00:50:00')];
  const ctx = ctxAt('2025-11-20T16:08:00', events);

  test('live flags it and sleep answers say so rather than report a 15-hour sleep', () => {
    assert.equal(ctx.insights!.live!.check?.kind, 'wake_not_logged');
    for (const q of ['Is she asleep?', 'How long has she slept?', 'How did she sleep last night?', 'What was her longest stretch last night?']) {
      const r = answerQuestion(q, ctx);
      assert.match(r.answer, /probably not logged/, `${q} → ${r.answer}`);
      assert.match(r.answer, /00:50/, r.answer);
      assert.doesNotMatch(r.answer, /slept 1\d h|longest stretch was/, r.answer);
    }
  });

  test('without the check (no live given) the old span rules still answer', () => {
    const bare = ctxAt('2025-11-20T16:08:00', events, false);
    assert.ok(answerQuestion('Is she asleep?', bare).answered);
  });
});

describe('nothing logged for hours', () => {
  const events = [...regularDays(['2025-11-18', '2025-11-19']), ev('wake', '2025-11-20T06:30:00'), ev('milk', '2025-11-20T06:45:00', { ml: 180 })];
  const ctx = ctxAt('2025-11-20T17:00:00', events);

  test('asleep/awake and next-feed answers carry live\'s check, and no feed time is given when live reads it as unknown', () => {
    const live = ctx.insights!.live!;
    assert.equal(live.check?.kind, 'nothing_logged');
    const awake = answerQuestion('Is she awake?', ctx);
    assert.ok(awake.answer.endsWith(String(live.check!.message)), awake.answer);
    const feed = answerQuestion('When is her next feed due?', ctx);
    assert.ok(feed.answer.includes(String(live.check!.message)), feed.answer);
    if (live.hungry_state === 'unknown') assert.match(feed.answer, /log looks incomplete/);
  });
});
