// The web app's words for the new event types (issue 26): the one-line summaries the timeline
// and home's confirmations show, in metric and imperial, for an event from the API and for a
// log still waiting on the phone (which carries only what was sent); where such a line may
// wrap on a narrow phone; and the event rules' refusals in a parent's words with each type's
// own numbers (from the field and limits the domain's refusal carries, as the API sends them in
// `detail`: never from the English of the message).
import { test, describe as suite } from 'node:test';
import assert from 'node:assert/strict';
import { describe, unbroken, doseText } from '../../web/src/lib/describe.ts';
import { errorFrom, friendlyIssue } from '../../web/src/lib/api-errors.ts';
import { checkEventValues, EventRuleError, type EventInput } from '../../src/domain/event-rules.ts';
import type { EventType } from '../../src/domain/types.ts';
import { useCatalogue } from '../../web/src/i18n/core.ts';

// The app's British English catalogue, as a family in the UK reads it.
await useCatalogue('en-GB');

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
  /** The domain's refusal of a value, as the API sends it in `detail` (services/log/events.ts). */
  const refusal = (type: EventType, input: EventInput) => {
    try {
      checkEventValues(type, input);
    } catch (e) {
      if (e instanceof EventRuleError) {
        const ctx = Object.keys(e.limits).length ? { ctx: e.limits } : {};
        return { loc: ['body', e.field], msg: 'the server’s English, never read', type: e.kind === 'range' ? 'out_of_range' : 'invalid_event', ...ctx };
      }
      throw e;
    }
    throw new Error('not refused');
  };
  test("each type's own range, not the bottle's or the length's", () => {
    const i1 = refusal('head_circumference', { cm: 70 });
    // A cm is a length's or a head circumference's: the words fit both, the numbers are the type's.
    assert.equal(friendlyIssue(i1), 'The measurement must be from 25 to 60.');
    const i2 = refusal('pumping', { ml: 1001 });
    assert.equal(friendlyIssue(i2), 'The amount must be from 0 to 1000.');
    const i3 = refusal('activity', { kind: 'bath', duration_min: 800 });
    assert.equal(friendlyIssue(i3), 'The minutes must be from 1 to 720.');
  });
  test('a temperature: one decimal, and once', () => {
    const i1 = refusal('temperature', { celsius: 38.25 });
    assert.equal(friendlyIssue(i1), 'Enter the temperature with one decimal, e.g. 38.2.');
    const i2 = refusal('temperature', { celsius: 38.2, fahrenheit: 100.8 });
    assert.equal(friendlyIssue(i2), 'Enter the temperature once, in °C or in °F.');
  });
  test('an amount and its unit go together', () => {
    const i1 = refusal('medicine', { medicine: 'Calpol', amount: 2.5 });
    assert.deepEqual(i1.loc, ['body', 'unit']);
    assert.equal(friendlyIssue(i1), 'Pick the unit of the amount.');
    const i2 = refusal('medicine', { medicine: 'Calpol', unit: 'ml' });
    assert.equal(friendlyIssue(i2), 'Enter the amount given, or leave the unit unpicked.');
  });
});

suite('refusals worded by code, field and limit, whatever the English says', () => {
  const english = 'words the app must not read';
  test("a schema's limits: characters, items, a value", () => {
    const e = errorFrom(400, { error: 'bad_request', message: english, detail: [
      { loc: ['body', 'baby_name'], msg: english, type: 'too_big', ctx: { origin: 'string', maximum: 80 } },
      { loc: ['body', 'password'], msg: english, type: 'too_small', ctx: { origin: 'string', minimum: 6 } },
      { loc: ['body', 'changes', 'ml'], msg: english, type: 'too_big', ctx: { origin: 'number', maximum: 500 } },
    ] });
    assert.deepEqual(e.fields, {
      baby_name: "Your baby's name can be at most 80 characters.",
      password: 'Use at least 6 characters.',
      ml: 'Enter a whole number of ml from 1 to 500.',
    });
  });
  test('the rules of a time, a date of birth and a note, by the type of their detail', () => {
    const one = (error: string, field: string, type: string, ctx?: Record<string, number | string>) =>
      errorFrom(400, { error, message: english, detail: [{ loc: ['body', field], msg: english, type, ...(ctx ? { ctx } : {}) }] }).fields;
    assert.deepEqual(one('future_timestamp', 'ts', 'future_timestamp'), { ts: "That time hasn't come yet." });
    assert.deepEqual(one('invalid_timestamp', 'ts', 'too_old'), { ts: 'That date is too long ago.' });
    assert.deepEqual(one('invalid_timestamp', 'ts', 'invalid_timestamp'), { ts: 'Enter a valid time.' });
    assert.deepEqual(one('invalid_dob', 'dob', 'in_future'), { dob: "The date of birth can't be in the future." });
    assert.deepEqual(one('invalid_dob', 'dob', 'too_old'), { dob: 'The date of birth must be within the last 5 years.' });
    assert.deepEqual(one('note_too_long', 'question', 'too_big', { origin: 'string', maximum: 300 }), { question: 'A note can be at most 300 characters.' });
    assert.deepEqual(one('invalid_event', 'foods', 'invalid_event', { origin: 'array', maximum: 30 }), { foods: 'Pick at most 30 foods.' });
  });
  test('a code about no field: the app’s words for the codes it knows, else the server’s sentence', () => {
    assert.equal(errorFrom(400, { error: 'nothing_to_change', message: english }).message, 'Nothing was changed.');
    assert.equal(errorFrom(409, { error: 'child_has_events', message: 'Tom has entries in the log.' }).message, 'Tom has entries in the log.');
    assert.equal(errorFrom(409, { error: 'child_archived', message: english }).fields.child, 'That child is archived: bring them back in Settings, under Children, to log for them again.');
    assert.equal(errorFrom(502, 'Bad gateway').message, 'Something went wrong on the server. Please try again.');
  });
});
