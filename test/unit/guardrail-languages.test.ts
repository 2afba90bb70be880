// The guardrails in every language the service speaks (issue 39): doses, symptoms, emergencies
// and diagnoses are caught however the question is put, whatever the reader's language; the
// core log questions in each language are let through; a stated age in another language counts
// for the fever-by-age signpost.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { classify, checkGuardrailText } from '../../src/domain/guardrails.ts';
import { feverSignpost, statedAgeMonths } from '../../src/domain/fever-question.ts';
import { wordsFor } from '../../src/i18n/text.ts';
import { coreIntent } from '../../src/domain/answerer/languages.ts';

const CASES: Array<[string, 'emergency' | 'medication' | 'symptom' | 'diagnosis' | null]> = [
  // de
  ['Wie viel Paracetamol darf ich ihr geben?', 'medication'],
  ['Wann kann ich ihr wieder Nurofen geben?', 'medication'],
  ['Was kann ich ihm gegen die Schmerzen geben?', 'medication'],
  ['Wie viele Tropfen Vitamin D soll ich geben?', 'medication'],
  ['Er atmet nicht mehr', 'emergency'],
  ['Sie ist vom Wickeltisch gefallen', 'emergency'],
  ['Er hat eine Knopfzelle verschluckt', 'emergency'],
  ['Sie hat Fieber, was soll ich tun?', 'symptom'],
  ['Blut in der Windel', 'symptom'],
  ['Ist das normal, dass sie so viel spuckt?', 'diagnosis'],
  ['Wann hat sie zuletzt Paracetamol bekommen?', null],
  ['Wie viele Windeln hatte sie heute?', null],
  // fr
  ['Combien de doliprane je peux lui donner ?', 'medication'],
  ['Il ne respire plus', 'emergency'],
  ['Elle a vomi toute la nuit, que faire ?', 'symptom'],
  ['Est-ce normal ?', 'diagnosis'],
  ['Quand a-t-elle eu son dernier doliprane ?', null],
  ['Combien de biberons aujourd’hui ?', null],
  // es
  ['¿Cuánto Apiretal le puedo dar?', 'medication'],
  ['No respira', 'emergency'],
  ['Se cayó de la cama', 'emergency'],
  ['Tiene tos y mocos, ¿qué hago?', 'symptom'],
  ['¿Cuándo fue la última toma?', null],
  // it
  ['Quanta Tachipirina posso dargli?', 'medication'],
  ['Non respira', 'emergency'],
  ['Ha la diarrea, cosa devo fare?', 'symptom'],
  ['Quanto latte ha preso oggi?', null],
  // nl
  ['Hoeveel paracetamol mag ik hem geven?', 'medication'],
  ['Hij ademt niet', 'emergency'],
  ['Ze heeft koorts', 'symptom'],
  ['Hoe lang heeft ze vannacht geslapen?', null],
  // pt-BR
  ['Quanto de dipirona posso dar?', 'medication'],
  ['Ele não está respirando', 'emergency'],
  ['Ela está com diarreia, o que eu faço?', 'symptom'],
  ['Quantas mamadas hoje?', null],
  // pl
  ['Ile paracetamolu mogę dać?', 'medication'],
  ['Nie oddycha', 'emergency'],
  ['Dławi się!', 'emergency'],
  ['Ma wysypkę, co robić?', 'symptom'],
  ['Ile pieluch dzisiaj?', null],
  // sv
  ['Hur mycket Alvedon får jag ge?', 'medication'],
  ['Han andas inte', 'emergency'],
  ['Hon kräks, vad ska jag göra?', 'symptom'],
  ['Hur många blöjor idag?', null],
];

describe('guardrails in every language', () => {
  for (const [q, rule] of CASES) {
    test(`${q} → ${rule ?? 'let through'}`, () => assert.equal(classify(q), rule));
  }

  test('the text is in the reader\'s language with its country\'s number; English by the family\'s region', () => {
    const hit = checkGuardrailText('Ile paracetamolu mogę dać?', 'uk')!;
    assert.match(wordsFor('pl').render(hit.text), /^Nie mogę doradzać.*112/s);
    assert.match(wordsFor('pt-BR').render(hit.text), /SAMU, 192/);
    assert.match(wordsFor('sv').render(hit.text), /1177.*112/s);
    assert.match(wordsFor('en-GB').render(hit.text), /NHS 111/);
    assert.match(wordsFor('en-US').render(checkGuardrailText('Ile paracetamolu mogę dać?', 'us')!.text), /911/);
  });

  test('an age stated in another language counts for the fever-by-age signpost', () => {
    assert.ok(Math.abs(statedAgeMonths('Sie ist 6 Wochen alt und hat 38,2')! - 42 / 30.4375) < 1e-9);
    assert.equal(statedAgeMonths('tiene 2 meses y 38,4'), 2);
    const older = { ageMonths: [9], units: 'metric' as const };
    assert.match(feverSignpost('hon är 4 veckor gammal, 38,2', 'uk', older)!, /^Under 3 months/);
    assert.equal(feverSignpost('38,2', 'uk', older), null);
    const de = checkGuardrailText('Sie ist 6 Wochen alt und hat 38,2 Fieber', 'uk', older)!;
    assert.match(wordsFor('de').render(de.text), /^Unter 3 Monaten ist eine Temperatur ab 38 °C/);
  });

  test('core questions are understood in each language; a count for another day is not today\'s', () => {
    assert.equal(coreIntent('Wie viele Windeln hatte sie gestern?'), null);
    assert.equal(coreIntent('Ile pieluch wczoraj?'), null);
    assert.equal(coreIntent('How many nappies today?'), null, 'English words only when asked for');
    assert.equal(coreIntent('How many nappies today?', true), 'nappies_today');
    assert.equal(coreIntent('När sov hon senast?'), 'last_sleep');
  });
});
