// Questions in a family of several children (issue 25 part 4): which children a question names
// (child-names.ts), and how the answers for several are put together (per-child.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { childrenNamed, questionAbout } from '../../src/domain/answerer/child-names.ts';
import { answerForChildren, orList } from '../../src/domain/answerer/per-child.ts';
import { answerQuestion, type AnswerContext } from '../../src/domain/answerer/index.ts';
import { buildChildrenLlmContext, buildLlmContext } from '../../src/domain/answerer/context.ts';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';

const kids = (...names: string[]) => names.map((name, i) => ({ id: `c${i}`, name }));
const named = (q: string, children: { id: string; name: string }[]) => childrenNamed(q, children).map((c) => c.name);

test('a child is named by its name as a word, ignoring case and accents, possessives included', () => {
  const c = kids('Ada', 'Tom', 'Zoë');
  assert.deepEqual(named('When did Tom last feed?', c), ['Tom']);
  assert.deepEqual(named('when did tom last feed', c), ['Tom']);
  assert.deepEqual(named("How was Tom's night?", c), ['Tom']);
  assert.deepEqual(named('How was Tom’s night?', c), ['Tom'], 'a curly apostrophe');
  assert.deepEqual(named('has zoe had egg?', c), ['Zoë']);
  assert.deepEqual(named('Did Ada or Tom poo today?', c), ['Ada', 'Tom'], 'in the family order');
  assert.deepEqual(named('Did TOM and ada sleep?', c), ['Ada', 'Tom']);
});

test('a name inside another word, or a pronoun, names no child', () => {
  const c = kids('Ada', 'Tom', 'Al');
  assert.deepEqual(named('when did she last feed?', c), []);
  assert.deepEqual(named('How much tomato did they eat? Any salad?', c), []);
  assert.deepEqual(named('Has Adam been fed?', c), []);
  assert.deepEqual(named('did he have all his milk', c), []);
  assert.deepEqual(named("Did Al's bottle go down?", c), ['Al']);
});

test('whole names first: "Ada Smith" names only her; a bare "Ada" names both Adas', () => {
  const c = kids('Ada Smith', 'Ada Jones', 'Tom');
  assert.deepEqual(named('When did Ada Smith last feed?', c), ['Ada Smith']);
  assert.deepEqual(named('When did ada jones and Tom sleep?', c), ['Ada Jones', 'Tom']);
  assert.deepEqual(named('When did Ada last feed?', c), ['Ada Smith', 'Ada Jones']);
});

test('a name that is also an ordinary word names the child only with its capital, not leading the question, and a month not as a date', () => {
  const c = kids('May', 'Will', 'June');
  assert.deepEqual(named('may I ask when she last fed?', c), []);
  assert.deepEqual(named('May I ask when she last fed?', c), [], 'the first word of a question');
  assert.deepEqual(named("May's last feed?", c), ['May'], 'a possessive leading the question');
  assert.deepEqual(named('When will she sleep?', c), []);
  assert.deepEqual(named('When did Will sleep?', c), ['Will']);
  assert.deepEqual(named('How many feeds on 3 June?', c), []);
  assert.deepEqual(named('How many feeds on June 3?', c), []);
  assert.deepEqual(named('How many feeds did June have?', c), ['June']);
});

test('the question about one named child: the other named children become that child', () => {
  const c = kids('Ada', 'Tom');
  assert.equal(questionAbout('Did Ada or Tom poo today?', c, c[0]!), 'Did Ada or Ada poo today?');
  assert.equal(questionAbout("How was Ada's and Tom's night?", c, c[1]!), "How was Tom's and Tom's night?");
});

test('orList', () => {
  assert.equal(orList(['Ada']), 'Ada');
  assert.equal(orList(['Ada', 'Tom']), 'Ada or Tom');
  assert.equal(orList(['Ada', 'Tom', 'Kit']), 'Ada, Tom or Kit');
});

