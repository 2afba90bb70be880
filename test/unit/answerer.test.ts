// Table-driven tests of the built-in answerer over a deterministic three-week log of one
// family in Europe/London that spans the spring-forward change (Sun 30 Mar 2025, 23 hours).
// Expected figures were worked out by hand from the schedule below (see the comments).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProfile, TimedEvent, EventType } from '../../src/domain/types.ts';
import { addDays, localToInstant } from '../../src/domain/time.ts';
import { answerQuestion, ANSWERER_MODEL, ANSWER_WINDOW_DAYS, type Note } from '../../src/domain/answerer/index.ts';
import { buildLlmContext } from '../../src/domain/answerer/context.ts';

const ZONE = 'Europe/London';
const FIRST_DAY = '2025-03-13';
const LAST_DAY = '2025-04-02';
const NOW = '2025-04-02T10:30:00'; // Wednesday, BST

const profile: ChildProfile = {
  baby_name: 'Maisie Jones', dob: '2024-09-15', gender: 'girl', timezone: ZONE, region: 'uk', units: 'metric',
};

const FOODS = [
  ['banana', 'porridge'], ['egg', 'toast'], ['salmon', 'broccoli'], ['peanut butter', 'toast'],
  ['yoghurt', 'pear'], ['lentils', 'carrot'], ['avocado', 'rice'],
];

let seq = 0;
function ev(ts: string, type: EventType, extra: Partial<TimedEvent> = {}): TimedEvent {
  seq++;
  return {
    id: seq.toString(16).padStart(8, '0'), ts, type, author: 'parent1@example.com', ml: null, kind: null,
    foods: null, meal_type: null, kg: null, cm: null, ug: null, note: null, reactions: null, side: null, duration_min: null,
    celsius: null, fahrenheit: null, method: null, medicine: null, amount: null, unit: null, title: null,
    at: localToInstant(ts, ZONE), ...extra,
  };
}

/**
 * A standard day: night waking 02:00–02:30 with a 120 ml feed at 02:10, up at 06:45;
 * feeds 07:00 180, 11:00 150, 15:00 150, 18:30 180 (780 ml, 5 feeds a day);
 * nappies 07:15 wet, 11:15 dirty, 15:15 wet, 18:45 both (4: 3 wet, 2 dirty);
 * vitamin D 10 µg at 08:00; naps 09:30–10:30, 13:00–14:30, 16:30–17:00 (3 h); bed at 19:00.
 * Sleep inside a calendar day: 2 h + 4 h 15 + 3 h + 5 h = 14 h 15 min.
 * Deviations: Thu 27 Mar nap 13:00–13:45 only; Mon 31 Mar a duplicate `poop` at 11:20;
 * Tue 1 Apr a dream feed 60 ml at 00:30, 210 ml at 15:00, extra dirty nappy at 16:00;
 * Wed 2 Apr (today) the first nap ends at 10:10. Solid lunch at 12:00 rotates FOODS by day index.
 */
function buildLog(): TimedEvent[] {
  const out: TimedEvent[] = [];
  let idx = 0;
  for (let d = FIRST_DAY; d <= LAST_DAY; d = addDays(d, 1), idx++) {
    const at = (hhmm: string, type: EventType, extra: Partial<TimedEvent> = {}) => out.push(ev(`${d}T${hhmm}:00`, type, extra));
    if (idx > 0) {
      at('02:00', 'wake');
      at('02:10', 'milk', { ml: 120 });
      at('02:30', 'sleep');
      at('06:45', 'wake');
    }
    if (d === '2025-04-01') at('00:30', 'milk', { ml: 60 });
    at('07:00', 'milk', { ml: 180 });
    at('07:15', 'nappy', { kind: 'wet' });
    at('08:00', 'supplement', { kind: 'vitd', ug: 10 });
    at('09:30', 'sleep');
    at(d === LAST_DAY ? '10:10' : '10:30', 'wake');
    at('11:00', 'milk', { ml: 150 });
    at('11:15', 'nappy', { kind: 'dirty' });
    if (d === '2025-03-31') at('11:20', 'poop');
    at('12:00', 'solid', { foods: FOODS[idx % 7]!, meal_type: 'meal' });
    at('13:00', 'sleep');
    at(d === '2025-03-27' ? '13:45' : '14:30', 'wake');
    at('15:00', 'milk', { ml: d === '2025-04-01' ? 210 : 150 });
    at('15:15', 'nappy', { kind: 'wet' });
    if (d === '2025-04-01') at('16:00', 'nappy', { kind: 'dirty' });
    at('16:30', 'sleep');
    at('17:00', 'wake');
    at('18:30', 'milk', { ml: 180 });
    at('18:45', 'nappy', { kind: 'both' });
    at('19:00', 'sleep');
  }
  out.push(ev('2025-03-14T09:00:00', 'weight', { kg: 7.8 }));
  out.push(ev('2025-03-21T09:00:00', 'weight', { kg: 7.95 }));
  out.push(ev('2025-03-28T09:00:00', 'weight', { kg: 8.1 }));
  out.push(ev('2025-03-14T09:05:00', 'length', { cm: 67.5 }));
  out.push(ev('2025-03-28T09:05:00', 'length', { cm: 68.6 }));
  // Shuffle deterministically: the answerer must not rely on the caller's ordering.
  return out.map((e, i) => ({ e, k: (i * 7919) % 1009 })).sort((a, b) => a.k - b.k).map((x) => x.e);
}

