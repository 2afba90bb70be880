// The rules behind issue 27's items 5, 7 and 8, pure: the whole history of foods and allergens
// (domain/food-history.ts), what a question needs beyond the answer window and how it is
// answered (answerer/history.ts, growth-since.ts), fever by age in a question
// (fever-question.ts, guardrails.ts) and notes that hold the fact asked for (answerer/notes.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { makeEvent } from '../helpers/events.ts';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { solidsBlocks, type AllergenGrid } from '../../src/domain/nutrition.ts';
import { allergenExposures, KEEP_OFFERING_DAYS, mergeSpans, withAllergenHistory, type FoodSpan } from '../../src/domain/food-history.ts';
import { feverSignpost, statedAgeMonths, statedReadings } from '../../src/domain/fever-question.ts';
import { checkGuardrails, GUARDRAIL_TEXTS } from '../../src/domain/guardrails.ts';
import { answerQuestion } from '../../src/domain/answerer/index.ts';
import { answerWindowStart, historyNeeds } from '../../src/domain/answerer/history.ts';
import { notesHolding } from '../../src/domain/answerer/notes.ts';
import { parsePeriod } from '../../src/domain/answerer/periods.ts';
import type { AnswerContext, Note } from '../../src/domain/answerer/types.ts';

const ZONE = 'Europe/London';
const at = (ts: string) => localToInstant(ts, ZONE);
const NOW = at('2026-11-22T12:00:00');
const PROFILE: ChildProfile = { baby_name: 'Ada Smith', dob: '2025-05-01', gender: 'girl', timezone: ZONE, region: 'uk', units: 'metric' };
const solid = (ts: string, foods: string[]): TimedEvent => makeEvent(ZONE, 'solid', ts, { foods, meal_type: 'meal' });
const span = (foods: string[], first: string, last: string, times: number): FoodSpan => ({ foods, first_at: at(first), last_at: at(last), times });

describe('the whole history of foods and allergens', () => {
  const history = [span(['scrambled egg', 'toast'], '2026-06-01T12:00:00', '2026-11-01T12:00:00', 5), span(['Fish pie'], '2026-09-10T17:00:00', '2026-09-10T17:00:00', 1)];
  const window = [solid('2026-11-20T12:00:00', ['toast']), solid('2026-11-21T12:00:00', ['peanut puffs']), solid('2026-11-23T12:00:00', ['hummus'])];

  test('spans: the history and the window merged by their list of foods; events after now ignored', () => {
    const spans = mergeSpans(history, [...window, solid('2026-11-21T17:00:00', ['scrambled egg', 'toast'])], NOW);
    const egg = spans.find((s) => s.foods[0] === 'scrambled egg')!;
    assert.deepEqual([egg.first_at, egg.last_at, egg.times], [at('2026-06-01T12:00:00'), at('2026-11-21T17:00:00'), 6]);
    assert.equal(spans.some((s) => s.foods[0] === 'hummus'), false);
    assert.equal(history[0]!.times, 5, 'the cached history is not changed');
  });

  test('allergens over the whole log, counted as the grid counts them (recipes, the food table, hints)', () => {
    const ex = allergenExposures(history, window, NOW, 'uk', [{ name: 'Fish pie', ingredients: ['cod', 'mashed potato'] }]);
    assert.equal(ex.get('eggs')?.first_at, at('2026-06-01T12:00:00'));
    assert.equal(ex.get('eggs')?.last_at, at('2026-11-01T12:00:00'));
    assert.equal(ex.get('gluten')?.last_at, at('2026-11-20T12:00:00'), 'toast in the window');
    assert.equal(ex.get('fish')?.first_at, at('2026-09-10T17:00:00'), 'the recipe counts as its ingredients');
    assert.equal(ex.get('peanuts')?.first_at, at('2026-11-21T12:00:00'), 'a keyword hint for an unknown name');
    assert.equal(ex.has('sesame'), false, 'hummus is after now');
    // The same history again (memoised) with another region: its own list.
    assert.equal(allergenExposures(history, window, NOW, 'us', []).has('gluten'), false);
    assert.equal(allergenExposures(history, window, NOW, 'us', []).get('wheat')?.last_at, at('2026-11-20T12:00:00'));
  });

  test('the grid: first, last, days since and keep_offering from a week without it', () => {
    const events = [solid('2026-11-20T12:00:00', ['toast']), solid('2026-11-15T12:00:00', ['sesame seeds']), solid('2026-11-16T12:00:00', ['yoghurt'])];
    const grid = solidsBlocks(events, PROFILE, NOW).allergen_grid as AllergenGrid;
    assert.equal(grid.last_exposure.eggs, null, 'the 14-day grid alone does not know the egg of 1 Nov');
    const g = withAllergenHistory(grid, allergenExposures(history, events, NOW, 'uk'), ZONE, NOW);
    assert.equal(g.first_exposure.eggs, '2026-06-01');
    assert.equal(g.last_exposure.eggs, '2026-11-01');
    assert.equal(g.days_since_last.eggs, 21);
    assert.equal(g.not_yet_logged.includes('eggs'), false);
    assert.deepEqual(g.cells, grid.cells, 'the 14 days are unchanged');
    assert.equal(KEEP_OFFERING_DAYS, 7);
    // sesame 7 days ago is listed, milk 6 days ago is not; longest first
    assert.deepEqual(g.keep_offering.map((k) => [k.id, k.days_since_last]), [['fish', 73], ['eggs', 21], ['sesame', 7]], 'fish pie: fish by its name');
    assert.equal(g.days_since_last.milk, 6);
    assert.match(g.keep_offering[1]!.message, /^Eggs: not offered for 21 days \(last on 1 Nov 2026; first on 1 Jun 2026\)\./);
  });
});

