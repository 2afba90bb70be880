// The built-in answerer on what the log records since 1.3.0 (issue 26): medicines given,
// temperature readings, tummy time and other activities, pumping, milestones and head
// circumference, over a fixed Europe/London log. Each question goes through the guardrail
// first, as POST /api/ask does: questions about what was given are answered from the log,
// questions about what or how much to give stay refused.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { answerQuestion, INTENTS, type AnswerContext } from '../../src/domain/answerer/index.ts';
import { checkGuardrails, medicineLogQuestion } from '../../src/domain/guardrails.ts';
import { percentileOf } from '../../src/domain/growth.ts';
import type { LiveStatus } from '../../src/domain/live.ts';

const ZONE = 'Europe/London';
const NOW = '2026-11-22T12:00:00'; // Sunday

const uk: ChildProfile = { baby_name: 'Ada Lovelace', dob: '2026-05-10', gender: 'girl', timezone: ZONE, region: 'uk', units: 'metric' };

let seq = 0;
function ev(ts: string, type: EventType, extra: Partial<TimedEvent> = {}): TimedEvent {
  seq++;
  return {
    id: seq.toString(16).padStart(8, '0'), ts, type, author: 'sam', ml: null, kind: null, foods: null, meal_type: null, kg: null, cm: null, ug: null,
    note: null, reactions: null, side: null, duration_min: null, celsius: null, fahrenheit: null, method: null, medicine: null, amount: null, unit: null,
    title: null, at: localToInstant(ts, ZONE), ...extra,
  };
}
const temp = (ts: string, celsius: number, method: TimedEvent['method'] = null) => ev(ts, 'temperature', { celsius, fahrenheit: Math.round((celsius * 9) / 5 * 10 + 320) / 10, method });

const LOG: TimedEvent[] = [
  // Calpol: Fri 21:30 (sam), Sat 23:00 (grandma), Sun 08:00 (sam) and 10:00 (grandma); Amoxicillin Sun 09:00 without an amount.
  ev('2026-11-20T21:30:00', 'medicine', { medicine: 'Calpol', amount: 5, unit: 'ml' }),
  ev('2026-11-21T23:00:00', 'medicine', { medicine: 'calpol', amount: 2.5, unit: 'ml', author: 'grandma' }),
  ev('2026-11-22T08:00:00', 'medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml' }),
  ev('2026-11-22T09:00:00', 'medicine', { medicine: 'Amoxicillin' }),
  ev('2026-11-22T10:00:00', 'medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml', author: 'grandma' }),
  // Temperatures: Sat 20:00 37.4; Sun 07:15 37.9 armpit, 09:40 38.1 ear, 13:00 is after now.
  temp('2026-11-21T20:00:00', 37.4),
  temp('2026-11-22T07:15:00', 37.9, 'armpit'),
  temp('2026-11-22T09:40:00', 38.1, 'ear'),
  temp('2026-11-22T13:00:00', 39.9),
  // Tummy time today 08:10 10 min, 11:00 5 min, 11:30 without a duration; yesterday 20 min; a bath yesterday 18:30 (15 min).
  ev('2026-11-22T08:10:00', 'activity', { kind: 'tummy_time', duration_min: 10 }),
  ev('2026-11-22T11:00:00', 'activity', { kind: 'tummy_time', duration_min: 5 }),
  ev('2026-11-22T11:30:00', 'activity', { kind: 'tummy_time' }),
  ev('2026-11-21T16:00:00', 'activity', { kind: 'tummy_time', duration_min: 20 }),
  ev('2026-11-21T18:30:00', 'activity', { kind: 'bath', duration_min: 15 }),
  // Pumping: Sat 06:00 120 left, 13:00 100, 21:00 140 both 20 min (360); Fri 18:00 200; Sun 07:00 90.
  ev('2026-11-20T18:00:00', 'pumping', { ml: 200 }),
  ev('2026-11-21T06:00:00', 'pumping', { ml: 120, side: 'left' }),
  ev('2026-11-21T13:00:00', 'pumping', { ml: 100 }),
  ev('2026-11-21T21:00:00', 'pumping', { ml: 140, side: 'both', duration_min: 20 }),
  ev('2026-11-22T07:00:00', 'pumping', { ml: 90 }),
  // Milestones (older than the answer window too: ask.ts loads every milestone).
  ev('2026-07-01T08:00:00', 'milestone', { title: 'First smile' }),
  ev('2026-09-01T16:00:00', 'milestone', { title: 'Rolled over!' }),
  ev('2026-09-20T10:00:00', 'milestone', { title: 'rolling back to front' }),
  ev('2026-11-01T12:00:00', 'milestone', { title: 'first taste of egg' }),
  // Head circumference: 41.0 on 1 Nov, 42.5 on 20 Nov; one solid meal with egg.
  ev('2026-11-01T09:00:00', 'head_circumference', { cm: 41 }),
  ev('2026-11-20T09:00:00', 'head_circumference', { cm: 42.5 }),
  ev('2026-11-21T12:00:00', 'solid', { foods: ['scrambled egg'], meal_type: 'meal' }),
];

