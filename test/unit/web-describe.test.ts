// The web app's words for the new event types (issue 26): the one-line summaries the timeline
// and home's confirmations show, in metric and imperial, for an event from the API and for a
// log still waiting on the phone (which carries only what was sent); where such a line may
// wrap on a narrow phone; and the event rules' refusals in a parent's words with each type's
// own numbers (taken from the domain's real messages, so a reworded rule shows up here).
import { test, describe as suite } from 'node:test';
import assert from 'node:assert/strict';
import { describe, unbroken, doseText } from '../../web/src/lib/describe.ts';
import { friendlyIssue } from '../../web/src/lib/api.ts';
import { checkEventValues, EventRuleError, type EventInput } from '../../src/domain/event-rules.ts';
import type { EventType } from '../../src/domain/types.ts';

const ev = (type: string, extra: Record<string, unknown>) => ({ id: '1', ts: '2026-11-22T10:00:00', type, ...extra });

suite('summaries of the new types', () => {
  test('temperature: one decimal in the family’s units, with how it was taken', () => {
    const t = ev('temperature', { celsius: 38.2, fahrenheit: 100.8, method: 'ear' });
    assert.equal(describe(t), 'Temperature 38.2 °C · ear');
    assert.equal(describe(t, 'imperial'), 'Temperature 100.8 °F · ear');
    assert.equal(describe(ev('temperature', { celsius: 37 })), 'Temperature 37.0 °C');
    // Waiting on the phone: only what was sent.
    assert.equal(describe(ev('temperature', { fahrenheit: 100.4 }), 'imperial'), 'Temperature 100.4 °F');
    assert.equal(describe(ev('temperature', { fahrenheit: 100.4 })), 'Temperature 38.0 °C');
    assert.equal(describe(ev('temperature', { celsius: 38 }), 'imperial'), 'Temperature 100.4 °F');
  });
  test('medicine: the name and the amount as the API says it', () => {
    assert.equal(describe(ev('medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml' })), 'Calpol 2.5 ml');
    assert.equal(describe(ev('medicine', { medicine: 'Amoxicillin', amount: 1, unit: 'tablet' })), 'Amoxicillin 1 tablet');
    assert.equal(describe(ev('medicine', { medicine: 'Salbutamol', amount: 2, unit: 'puff' })), 'Salbutamol 2 puffs');
    assert.equal(describe(ev('medicine', { medicine: 'Calpol', amount: null, unit: null })), 'Calpol');
    assert.equal(doseText(5, 'drops'), '5 drops');
  });
  test('pumping, head circumference, activity, milestone', () => {
    assert.equal(describe(ev('pumping', { ml: 120, side: 'left', duration_min: 15 })), 'Pumped 120 ml · left · 15 min');
    assert.equal(describe(ev('pumping', { ml: 90, side: 'both' })), 'Pumped 90 ml · both sides');
    assert.equal(describe(ev('pumping', { ml: 118 }), 'imperial'), 'Pumped 118 ml (4 fl oz)');
    assert.equal(describe(ev('head_circumference', { cm: 38.4 })), 'Head circumference 38.4 cm');
    assert.equal(describe(ev('head_circumference', { cm: 38.6 }), 'imperial'), 'Head circumference 15.2 in');
    assert.equal(describe(ev('activity', { kind: 'tummy_time', duration_min: 10 })), 'Tummy time · 10 min');
    assert.equal(describe(ev('activity', { kind: 'skin_to_skin' })), 'Skin-to-skin');
    assert.equal(describe(ev('milestone', { title: 'first smile' })), 'Milestone: first smile');
  });
  test('the seed’s breastfeed keeps its sides and minutes', () => {
    assert.equal(describe(ev('milk', { ml: 0, side: 'both', duration_min: 16 })), 'Breastfeed · both sides · 16 min');
  });
});

suite('where a summary may wrap', () => {
  test('never between a number and its unit, never before a "·"', () => {
    const nb = '\u00a0';
    assert.equal(unbroken('Pumped 120 ml · left · 15 min'), `Pumped 120${nb}ml${nb}· left${nb}· 15${nb}min`);
    assert.equal(unbroken('Temperature 38.2 °C · ear'), `Temperature 38.2${nb}°C${nb}· ear`);
    assert.equal(unbroken('Salbutamol 2 puffs'), `Salbutamol 2${nb}puffs`);
    assert.equal(unbroken('Milestone: first smile'), 'Milestone: first smile');
  });
});

suite("the event rules' refusals in a parent's words", () => {
  /** The domain's own message for a refused value, as the API sends it in `detail`. */
  const refusal = (type: EventType, input: EventInput): [string, string] => {
    try {
      checkEventValues(type, input);
    } catch (e) {
      if (e instanceof EventRuleError) return [e.field, e.message];
      throw e;
    }
    throw new Error('not refused');
  };
  test("each type's own range, not the bottle's or the length's", () => {
    const [f1, m1] = refusal('head_circumference', { cm: 70 });
    assert.equal(friendlyIssue(f1, 'invalid_event', m1), 'The head circumference must be from 25 to 60.');
    const [f2, m2] = refusal('pumping', { ml: 1001 });
    assert.equal(friendlyIssue(f2, 'invalid_event', m2), 'The amount must be from 0 to 1000.');
    const [f3, m3] = refusal('activity', { kind: 'bath', duration_min: 800 });
    assert.equal(friendlyIssue(f3, 'invalid_event', m3), 'The minutes must be from 1 to 720.');
  });
  test('a temperature: one decimal, and once', () => {
    const [f1, m1] = refusal('temperature', { celsius: 38.25 });
    assert.equal(friendlyIssue(f1, 'invalid_event', m1), 'Enter the temperature with one decimal, e.g. 38.2.');
    const [f2, m2] = refusal('temperature', { celsius: 38.2, fahrenheit: 100.8 });
    assert.equal(friendlyIssue(f2, 'invalid_event', m2), 'Enter the temperature once, in °C or in °F.');
  });
  test('an amount and its unit go together', () => {
    const [f1, m1] = refusal('medicine', { medicine: 'Calpol', amount: 2.5 });
    assert.equal(f1, 'unit');
    assert.equal(friendlyIssue(f1, 'invalid_event', m1), 'Pick the unit of the amount.');
    const [f2, m2] = refusal('medicine', { medicine: 'Calpol', unit: 'ml' });
    assert.equal(friendlyIssue(f2, 'invalid_event', m2), 'Enter the amount given, or leave the unit unpicked.');
  });
});