describe('fever by age in a question', () => {
  test('readings a question states', () => {
    const rows: Array<[string, number[]]> = [
      ["she's 6 weeks and 38.2, what should I do?", [38.2]],
      ['temperature of 100.8F in my 2 month old', [38.2]],
      ['100.4 °F', [38]],
      ['39 degrees', [39]],
      ['38,5 this morning', [38.5]],
      ['her temp is 38', [38]],
      ['she drank 38 ml', []],
      ['she is 38 weeks', []],
      ['we did 40 minutes of tummy time', []],
      ['she was 37 at 6am', []], // a bare whole number with no temperature word is not a reading
      ['weighs 3.8 kg', []],
    ];
    for (const [q, want] of rows) assert.deepEqual(statedReadings(q).map((r) => r.celsius), want, q);
  });

  test('ages a question states, in months; durations are not ages', () => {
    const rows: Array<[string, number | null]> = [
      ["she's 6 weeks and 38.2", (6 * 7) / 30.4375],
      ['temperature of 100.8F in my 2 month old', 2],
      ['my 4-month-old has 39.2', 4],
      ['7 month old 38.2', 7],
      ['he is 10 days old', 10 / 30.4375],
      ['our newborn feels hot', 0],
      ['she has had 38.5 for 2 days', null],
      ['3 days ago she had 38.1', null],
    ];
    for (const [q, want] of rows) {
      const got = statedAgeMonths(q);
      if (want === null) assert.equal(got, null, q);
      else assert.ok(got !== null && Math.abs(got - want) < 1e-9, `${q}: ${got}`);
    }
  });

  test('the live rule\'s lines: 38 °C under 3 months, 39 °C at 3 to 6, none after; the question\'s age wins', () => {
    const uk = (q: string, ages: number[]) => feverSignpost(q, 'uk', { ageMonths: ages, units: 'metric' });
    assert.match(uk('temperature 38.0', [2.9])!, /^Under 3 months, a temperature of 38 °C or higher/);
    assert.equal(uk('temperature 37.9', [1]), null);
    assert.equal(uk('temperature 38.9', [3]), null);
    assert.match(uk('temperature 39.0', [3])!, /^At 3 to 6 months, a temperature of 39 °C or higher/);
    assert.equal(uk('temperature 39.5', [6.5]), null);
    assert.equal(uk('my 7 month old has 38.2', [1]), null, 'the stated age, not the profile\'s');
    assert.match(uk('my 2 month old has 38.2', [9])!, /^Under 3 months/);
    assert.match(uk('temperature 38.4', [9, 1.5])!, /^Under 3 months/, 'either of two children may be meant: the younger\'s line');
    assert.equal(uk('how many feeds today?', [1]), null);
    const us = feverSignpost('100.8F', 'us', { ageMonths: [2], units: 'imperial' })!;
    assert.equal(us, "Under 3 months, a temperature of 100.4 °F (38 °C) or higher is a reason to get medical advice urgently: call your child's pediatrician now; 911 in an emergency.");
  });

  test('the guardrail: the urgent signpost first, then the rule\'s text; an emergency still wins; no dose, no diagnosis', () => {
    const fever = { ageMonths: [1.4], units: 'metric' as const };
    const hit = checkGuardrails("she's 6 weeks and 38.2, what should I do?", 'uk', fever)!;
    assert.equal(hit.rule, 'symptom');
    assert.ok(hit.answer.startsWith('Under 3 months, a temperature of 38 °C or higher is a reason to get medical advice urgently: call NHS 111 or your GP now; 999 in an emergency. '));
    assert.ok(hit.answer.endsWith(GUARDRAIL_TEXTS.uk.symptom));
    assert.doesNotMatch(hit.answer, /\d\s?(mg|ml)\b/);
    const med = checkGuardrails('38.5 at 6 weeks, can I give Calpol?', 'uk', fever)!;
    assert.equal(med.rule, 'medication');
    assert.match(med.answer, /^Under 3 months/);
    const emergency = checkGuardrails('38.5 and not breathing', 'uk', fever)!;
    assert.equal(emergency.rule, 'emergency');
    assert.equal(emergency.answer, GUARDRAIL_TEXTS.uk.emergency);
    // Older: the general redirect alone; a bare reading is a symptom even without the word.
    assert.deepEqual(checkGuardrails('7 month old 38.2', 'uk', fever), { rule: 'symptom', answer: GUARDRAIL_TEXTS.uk.symptom });
    // A log question let through stays let through (the service puts the signpost before its answer).
    assert.equal(checkGuardrails('how many feeds did she have last week when she had a temperature of 38.4?', 'uk', fever), null);
  });
});