// Two children's logs on 22 Nov 2026 (Europe/London), now 12:00.
const NOW = Date.parse('2026-11-22T12:00:00Z');
const at = (hhmm: string) => Date.parse(`2026-11-22T${hhmm}:00Z`);
const profile = (baby_name: string): ChildProfile => ({ baby_name, dob: '2026-05-01', timezone: 'Europe/London', region: 'uk', units: 'metric', gender: '' }) as ChildProfile;
const ev = (id: string, type: string, hhmm: string, extra: Partial<TimedEvent> = {}) => ({ id, type, at: at(hhmm), ts: `2026-11-22T${hhmm}:00`, ...extra }) as TimedEvent;
const notes = [{ ts: '2026-11-21T20:00:00', text: 'the night feed was a big bottle', tags: [] }];
const ada: AnswerContext = { profile: profile('Ada'), now: NOW, notes, events: [ev('a1', 'milk', '10:10', { ml: 120 }), ev('a2', 'nappy', '11:00', { kind: 'dirty' })] };
const tom: AnswerContext = { profile: profile('Tom'), now: NOW, notes, events: [ev('t1', 'milk', '09:45', { ml: 90 })] };
const both = [{ child: { id: 'a', name: 'Ada' }, ctx: ada }, { child: { id: 't', name: 'Tom' }, ctx: tom }];

test('no child named: each child answered from its own log, on a line starting with its name', () => {
  const q = 'When did she last feed?';
  const r = answerForChildren(q, both, false);
  const alone = (c: AnswerContext) => answerQuestion(q, { ...c, notes: [] }).answer;
  assert.equal(r.answer, [alone(ada), alone(tom), 'You noted on Sat 21 Nov: "the night feed was a big bottle".'].join('\n'));
  assert.match(r.answer, /^Ada's last feed was at 10:10 today.*120 ml\.\nTom's last feed was at 09:45 today.*90 ml\.\n/);
  assert.equal(r.answered, true);
  assert.equal(r.askedWhichChild, false);
  const keys = Object.keys(r.figures);
  assert.ok(keys.length > 0 && keys.every((k) => k.startsWith('Ada:') || k.startsWith('Tom:')), keys.join());
  const poo = answerForChildren('Did she poo today?', both, false);
  assert.match(poo.answer, /^Ada: Yes\. Ada had 1 dirty nappy.*\nTom: No\. Tom had 0 dirty nappies/);
});

test("the family's notes are quoted once, after every child's answer", () => {
  const r = answerForChildren('How big was her last bottle?', both, false);
  const lines = r.answer.split('\n');
  assert.equal(lines.length, 3, r.answer);
  assert.equal(lines[2], 'You noted on Sat 21 Nov: "the night feed was a big bottle".');
  assert.deepEqual(r.notes_used, notes);
});

test('a mood question naming no child asks which child; naming them answers each', () => {
  const r = answerForChildren('Why is she so grumpy?', both, false);
  assert.deepEqual(r, { answer: "Which child do you mean: Ada or Tom? Ask again with the child's name in the question.", answered: false, figures: {}, notes_used: [], askedWhichChild: true });
  const n = answerForChildren('Why are Ada and Tom so grumpy?', both, true);
  assert.equal(n.askedWhichChild, false);
  const lines = n.answer.split('\n');
  assert.equal(lines.length, 3);
  assert.match(lines[0]!, /^Ada: The log can't tell me why Ada is grumpy/);
  assert.match(lines[1]!, /^Tom: The log can't tell me why Tom is grumpy/);
  assert.equal(lines[2], 'You noted on Sat 21 Nov: "the night feed was a big bottle".');
});

test('a question no child can answer gets one "I can\'t answer that"', () => {
  const r = answerForChildren('What is the meaning of life?', both, false);
  assert.equal(r.answered, false);
  assert.match(r.answer, /^I can't answer that from the log\. For Ada I can answer questions such as/);
  assert.equal(r.answer.split('\n').length, 1);
});

test('the model sees each child under its own heading, and the notes once', () => {
  const text = buildChildrenLlmContext(both);
  assert.match(text, /^This log covers 2 children of the family: Ada, Tom\./);
  const ada1 = text.indexOf('=== Ada ===');
  const tom1 = text.indexOf('=== Tom ===');
  assert.ok(ada1 > 0 && tom1 > ada1);
  assert.ok(text.slice(ada1, tom1).includes('Child: Ada') && text.slice(tom1).includes('Child: Tom'));
  assert.equal(text.split('the night feed was a big bottle').length, 2, 'notes once');
  assert.ok(text.endsWith('- 2026-11-21: the night feed was a big bottle'));
  assert.ok(buildLlmContext(ada).includes('Notes the family asked to remember'), 'one child: as before');
});