const NOTES: Note[] = [
  { ts: '2025-03-20T20:00:00', text: 'Bottom tooth coming through, teething and grumpy', tags: ['teething'] },
  { ts: '2025-03-28T13:00:00', text: "First egg at grandma's, she loved it", tags: ['egg', 'food'] },
  { ts: '2025-03-25T19:30:00', text: 'Moved bedtime earlier to 19:00', tags: ['bedtime', 'sleep'] },
];

const EVENTS = buildLog();
const ask = (q: string, now = NOW) =>
  answerQuestion(q, { events: EVENTS, profile, now: localToInstant(now, ZONE), notes: NOTES });

interface Case {
  q: string;
  now?: string;
  expect: Array<string | RegExp>;
  figures?: Record<string, number | string>;
  answered?: boolean;
}

const CASES: Case[] = [
  // --- Totals for a period
  { q: 'How much milk has Maisie had today?', expect: ['300 ml', '2 feeds', 'so far today'], figures: { milk_ml: 300, feeds: 2 } },
  { q: 'How much milk did she drink yesterday?', expect: ['900 ml', '6 feeds'], figures: { milk_ml: 900, feeds: 6 } },
  { q: 'How many feeds yesterday?', expect: ['6 feeds'], figures: { feeds: 6 } },
  { q: 'How many bottles has she had today', expect: ['2 bottles', '300 ml'], figures: { bottles: 2, breastfeeds: 0 } },
  { q: 'How much milk this week?', expect: ['1980 ml', '13 feeds'], figures: { milk_ml: 1980 } },
  { q: 'How much milk did she have last week?', expect: ['5460 ml', '35 feeds', 'Mon 24 Mar', 'Sun 30 Mar'] },
  { q: 'total milk since Monday', expect: ['1980 ml'] },
  { q: 'How much milk in the last 3 days?', expect: ['2460 ml', '16 feeds', 'Sun 30 Mar', 'Tue 1 Apr'] },
  { q: 'How much milk in the last 24 hours?', expect: ['840 ml', '5 feeds'] },
  { q: 'How much milk did she have on Sunday?', expect: ['780 ml', 'Sun 30 Mar'] },
  { q: 'How much milk did she have on 28 March?', expect: ['780 ml', 'Fri 28 Mar'] },
  { q: 'How many feeds last night?', expect: ['120 ml', '1 feed'] },
  { q: 'How many nappies today?', expect: ['1 nappy', '1 wet', '0 dirty'] },
  { q: 'How many nappies yesterday?', expect: ['5 nappies', '3 wet', '3 dirty'], figures: { nappies: 5, wet: 3, dirty: 3 } },
  { q: 'How many wet nappies this week?', expect: ['7 wet nappies'] },
  { q: 'How many dirty nappies this week?', expect: ['5 dirty nappies'], figures: { dirty: 5 } },
  { q: 'How many poos last week?', expect: ['14 dirty nappies'] },
  { q: 'How many nappies did she have on Monday?', expect: ['4 nappies', '2 dirty'] }, // duplicate poop at 11:20 not counted
  { q: 'How many meals did she have yesterday?', expect: ['1 meal', 'lentils and carrot'] },
  // --- Sleep durations
  { q: 'How much sleep did she get yesterday?', expect: ['14 h 15 min', '3 naps', '3 h'], figures: { sleep_minutes: 855, naps: 3 } },
  { q: 'How long did she sleep today?', expect: ['6 h 55 min', '1 nap', '40 min'] },
  { q: 'How many naps yesterday?', expect: ['3 naps', '3 h'] },
  { q: 'How long did she nap on Thursday?', expect: ['3 naps', '2 h 15 min', 'Thu 27 Mar'] },
  { q: 'How much sleep in the last 24 hours?', expect: ['13 h 55 min'] },
  { q: 'Total sleep last week', expect: ['98 h'] }, // 5880 min
  { q: 'How did she sleep last night?', expect: ['19:00', '06:45', '11 h 15 min', 'once', '7 h'], figures: { night_sleep_minutes: 675, longest_stretch_minutes: 420, wakings: 1 } },
  { q: "What was Maisie's longest stretch last night?", expect: ['7 h'] },
  { q: 'How many times did she wake last night?', expect: ['once', '02:00'] },
  { q: 'What time did she go to bed last night?', expect: ['19:00'] },
  { q: 'What time did she wake up this morning?', expect: ['06:45'] },
  { q: 'How long has she been awake?', expect: ['10:10', '20 min'], figures: { minutes_awake: 20 } },
  { q: 'Is she asleep?', expect: ['awake', '10:10'] },
  // --- Last occurrence
  { q: 'When did she last feed?', expect: ['07:00 today', '3 h 30 min ago', '180 ml'] },
  { q: 'When was her last bottle?', expect: ['07:00 today'] },
  { q: 'When did she last poop?', expect: ['18:45 yesterday', '15 h 45 min ago'] },
  { q: 'When was the last dirty nappy?', expect: ['18:45 yesterday'] },
  { q: 'How long since her last wet nappy?', expect: ['07:15 today', '3 h 15 min ago'] },
  { q: 'When did she last nap?', expect: ['09:30', '10:10', '40 min'] },
  { q: 'How long ago did she wake up last?', expect: ['10:10 today', '20 min ago'] },
  { q: 'When did she last have solids?', expect: ['12:00 yesterday', 'lentils and carrot'] },
  { q: 'When was her last vitamin D?', expect: ['08:00 today', '10 µg'] },
  { q: 'What times did she feed yesterday?', expect: ['00:30', '02:10', '07:00', '11:00', '15:00', '18:30'] },
  { q: 'When did she poo yesterday?', expect: ['11:15', '16:00', '18:45'] },
  // --- Averages
  { q: 'What is her average milk per day over the last 7 days?', expect: ['797 ml', 'Wed 26 Mar – Tue 1 Apr'] },
  { q: 'On average how much does she sleep a day this week?', expect: ['14 h 15 min', '2 whole days'] },
  { q: 'Average sleep per day last week', expect: ['14 h of sleep a day', 'Mon 24 Mar – Sun 30 Mar'] },
  { q: 'How many nappies a day on average last week?', expect: ['4 nappies a day', 'Mon 24 Mar'] },
  { q: 'What is the average bottle size this week?', expect: ['152 ml', '1980 ml', '13 bottles'] },
  { q: 'How long are her naps on average this week?', expect: ['57 min', '7 naps'] }, // (180 + 180 + 40) min over 7 naps
  // --- Comparisons
  { q: 'Is she sleeping more than last week?', expect: [/^Yes/, '14 h 15 min', '14 h', '15 min'] },
  { q: 'Is she drinking more milk than last week?', expect: [/^Yes/, '840 ml', '780 ml', '60 ml'] },
  { q: 'Has she had more milk than yesterday?', expect: [/^No/, '300 ml', '360 ml', '10:30', '900 ml'] },
  { q: 'Did she have more feeds yesterday than on Monday?', expect: [/^Yes/, '6 feeds', '5 feeds'] },
  { q: 'Did she sleep less last week than the week before?', expect: ['14 h', '14 h 15 min'] },
  { q: 'Compare nappies this week with last week', expect: ['4.5 nappies', '4 nappies'] },
  // --- Foods and allergens
  { q: 'Has she had egg this week?', expect: [/^No/, 'Fri 28 Mar'] },
  { q: 'Has she had egg last week?', expect: [/^Yes/, 'Fri 28 Mar'] },
  { q: 'When did she last have fish?', expect: ['salmon', 'Sat 29 Mar', '3 times'] },
  { q: 'How many times has she had broccoli?', expect: ['3 times', 'Sat 29 Mar'] },
  { q: 'Has Maisie had peanut butter?', expect: [/^Yes/, 'Sun 30 Mar'] },
  { q: 'Has she had any dairy this week?', expect: [/^Yes/, 'yoghurt', 'Mon 31 Mar'] },
  { q: 'Has she tried avocado?', expect: [/^Yes/, 'twice', 'Wed 26 Mar'] },
  { q: 'What did she eat yesterday?', expect: ['lentils and carrot'] },
  { q: 'Which allergens has she had last week?', expect: ['milk', 'egg', 'fish', 'peanut', 'gluten', '5 common allergens'] },
  { q: 'Has she had mango?', expect: [/^No/, 'mango'] },
  // --- Growth and supplements
  { q: 'How much does she weigh?', expect: ['8.1 kg', 'Fri 28 Mar', '150 g'], figures: { weight_kg: 8.1 } },
  { q: 'What is her latest weight?', expect: ['8.1 kg'] },
  { q: 'How long is she now?', expect: ['68.6 cm', '1.1 cm'] },
  { q: 'What was her last length measurement?', expect: ['68.6 cm'] },
  { q: 'Has she had her vitamin D today?', expect: [/^Yes/, '1 vitamin D dose', '10 µg'] },
  { q: 'How much vitamin D has she had this week?', expect: ['3 vitamin D doses', '30 µg'] },
  { q: 'Has she had any iron this week?', expect: [/^No/, 'iron'] },
  // --- Timezone edges: just after midnight (BST, 23:20 UTC), the spring-forward day
  { q: 'How much milk did she have yesterday?', now: '2025-04-02T00:20:00', expect: ['900 ml', '6 feeds', 'Tue 1 Apr'] },
  { q: 'How much milk today?', now: '2025-04-02T00:20:00', expect: ['No feeds'] },
  { q: 'How many nappies yesterday?', now: '2025-04-02T00:20:00', expect: ['5 nappies'] },
  { q: 'How is she sleeping last night?', now: '2025-04-02T00:20:00', expect: ['19:00', 'still asleep', '5 h 20 min'] },
  { q: 'How long did she sleep last night?', now: '2025-03-30T09:00:00', expect: ['10 h 15 min', '06:45', '6 h'], figures: { night_sleep_minutes: 615, longest_stretch_minutes: 360 } },
  { q: 'How much milk today?', now: '2025-03-30T09:00:00', expect: ['300 ml', '2 feeds'] },
  { q: 'How much sleep did she get on Sunday?', expect: ['13 h 15 min', 'Sun 30 Mar'], figures: { sleep_minutes: 795 } },
  { q: 'How much sleep yesterday?', now: '2025-03-30T09:00:00', expect: ['14 h 15 min'] },
  // --- Found by a held-out check of unseen phrasings
  { q: 'How long was her longest nap yesterday?', expect: ['1 h 30 min'], figures: { longest_nap_minutes: 90 } },
  { q: 'Has she had wheat?', expect: ['toast', '6 times'] }, // porridge (oats) is gluten but not wheat
  { q: 'How many naps does she take a day on average?', expect: ['3 naps a day', '21 naps'] },
  { q: 'How much did she sleep over the last week?', expect: ['98 h', 'Wed 26 Mar – Tue 1 Apr'] },
  { q: 'Has she ever had sesame?', expect: [/^No/, 'sesame'] },
  // --- Found by a second held-out check (parents' phrasings; figures from the schedule above)
  // Night against night, counted as the night answers count it (going down to getting up).
  { q: 'Did she sleep more last night than the night before?', expect: [/^About the same/, '11 h 15 min', 'the night before last (to Tue 1 Apr)'], figures: { main: 675, base: 675 } },
  { q: 'Did she sleep less last night than the night before?', now: '2025-03-30T09:00:00', expect: [/^Yes/, '10 h 15 min', '11 h 15 min'], figures: { main: 615, base: 675 } },
  { q: 'Did she sleep better last night?', now: '2025-03-30T09:00:00', expect: [/^No/, '10 h 15 min', '11 h 15 min'], figures: { main: 615, base: 675 } },
  { q: 'How long did she sleep the night before last?', expect: ['Tue 1 Apr', '11 h 15 min'], figures: { night_sleep_minutes: 675 } },
  // A night still running says "so far", as the night summary does.
  { q: 'How many times did she wake up last night?', now: '2025-04-02T00:20:00', expect: ["didn't wake", 'still asleep', '5 h 20 min of sleep so far'] },
  { q: 'What time did she go down for the night on Sunday?', expect: ['19:00', 'evening of Sun 30 Mar'] },
  { q: 'What time did she go to sleep on Thursday?', expect: ['19:00', 'evening of Thu 27 Mar'] },
  { q: 'How many feeds on Friday night?', expect: ['120 ml', '1 feed', 'night of Fri 28 Mar'], figures: { feeds: 1, milk_ml: 120 } },
  { q: 'How many feeds overnight?', now: '2025-04-01T10:00:00', expect: ['180 ml', '2 feeds'], figures: { feeds: 2 } },
  // Bottles, ounces, first and last, biggest and smallest.
  { q: 'How many bottles did she have yesterday?', expect: ['6 bottles', '900 ml'], figures: { bottles: 6, breastfeeds: 0 } },
  { q: 'What was her biggest bottle yesterday?', expect: ['210 ml', '15:00'], figures: { largest_ml: 210 } },
  { q: 'smallest bottle this week', expect: ['60 ml', '00:30'], figures: { smallest_ml: 60 } },
  { q: 'When was her last bottle?', expect: ['07:00 today', '180 ml'] },
  { q: 'What time was her first feed yesterday?', expect: ['00:30', '60 ml'], figures: { first_at: '00:30', count: 6 } },
  { q: 'How many ounces did she drink yesterday?', expect: ['900 ml (30.4 fl oz)'] },
  { q: 'Is she drinking more than yesterday?', expect: [/^No so far/, '300 ml', '360 ml by 10:30'] },
  // Parts of a day and hour windows.
  { q: 'How much milk did she have between 2 and 6 yesterday?', expect: ['210 ml', '1 feed', 'between 14:00 and 18:00 yesterday'], figures: { milk_ml: 210 } },
  { q: 'How much milk yesterday afternoon?', expect: ['210 ml', '1 feed', 'yesterday afternoon'], figures: { milk_ml: 210 } },
  { q: 'How much milk since 6am?', expect: ['180 ml', '1 feed', 'since 06:00 today'], figures: { milk_ml: 180 } },
  { q: 'How many nappies since 11am?', expect: ['5 nappies', 'since 11:00 yesterday'], figures: { nappies: 5, wet: 3, dirty: 3 } },
  { q: 'How much milk in the last 48 hours?', expect: ['1680 ml', '11 feeds'], figures: { milk_ml: 1680, feeds: 11 } },
  { q: 'How long did she nap on the 27th?', expect: ['2 h 15 min', 'Thu 27 Mar'], figures: { naps: 3, nap_minutes: 135 } },
  { q: 'What did she have for lunch yesterday?', expect: ['lentils and carrot', 'at lunch'] },
  // Typos and US words.
  { q: 'how many nappys yesterday', expect: ['5 nappies'], figures: { nappies: 5 } },
  { q: 'How many poopy diapers yesterday?', expect: ['3 dirty nappies'], figures: { dirty: 3 } },
  // Context after the question, illness words in a log sense, and days the log can't place.
  { q: 'When was her last dirty nappy? She was constipated last week', expect: ['18:45 yesterday'] },
  { q: 'How many wet nappies since her cold started on Monday?', expect: ['7 wet nappies', 'since Mon 31 Mar'], figures: { wet: 7 } },
  { q: 'How many bottles did she finish yesterday now her cough is better?', expect: ['6 bottles'] },
  { q: 'How many naps did she have the day after her jabs?', expect: ["I can't answer that from the log"], answered: false },
  { q: 'How long was she awake before her first nap?', expect: ["I can't answer that from the log"], answered: false },
  { q: 'How many bottles did she refuse yesterday?', expect: ["I can't answer that from the log"], answered: false },
  // --- Not understood, or not in the log (predictions and advice)
  { q: 'When is her next feed due?', expect: ["I can't answer that from the log"], answered: false },
  { q: 'How much milk should she have?', expect: ["I can't answer that from the log"], answered: false },
  { q: 'What is the capital of France?', expect: ["I can't answer that from the log", 'How much milk did Maisie have yesterday?'], answered: false },
  { q: 'Tell me a joke', expect: ["I can't answer that from the log"], answered: false },
];

