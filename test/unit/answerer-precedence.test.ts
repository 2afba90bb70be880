// Which kind of question answers when several match (index.ts: the kinds are tried in order and
// the first that matches answers). Each row is a question two kinds could take, and the reply of
// the one that must win; reordering the list breaks a row here before it reaches a parent.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { liveStatus } from '../../src/domain/live.ts';
import { patterns } from '../../src/domain/patterns.ts';
import { answerQuestion, type AnswerContext } from '../../src/domain/answerer/index.ts';
import { makeEvent } from '../helpers/events.ts';

const ZONE = 'Europe/London';
const profile: ChildProfile = { baby_name: 'Ada', dob: '2025-06-01', gender: 'girl', timezone: ZONE, region: 'uk', units: 'metric' };
const ev = (type: TimedEvent['type'], ts: string, extra: Partial<TimedEvent> = {}) => makeEvent(ZONE, type, ts, extra);

// Regular days from Fri 14 Nov 2025 to now, Thu 20 Nov 12:00: up 06:30, a nap 09:30–10:30, feeds
// 06:45 180 ml, 10:45 150, 14:45 150 and 18:30 180, a wet nappy at 07:00, egg at lunch, down at
// 19:00; some pumping, tummy time, a weight and a head circumference.
const EVENTS: TimedEvent[] = [];
for (const d of ['2025-11-14', '2025-11-15', '2025-11-16', '2025-11-17', '2025-11-18', '2025-11-19']) {
  EVENTS.push(ev('wake', `${d}T06:30:00`), ev('milk', `${d}T06:45:00`, { ml: 180 }), ev('nappy', `${d}T07:00:00`, { kind: 'wet' }),
    ev('sleep', `${d}T09:30:00`), ev('wake', `${d}T10:30:00`), ev('milk', `${d}T10:45:00`, { ml: 150 }), ev('solid', `${d}T12:00:00`, { foods: ['egg'], meal_type: 'meal' }),
    ev('milk', `${d}T14:45:00`, { ml: 150 }), ev('milk', `${d}T18:30:00`, { ml: 180 }), ev('sleep', `${d}T19:00:00`));
}
EVENTS.push(ev('wake', '2025-11-20T06:30:00'), ev('milk', '2025-11-20T06:45:00', { ml: 180 }), ev('sleep', '2025-11-20T09:30:00'), ev('wake', '2025-11-20T10:30:00'),
  ev('milk', '2025-11-20T10:45:00', { ml: 150 }),
  ev('pumping', '2025-11-19T08:00:00', { ml: 120 }), ev('activity', '2025-11-20T11:00:00', { kind: 'tummy_time', duration_min: 10 }),
  ev('head_circumference', '2025-11-18T09:00:00', { cm: 41 }), ev('weight', '2025-11-18T09:00:00', { kg: 7 }));

const now = localToInstant('2025-11-20T12:00:00', ZONE);
const ctx: AnswerContext = {
  events: EVENTS, profile, now, notes: [{ ts: '2025-11-19T20:00:00', text: 'Teething, very grumpy', tags: [] }],
  insights: { live: liveStatus(EVENTS, profile, now), patterns: patterns(EVENTS, profile, now).patterns },
};

const CANNOT = /^I can't answer that from the log\./;
const ROWS: Array<{ q: string; wins: string; over: string; answer: RegExp }> = [
  { q: 'When is her next feed due?', wins: 'prediction', over: 'not-from-log', answer: /^Going by the log, Ada's next feed is not due yet\. It would be due around 14:45 today/ },
  { q: 'How much milk should she have?', wins: 'not-from-log', over: 'summary', answer: CANNOT },
  { q: 'How many naps did she have the day after her jabs?', wins: 'unlogged-occasion', over: 'summary', answer: CANNOT },
  { q: 'How much milk did I pump yesterday?', wins: 'pumping', over: 'summary', answer: /^Pumped for Ada yesterday \(Wed 19 Nov\): 120 ml/ },
  { q: 'How much tummy time did she have after her nap today?', wins: 'activity', over: 'summary (naps)', answer: /^Ada had 10 min of tummy time so far today/ },
  { q: 'What centile is her head circumference?', wins: 'head-size', over: 'percentile (weight)', answer: /^Ada's latest head circumference is 41 cm.*25th percentile/ },
  { q: 'How long was she awake before her first nap?', wins: 'wake-window', over: 'night', answer: CANNOT },
  { q: 'What time does she usually go to bed?', wins: 'rhythm', over: 'night', answer: /^Ada's typical bedtime is 19:00: the middle of the logged bedtimes/ },
  { q: 'Why is she so grumpy today?', wins: 'mood', over: 'no-topic', answer: /^The log can't tell me why Ada is grumpy.*You noted on Wed 19 Nov: "Teething, very grumpy"/ },
  { q: 'When did she last eat?', wins: 'last-eat', over: 'last (solids)', answer: /^Ada last ate/ },
  { q: 'Has she had egg this week?', wins: 'food', over: 'summary (solids)', answer: /^Yes, Ada had egg 3 times this week \(since Mon 17 Nov\)/ },
  { q: 'Did she sleep more last night than the night before?', wins: 'compare', over: 'night', answer: /^About the same/ },
  { q: 'What time did she go to bed last night?', wins: 'night', over: 'times', answer: /^Ada went down for the night at 19:00 \(last night\)\.$/ },
  { q: 'How many bottles has she had today?', wins: 'feed-detail', over: 'summary', answer: /^Ada had 2 bottles so far today, 330 ml in total/ },
  { q: 'What time was her first feed?', wins: 'first-today', over: 'last', answer: /^Ada's first of 2 feeds today was at 06:45 \(180 ml\)/ },
  { q: 'What times did she feed yesterday?', wins: 'times', over: 'summary', answer: /^Ada's feeds yesterday \(Wed 19 Nov\) were at 06:45 \(180 ml\), 10:45 \(150 ml\), 14:45 \(150 ml\) and 18:30 \(180 ml\)\.$/ },
  { q: 'How many feeds a day on average last week?', wins: 'average', over: 'summary', answer: /^Ada averaged 1\.7 feeds a day last week/ },
];

describe('answerer: the first kind that matches answers', () => {
  for (const row of ROWS) {
    test(`${row.q} (${row.wins} before ${row.over})`, () => {
      const r = answerQuestion(row.q, ctx);
      if (process.env.ANSWERER_DUMP) console.log(`Q: ${row.q}\nA: ${r.answer}\n`);
      assert.match(r.answer, row.answer);
    });
  }

  test('without live, a prediction is not answered: the refusal of advice takes it', () => {
    assert.match(answerQuestion('When is her next feed due?', { ...ctx, insights: {} }).answer, CANNOT);
  });
});
