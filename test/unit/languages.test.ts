// The pure rules of src/i18n/languages.ts (issue 39): which supported language a browser's
// Accept-Language header asks for, and what of a caregiver's stored choices this release knows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { knownPreferences, negotiateLanguage } from '../../src/i18n/languages.ts';

test('Accept-Language: the best supported match, none for an unknown or malformed header', () => {
  assert.equal(negotiateLanguage('de-AT,de;q=0.9,en;q=0.5'), 'de');
  assert.equal(negotiateLanguage('pt-PT'), 'pt-BR', 'Portuguese (Brazil) when nothing closer exists');
  assert.equal(negotiateLanguage('fi, sv;q=0.3'), 'sv', 'the first supported one, by quality');
  assert.equal(negotiateLanguage('ja'), null);
  assert.equal(negotiateLanguage(';;q=='), null);
  assert.equal(negotiateLanguage(undefined), null);
});

test('stored choices: known values kept, anything else counts as not chosen', () => {
  assert.deepEqual(knownPreferences({ language: 'pl', hour_cycle: 'h23', week_start: 'sunday' }), { language: 'pl', hour_cycle: 'h23', week_start: 'sunday' });
  // A value a newer release (or a hand edit) saved: this release falls back to the usual.
  assert.deepEqual(knownPreferences({ language: 'tr', hour_cycle: 'h24', week_start: 'saturday' }), { language: null, hour_cycle: null, week_start: null });
  assert.deepEqual(knownPreferences(undefined), { language: null, hour_cycle: null, week_start: null });
  assert.deepEqual(knownPreferences({ language: 'sv' }), { language: 'sv', hour_cycle: null, week_start: null });
});