describe('answerer: question table over a seeded family log', () => {
  let passed = 0;
  for (const c of CASES) {
    test(`${c.q}${c.now ? ` @ ${c.now}` : ''}`, () => {
      const r = ask(c.q, c.now);
      // ANSWERER_DUMP=1 prints every answer, to read them as a parent would.
      if (process.env.ANSWERER_DUMP) console.log(`Q: ${c.q}\nA: ${r.answer}\n`);
      for (const e of c.expect) {
        if (typeof e === 'string') assert.ok(r.answer.includes(e), `expected "${e}" in: ${r.answer}`);
        else assert.match(r.answer, e);
      }
      assert.equal(r.answered, c.answered ?? true, r.answer);
      for (const [k, v] of Object.entries(c.figures ?? {})) assert.equal(r.figures[k], v, `figure ${k} in ${JSON.stringify(r.figures)}`);
      if (c.answered !== false) assert.ok(r.answer.includes('Maisie'), `name missing: ${r.answer}`);
      passed++;
    });
  }
  test('summary', () => {
    console.log(`answerer accuracy: ${passed}/${CASES.length} questions passed`);
    assert.ok(CASES.length >= 60);
  });
});

describe('answerer: notes and conventions', () => {
  test('relevant notes are returned and quoted', () => {
    const r = ask('Has she had egg this week?');
    assert.equal(r.notes_used.length, 1);
    assert.equal(r.notes_used[0]!.ts, '2025-03-28T13:00:00');
    assert.ok(r.answer.includes("First egg at grandma's"));
  });
  test('notes match tags as well as text, ignoring stop words', () => {
    const r = ask('How many feeds did she have while she was teething?');
    assert.deepEqual(r.notes_used.map((n) => n.tags[0]), ['teething']);
    assert.equal(ask('How much milk did she have today?').notes_used.length, 0);
  });
  test('constants', () => {
    assert.equal(ANSWERER_MODEL, 'builtin-rules-v1');
    assert.ok(ANSWER_WINDOW_DAYS >= 28);
  });
  test('imperial families also get ounces', () => {
    const r = answerQuestion('How much milk yesterday?', { events: EVENTS, profile: { ...profile, units: 'imperial' }, now: localToInstant(NOW, ZONE), notes: [] });
    assert.ok(r.answer.includes('900 ml (30.4 fl oz)'), r.answer);
  });
  test('answers never come from events after now', () => {
    const r = ask('How much milk today?', '2025-04-02T06:00:00');
    assert.ok(r.answer.includes('120 ml'), r.answer);
  });
});