function ctx(profile = uk, events = LOG, extra: Partial<AnswerContext> = {}): AnswerContext {
  return { events, profile, now: localToInstant(NOW, ZONE), notes: [], ...extra };
}

/** As POST /api/ask: the guardrail first, then the answerer. */
function ask(q: string, c = ctx()) {
  const guard = checkGuardrails(q, c.profile.region);
  assert.equal(guard, null, `refused as ${guard?.rule}: ${q}`);
  const r = answerQuestion(q, c);
  assert.ok(r.answered, `not answered: ${q} → ${r.answer}`);
  return r;
}

describe('answerer: medicines given', () => {
  test('"when did she last have Calpol?" names the last dose, who gave it, and the doses of the last 24 hours', () => {
    for (const q of ['When did she last have Calpol?', 'when did I last give her calpol', 'When did Ada last have Calpol?', 'when was her last dose of Calpol?', 'how long since her last calpol?']) {
      const r = ask(q);
      assert.equal(r.answer, 'Ada last had Calpol at 10:00 today, 2 h ago: 2.5 ml, given by grandma. In the last 24 hours: Calpol 3 times (23:00, 08:00 and 10:00).', q);
      assert.deepEqual(r.figures, { last_at: '2026-11-22T10:00:00', minutes_ago: 120, medicine: 'Calpol', given_by: 'grandma', doses_24h: 3, amount: '2.5 ml' });
    }
  });

  test('counting in a period lists each dose with its amount and who gave it, and the total', () => {
    const today = ask('How many doses of Calpol has she had today?');
    assert.equal(today.answer, 'Ada had 2 doses of Calpol so far today: 08:00 (2.5 ml, given by sam) and 10:00 (2.5 ml, given by grandma), 5 ml in all.');
    assert.equal(today.figures.doses, 2);
    assert.match(ask('How much Calpol has she had today?').answer, /5 ml in all/);
    const yesterday = ask('did she have calpol yesterday?');
    assert.equal(yesterday.answer, 'Yes. Ada had 1 dose of Calpol yesterday (Sat 21 Nov): 23:00 (2.5 ml, given by grandma).');
    // Without a period, "who gave …" and "how many …" cover the last 24 hours, as live status does.
    assert.match(ask('who gave her the Calpol?').answer, /^Ada had 3 doses of Calpol in the last 24 hours: 23:00 yesterday \(2\.5 ml, given by grandma\), 08:00 today/);
  });

  test('a kind of medicine, or medicine in general, lists each medicine given by name', () => {
    const r = ask('Has she had her antibiotics today?');
    assert.equal(r.answer, 'Yes. Ada had 3 doses of medicine so far today. Calpol twice: 08:00 (2.5 ml, given by sam) and 10:00 (2.5 ml, given by grandma), 5 ml in all. Amoxicillin once: 09:00 (given by sam).');
    assert.match(ask('what medicines has she had this week?').answer, /^Ada had 5 doses of medicine this week \(since Mon 16 Nov\)\. Calpol 4 times: 21:30 on Fri 20 Nov \(5 ml, given by sam\), .*, 12\.5 ml in all\. Amoxicillin once: 09:00 today \(given by sam\)\.$/);
    assert.match(ask('When did she last have a medicine?').answer, /^Ada last had Calpol at 10:00 today.*Amoxicillin once \(09:00\)\.$/);
    assert.equal(ask('when did she last have amoxicilin?').figures.medicine, 'Amoxicillin', 'one letter out in a long name');
  });

  test('a medicine the log does not have is said so, naming the medicines it has', () => {
    const r = ask('When did she last have paracetamol?');
    assert.equal(r.answer, "I can't find Paracetamol in Ada's log. Medicines logged: Calpol and Amoxicillin.");
    assert.equal(ask('has she had ibuprofen today?', ctx(uk, LOG.filter((e) => e.type !== 'medicine'))).answer, "I can't find Ibuprofen in Ada's log.");
  });

  test('"first" is the earliest dose in the log', () => {
    assert.equal(ask('when did she first have Calpol?').answer, 'Ada first had Calpol at 21:30 on Fri 20 Nov, 38 h 30 min ago: 5 ml, given by sam.');
  });

  test('dosing questions stay refused by the guardrail, however they are put', () => {
    for (const q of [
      'How much Calpol can I give her?',
      'what dose of ibuprofen for a 6 month old',
      'when can she have Calpol again?',
      'When is her next Calpol due?',
      'how often can I give her Calpol?',
      'When did she last have Calpol and can she have more?',
      'how much calpol has she had today, is that too much?',
    ]) {
      assert.equal(checkGuardrails(q, 'uk')?.rule, 'medication', q);
      assert.equal(medicineLogQuestion(q), false, q);
    }
    assert.equal(medicineLogQuestion('When did she last have Calpol?'), true);
  });

  test('a vitamin D dose is a supplement question, not a medicine one', () => {
    const c = ctx(uk, [...LOG, ev('2026-11-22T08:30:00', 'supplement', { kind: 'vitd', ug: 10 })]);
    assert.match(ask('when was her last vitamin D dose?', c).answer, /^Ada's last vitamin D dose \(10 µg\) was at 08:30 today/);
  });
});

describe('answerer: temperatures', () => {
  test('"what was his temperature this morning?" lists the readings of the morning with the highest first', () => {
    const r = ask('What was her temperature this morning?');
    assert.equal(r.answer, 'Ada had 2 temperature readings this morning, highest 38.1 °C (100.6 °F) at 09:40: 37.9 °C (100.2 °F) at 07:15 (armpit) and 38.1 °C (100.6 °F) at 09:40 (ear).');
    assert.deepEqual(r.figures, { period: 'this morning', readings: 2, highest_celsius: 38.1, lowest_celsius: 37.9 });
    assert.match(ask('what was her lowest temperature today?').answer, /lowest 37\.9 °C \(100\.2 °F\) at 07:15:/);
    assert.equal(ask('what was her temperature yesterday?').answer, "Ada's temperature yesterday (Sat 21 Nov): 37.4 °C (99.3 °F) at 20:00.");
    assert.equal(ask('what was her temperature on Friday?').answer, 'No temperature is logged for Ada on Fri 20 Nov. The last reading was 38.1 °C (100.6 °F) at 09:40 today.');
  });

  test('the last reading, ignoring anything after now; an imperial family reads °F first', () => {
    const r = ask('when did we last take her temperature?');
    assert.equal(r.answer, "Ada's last temperature logged was 38.1 °C (100.6 °F) at 09:40 today (ear), 2 h 20 min ago. 3 readings in the last 24 hours: 37.4 °C (99.3 °F) at 20:00, 37.9 °C (100.2 °F) at 07:15 and 38.1 °C (100.6 °F) at 09:40.");
    const us = ask('What was his last temperature?', ctx({ ...uk, baby_name: 'Leo', gender: 'boy', region: 'us', units: 'imperial' }));
    assert.match(us.answer, /^Leo's last temperature logged was 100\.6 °F \(38\.1 °C\) at 09:40 today \(ear\)/);
  });

  test('never judges a reading, and carries live status\'s urgent alert when it stands', () => {
    for (const q of ['What was her temperature this morning?', 'what was her last temperature?']) assert.doesNotMatch(ask(q).answer, /fever|high temperature|normal|worr/i);
    const live = { alert_level: 'urgent', alert_msg: 'A temperature of 38.0 °C or more in a baby under 3 months needs urgent care: call NHS 111 or your GP now, or 999 in an emergency.' } as unknown as LiveStatus;
    assert.ok(ask('what was her last temperature?', ctx(uk, LOG, { insights: { live } })).answer.endsWith(` ${live.alert_msg}`));
  });
});

describe('answerer: tummy time, baths and pumping', () => {
  test('"how much tummy time today?" totals the minutes and lists the sessions', () => {
    const r = ask('How much tummy time today?');
    assert.equal(r.answer, 'Ada had 15 min of tummy time so far today in 3 sessions (08:10 for 10 min, 11:00 for 5 min and 11:30; 1 without a duration).');
    assert.deepEqual(r.figures, { period: 'today', sessions: 3, minutes: 15 });
    assert.equal(ask('how much tummy time did she get yesterday?').figures.minutes, 20);
    assert.doesNotMatch(r.answer, /WHO|target|enough|30 min/, 'descriptive: no target');
  });

  test('baths are counted; the last one is dated', () => {
    assert.equal(ask('when was her last bath?').answer, "Ada's last bath was at 18:30 yesterday, 17 h 30 min ago (15 min).");
    assert.equal(ask('has she had a bath today?').answer, 'No. No bath is logged for Ada so far today.');
    assert.equal(ask('how many baths this week?').answer, 'Ada had 1 bath this week (since Mon 16 Nov) (18:30 yesterday for 15 min).');
  });

  test('"how much did I pump yesterday?" totals the sessions of that day; a week adds the daily average over whole days', () => {
    const r = ask('How much did I pump yesterday?');
    assert.equal(r.answer, 'Pumped for Ada yesterday (Sat 21 Nov): 360 ml in 3 sessions (06:00 120 ml (left side), 13:00 100 ml and 21:00 140 ml (both sides, 20 min)).');
    assert.deepEqual(r.figures, { period: 'yesterday (Sat 21 Nov)', pumped_ml: 360, sessions: 3 });
    const week = ask('how much have I expressed this week?');
    assert.equal(week.figures.pumped_ml, 650);
    assert.equal(week.figures.average_ml_per_day, Math.round(560 / 6), 'Mon–Sat are whole days; today is running');
    assert.equal(ask('when did I last pump?').answer, 'The last pumping session logged for Ada was at 07:00 today, 5 h ago: 90 ml.');
    // Expressed milk she drank is a feed, not pumping.
    assert.equal(answerQuestion('How much expressed milk did she drink today?', ctx()).figures.pumped_ml, undefined);
  });
});

describe('answerer: milestones', () => {
  test('"when did he first roll over?" matches titles loosely and answers the earliest, quoting it', () => {
    for (const q of ['When did she first roll over?', 'when did Ada first start rolling?', 'when did she roll over for the first time?']) {
      const r = ask(q);
      assert.match(r.answer, /^Ada's log has "Rolled over!" on Tue 1 Sep at 16:00, at 3 months/, q);
      assert.equal(r.figures.milestone, 'Rolled over!');
    }
    assert.equal(ask('when did she first smile?').answer, 'Ada\'s log has "First smile" on Wed 1 Jul at 08:00, at 1 month.');
  });

  test('all milestones, none logged, and one the log does not have', () => {
    assert.match(ask('What milestones has she reached?').answer, /^Ada's milestones, oldest first: "First smile" on Wed 1 Jul, at 1 month, "Rolled over!" on Tue 1 Sep/);
    assert.equal(ask('when did she first walk?').answer, 'I can\'t find a milestone like "walk" in Ada\'s log. Milestones logged: First smile (Wed 1 Jul), Rolled over! (Tue 1 Sep), rolling back to front (Sun 20 Sep) and first taste of egg (Sun 1 Nov).');
    assert.equal(ask('when did he first crawl?', ctx(uk, LOG.filter((e) => e.type !== 'milestone'))).answer, 'No milestones are logged for Ada yet.');
  });

  test('"when did she last have egg?" stays a food question even with a milestone about egg', () => {
    const r = answerQuestion('When did she last have egg?', ctx());
    assert.doesNotMatch(r.answer, /milestone|first taste/);
    assert.match(r.answer, /scrambled egg/);
  });
});

describe('answerer: head circumference', () => {
  test('latest, the change since the one before, and the WHO centile', () => {
    assert.equal(ask("What is her head circumference?").answer, "Ada's latest head circumference is 42.5 cm, logged at 09:00 on Fri 20 Nov. The one before was 41 cm at 09:00 on Sun 1 Nov (up 1.5 cm).");
    const r = ask('What centile is her head circumference?');
    const p = percentileOf('head', 'girl', 194, 42.5)!;
    assert.equal(r.figures.percentile, p.percentile);
    assert.match(r.answer, /around the \d+(st|nd|rd|th) percentile on the WHO growth charts \(girls of the same age\)/);
  });
});

describe('answerer: suggestions for the new types', () => {
  test('every new intent is offered only with its data, and its example is answered', () => {
    const ids = ['last_medicine', 'temperature', 'tummy_time', 'pumped', 'milestones', 'head_percentile'];
    const c = ctx();
    for (const id of ids) {
      const intent = INTENTS.find((i) => i.id === id)!;
      const q = intent.example('Ada');
      assert.ok(ask(q, c).answered, q);
    }
    const none = answerQuestion('what colour is the sky?', ctx(uk, []));
    for (const id of ids) assert.ok(!none.answer.includes(INTENTS.find((i) => i.id === id)!.example('Ada')), id);
  });
});
