// The app's rules for which child it shows (web/src/lib/children.ts): a remembered child that
// was archived or deleted falls back to the primary child; confirmations name children.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { activeChildren, namesOf, pickChild, withChildParam, type Child } from '../../web/src/lib/children.ts';

const child = (id: string, extra: Partial<Child> = {}): Child => ({
  id, baby_name: id.toUpperCase(), dob: '2026-11-01', gender: '', age_months: null, age_display: null, archived: false, primary: false, ...extra,
});
const family = [child('ada', { primary: true }), child('tom'), child('mia', { archived: true })];

test('the remembered child while it is there; otherwise the primary child', () => {
  assert.equal(pickChild(family, 'tom')?.id, 'tom');
  assert.equal(pickChild(family, 'mia')?.id, 'ada', 'archived: back to the primary child');
  assert.equal(pickChild(family, 'gone')?.id, 'ada', 'deleted: back to the primary child');
  assert.equal(pickChild(family, null)?.id, 'ada');
  assert.equal(pickChild([child('tom'), child('ada', { primary: true, archived: true })], null)?.id, 'tom', 'no active primary: the first active child');
  assert.equal(pickChild([], 'tom'), null, 'children not known: none (the server then means its primary child)');
});

test('archived children leave the switcher', () => {
  assert.deepEqual(activeChildren(family).map((c) => c.id), ['ada', 'tom']);
});

test('confirmations name one, two or more children', () => {
  assert.equal(namesOf([]), '');
  assert.equal(namesOf(['Ada']), 'Ada');
  assert.equal(namesOf(['Ada', 'Tom']), 'Ada and Tom');
  assert.equal(namesOf(['Ada', 'Tom', 'Mia']), 'Ada, Tom and Mia');
});

test('a read names the child in its query, after any other parameter', () => {
  assert.equal(withChildParam('/api/vega/live', 'a1b2'), '/api/vega/live?child=a1b2');
  assert.equal(withChildParam('/api/vega/events?date=2026-11-22', 'a1b2'), '/api/vega/events?date=2026-11-22&child=a1b2');
  assert.equal(withChildParam('/api/vega/live', null), '/api/vega/live');
});