describe('questions beyond the answer window', () => {
  const windowStart = answerWindowStart(NOW, ZONE);

  test('what a question needs: a dated day before the window, the first event of a type', () => {
    const day = historyNeeds('How much milk did Ada have on 3 March?', PROFILE, NOW);
    assert.equal(day.periods.length, 1);
    assert.ok(day.periods[0]![0] <= at('2026-03-03T00:00:00') && day.periods[0]![1] >= at('2026-03-04T00:00:00'));
    assert.deepEqual(day.days, ['2026-03-03']);
    assert.equal(day.logStart, true);
    assert.deepEqual(historyNeeds('How much milk yesterday?', PROFILE, NOW), { periods: [], firstTypes: [], logStart: false, days: [] });
    assert.deepEqual(historyNeeds('When was her first poo ever?', PROFILE, NOW).firstTypes, ['nappy']);
    assert.deepEqual(historyNeeds('What time was her first feed today?', PROFILE, NOW).firstTypes, []);
    assert.deepEqual(historyNeeds('When was her first feed?', PROFILE, NOW).firstTypes, [], 'today\'s first');
    assert.ok(windowStart < NOW);
  });

  test('a year in a date is read ("3 March 2025"), and a day of another year names it', () => {
    const p = parsePeriod('on 3 march 2025', NOW, ZONE)!.period;
    assert.equal(p.start, at('2025-03-03T00:00:00'));
    assert.equal(p.label, 'on Mon 3 Mar 2025');
    assert.equal(parsePeriod('on march 3, 2025', NOW, ZONE)!.period.start, at('2025-03-03T00:00:00'));
    assert.equal(parsePeriod('on 3 march', NOW, ZONE)!.period.label, 'on Tue 3 Mar');
  });

  const events = [
    makeEvent(ZONE, 'milk', '2026-11-22T07:00:00', { ml: 150 }),
    makeEvent(ZONE, 'length', '2026-04-28T10:00:00', { cm: 74 }),
    makeEvent(ZONE, 'length', '2026-05-10T10:00:00', { cm: 76 }),
    makeEvent(ZONE, 'length', '2026-11-15T10:00:00', { cm: 82 }),
    makeEvent(ZONE, 'weight', '2026-11-15T10:00:00', { kg: 10.4 }),
  ];
  const solids = [span(['sweet potato'], '2025-11-05T12:00:00', '2026-11-10T17:30:00', 2), span(['scrambled egg'], '2026-11-01T12:00:00', '2026-11-01T12:00:00', 1)];
  const ctx = (extra: Partial<AnswerContext> = {}): AnswerContext => ({
    events, profile: PROFILE, now: NOW, notes: [],
    history: { covered: [[windowStart, NOW + 1]], solids, log_start: at('2025-11-05T12:00:00') }, ...extra,
  });

  test('a period not read, or before the log starts, is said plainly — never "0"', () => {
    const r = answerQuestion('How much milk did she have on 3 March?', ctx());
    assert.equal(r.answer, "I can only look back to Wed 23 Sep in Ada's log for this question, not as far as Tue 3 Mar.");
    const early = answerQuestion('How much milk did she have on 3 March 2025?', ctx());
    assert.equal(early.answer, "Ada's log starts on Wed 5 Nov 2025, so nothing is logged on Mon 3 Mar 2025.");
    // Read for the question: answered from it.
    const read = answerQuestion('How much milk did she have on 3 March?', ctx({
      events: [...events, makeEvent(ZONE, 'milk', '2026-03-03T07:00:00', { ml: 120 })],
      history: { covered: [[windowStart, NOW + 1], [at('2026-03-01T12:00:00'), at('2026-03-05T12:00:00')]], solids },
    }));
    assert.equal(read.figures.milk_ml, 120, read.answer);
    // Without history (a caller of the answerer alone): from the events, as before.
    assert.equal(answerQuestion('How much milk did she have on 3 March?', ctx({ history: undefined })).figures.milk_ml, 0);
  });

  test('"first" gives the first time over the whole log; "last" the last; an allergen not offered for a week says so', () => {
    const first = answerQuestion('When did she first have sweet potato?', ctx());
    assert.equal(first.answer, 'Ada first had sweet potato at 12:00 on Wed 5 Nov 2025 (about 12 months ago); twice in the log, most recently at 17:30 on Tue 10 Nov (12 days ago).');
    assert.equal(first.figures.first_at, '2025-11-05T12:00:00');
    const last = answerQuestion('When did she last have sweet potato?', ctx());
    assert.match(last.answer, /^Ada last had sweet potato at 17:30 on Tue 10 Nov/);
    const egg = answerQuestion('Has she had egg?', ctx());
    assert.equal(egg.answer, 'Yes, Ada has had egg (scrambled egg) once in the log, first at 12:00 on Sun 1 Nov (21 days ago). Not offered for 21 days.');
    assert.equal(answerQuestion('What was her first food?', ctx()).figures.first_at, '2025-11-05T12:00:00');
    assert.match(answerQuestion('What was her first length?', ctx()).answer, /^Ada's first logged length was 74 cm, at 10:00 on Tue 28 Apr/);
    assert.match(answerQuestion('Has she had mango?', ctx()).answer, /^No, mango isn't logged for Ada in the log\./);
    // "First" of another kind with no period and no "ever": today's first, never the last.
    assert.match(answerQuestion('What time was her first feed?', ctx({ events: [...events, makeEvent(ZONE, 'milk', '2026-11-22T10:00:00', { ml: 90 })] })).answer, /07:00/);
  });

  test('growth between two ends: the measurement nearest each, with its date', () => {
    const r = answerQuestion('How much has she grown since her first birthday?', ctx());
    assert.equal(r.answer, "Ada has grown 8 cm since Ada's first birthday: 74 cm on Tue 28 Apr (3 days before Ada's first birthday, Fri 1 May) and 82 cm on Sun 15 Nov (the latest).");
    assert.deepEqual([r.figures.from_at, r.figures.to_at, r.figures.change_cm], ['2026-04-28T10:00:00', '2026-11-15T10:00:00', 8]);
    const between = answerQuestion('How much did she grow between 6 months and her first birthday?', ctx());
    assert.match(between.answer, /^Only one length is logged near both ends: 74 cm on Tue 28 Apr/);
    const future = answerQuestion('How much has she grown since her second birthday?', ctx());
    assert.match(future.answer, /^Ada's second birthday is on Sat 1 May 2027, still to come/);
    const weight = answerQuestion('How much weight has she gained since she was 6 months?', ctx());
    assert.match(weight.answer, /^Only one weight is logged near both ends/);
    assert.match(answerQuestion('How much has she grown since 1 May?', ctx()).answer, /^Ada has grown 8 cm since Fri 1 May: 74 cm on Tue 28 Apr/);
  });
});

describe('notes that hold the fact asked for', () => {
  const notes: Note[] = [
    { ts: '2026-11-03T10:00:00', text: 'her GP is Dr Patel', tags: [] },
    { ts: '2026-11-04T10:00:00', text: 'First egg at grandma\'s, she loved it', tags: [] },
  ];
  const ctx: AnswerContext = { events: [makeEvent(ZONE, 'milk', '2026-11-22T07:00:00', { ml: 150 })], profile: PROFILE, now: NOW, notes };

  test('a question the log cannot answer gets the note as its answer', () => {
    const r = answerQuestion('Who is her GP?', ctx);
    assert.equal(r.answer, 'You noted on Tue 3 Nov: "her GP is Dr Patel".');
    assert.equal(r.answered, true);
    assert.deepEqual(r.notes_used, [notes[0]]);
  });

  test('a note sharing only a word every log question uses does not lead', () => {
    assert.deepEqual(notesHolding('How long was she awake before her first nap?', notes, 'Ada'), []);
    const r = answerQuestion('How long was she awake before her first nap?', ctx);
    assert.match(r.answer, /^I can't answer that from the log/);
  });

  test('when the log has nothing of what was asked, the note comes first and the log after it', () => {
    const r = answerQuestion("When did she first have egg at grandma's?", ctx);
    assert.match(r.answer, /^You noted on Wed 4 Nov: "First egg at grandma's, she loved it"\. From the log: /, r.answer);
    // The log's own answer keeps its place when it has one.
    assert.match(answerQuestion('How much milk has she had today?', ctx).answer, /^Ada had 150 ml/);
  });
});