describe('buildLlmContext', () => {
  const text = buildLlmContext({ events: EVENTS, profile, now: localToInstant(NOW, ZONE), notes: [...NOTES, { ts: '2025-03-29T10:00:00', text: 'email me at mum@example.com', tags: [] }] });
  test('summarises today, yesterday, 7 days, latest measurements and notes with the first name', () => {
    assert.ok(text.includes('Maisie'));
    assert.ok(!text.includes('Jones'));
    assert.ok(text.includes('300 ml'));
    assert.ok(text.includes('900 ml'));
    assert.ok(text.includes('5580 ml'));
    assert.ok(text.includes('8.1 kg'));
    assert.ok(text.includes('Moved bedtime earlier'));
  });
  test('carries no emails or usernames', () => {
    assert.ok(!/@/.test(text), text);
    assert.ok(!text.includes('parent1'));
  });
});

describe('LLM context never carries secrets', () => {
  test('a token pasted into a note or a logged note is removed, even when the note is cut short', async () => {
    const { buildLlmContext } = await import('../../src/domain/answerer/index.ts');
    const { makeEvent } = await import('../helpers/events.ts');
    const secret = `bt_${'A1b2C3d4'.repeat(6)}`;
    const longNote = `${'x'.repeat(100)} my token is ${secret}`;
    const ctx = {
      events: [makeEvent('Europe/London', 'note', '2026-11-22T09:00:00', { note: longNote.slice(0, 300) })],
      profile: { baby_name: 'Ada', dob: '2026-05-01', gender: '', timezone: 'Europe/London', region: 'uk' as const, units: 'metric' as const },
      now: Date.parse('2026-11-22T12:00:00Z'),
      notes: [{ ts: '2026-11-22T10:00:00', text: longNote, tags: [] }],
    };
    const text = buildLlmContext(ctx);
    assert.ok(!text.includes('bt_'), text);
    assert.ok(!text.includes('A1b2C3d4'));
  });
});
