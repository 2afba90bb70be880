// The rule that sends each child of an imported file to a child of the family (issue 25):
// matched by name ignoring case (Baby Buddy: also by birth date), created when missing, and
// refused rather than guessed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planChildren, samePlan, type SourceChild } from '../../src/domain/import-children.ts';

const bb = (key: string, first: string, last: string, dob: string): SourceChild => ({
  key,
  label: `${first} ${last} (Baby Buddy id ${key})`,
  names: last ? [`${first} ${last}`, first] : [first],
  dob,
  gender: '',
  sameDob: true,
});
const exp = (key: string, name: string, dob: string, gender = ''): SourceChild => ({ key, label: `${name} (export id ${key})`, names: [name], dob, gender, sameDob: false });
const here = (id: string, name: string, dob: string) => ({ id, name, dob });

/** Each source key → "matched <id>" or "created <name> #slot". */
function show(plan: ReturnType<typeof planChildren>): Record<string, string> | string {
  if (!plan.ok) return plan.problem;
  return Object.fromEntries([...plan.targets].map(([k, t]) => [k, t.action === 'matched' ? `matched ${t.child.id}` : `created ${t.name} #${t.slot}`]));
}

test('Baby Buddy: the first name matches a child here when the birth date agrees; the rest are created under their first name', () => {
  const plan = planChildren([bb('1', 'Ada', 'Lovelace', '2026-05-01'), bb('2', 'Tom', 'Lovelace', '2026-05-01')], [here('a', 'ada', '2026-05-01')]);
  assert.deepEqual(show(plan), { 1: 'matched a', 2: 'created Tom #0' });
  assert.ok(plan.ok && plan.created === 1);
});

test('Baby Buddy: the full name is tried first, so "Ada Lovelace" here wins over "Ada"', () => {
  const plan = planChildren([bb('1', 'Ada', 'Lovelace', '2026-05-01')], [here('a', 'Ada', '2026-05-01'), here('b', 'ADA LOVELACE', '2026-05-01')]);
  assert.deepEqual(show(plan), { 1: 'matched b' });
});

test('Baby Buddy: a name match born on another day is refused, naming both', () => {
  const plan = planChildren([bb('1', 'Ada', 'Lovelace', '2026-05-01')], [here('a', 'Ada', '2026-05-02')]);
  assert.equal(plan.ok, false);
  assert.ok(!plan.ok && plan.problem === 'dob_mismatch' && plan.child.id === 'a' && plan.source.key === '1');
});

test('two of the file\'s children sharing a first name are told apart by their full names', () => {
  const sources = [bb('1', 'Ada', 'Smith', '2026-05-01'), bb('2', 'Ada', 'Jones', '2025-01-01')];
  // "Ada" here could be either: neither takes it; both are created under their full names.
  assert.deepEqual(show(planChildren(sources, [here('a', 'Ada', '2026-05-01')])), { 1: 'created Ada Smith #0', 2: 'created Ada Jones #1' });
  assert.deepEqual(show(planChildren(sources, [here('a', 'Ada Jones', '2025-01-01')])), { 1: 'created Ada Smith #0', 2: 'matched a' });
});

test('two of the file\'s children with the same single name: one child when born the same day, refused otherwise', () => {
  assert.deepEqual(show(planChildren([bb('1', 'Ada', '', '2026-05-01'), bb('2', 'Ada', '', '2026-05-01')], [])), { 1: 'created Ada #0', 2: 'created Ada #0' });
  const clash = planChildren([bb('1', 'Ada', '', '2026-05-01'), bb('2', 'Ada', '', '2025-05-01')], []);
  assert.ok(!clash.ok && clash.problem === 'name_clash' && clash.name === 'Ada');
});

test('this service\'s export: matched by name ignoring case whatever the date of birth; created with its gender', () => {
  const plan = planChildren([exp('x', 'Ada', '2026-05-01'), exp('y', 'Tom', '2026-06-10', 'boy')], [here('a', 'ADA', '2026-04-30')]);
  assert.deepEqual(show(plan), { x: 'matched a', y: 'created Tom #0' });
  assert.ok(plan.ok);
  const tom = plan.targets.get('y')!;
  assert.deepEqual(tom, { action: 'created', name: 'Tom', dob: '2026-06-10', gender: 'boy', slot: 0 });
});

test('the limit counts the family\'s children and those the file would add', () => {
  const family = Array.from({ length: 9 }, (_, i) => here(`c${i}`, `Kid ${i}`, '2026-01-01'));
  assert.deepEqual(show(planChildren([exp('x', 'Kid 3', '2026-01-01'), exp('y', 'Tom', '2026-01-01')], family)), { x: 'matched c3', y: 'created Tom #0' });
  const over = planChildren([exp('x', 'Una', '2026-01-01'), exp('y', 'Tom', '2026-01-01')], family);
  assert.deepEqual(over, { ok: false, problem: 'limit', have: 9, creating: ['Una', 'Tom'], max: 10 });
});

test('samePlan: a plan made again after a change is compared target by target', () => {
  const sources = [exp('x', 'Ada', '2026-05-01'), exp('y', 'Tom', '2026-06-10')];
  const a = planChildren(sources, [here('a', 'Ada', '2026-05-01')]);
  const same = planChildren(sources, [here('a', 'Ada', '2026-05-01')]);
  const tomAdded = planChildren(sources, [here('a', 'Ada', '2026-05-01'), here('t', 'tom', '2026-06-10')]);
  assert.ok(a.ok && same.ok && tomAdded.ok);
  assert.equal(samePlan(a.targets, same.targets), true);
  assert.equal(samePlan(a.targets, tomAdded.targets), false);
});
