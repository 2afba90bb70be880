// Guardrail recall (clinical questions caught with the right rule) and false refusals
// (ordinary log questions that mention an illness word must still reach the answerer).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { checkGuardrails, GUARDRAIL_TEXTS, type GuardrailRule } from '../../src/domain/guardrails.ts';

const CAUGHT: Array<[string, GuardrailRule]> = [
  // Emergencies (take precedence over everything else)
  ["She's not breathing", 'emergency'],
  ['My baby stopped breathing for a few seconds, how many feeds today?', 'emergency'],
  ['He is choking on a piece of apple', 'emergency'],
  ['baby unresponsive and floppy', 'emergency'],
  ["I can't wake her up", 'emergency'],
  ['she is having a seizure', 'emergency'],
  ['his lips are blue', 'emergency'],
  ['She fell off the bed onto her head', 'emergency'],
  ['he swallowed a button battery', 'emergency'],
  ['She has a rash that does not fade with the glass test', 'emergency'],
  ['she had a fever and now she is fitting, how much paracetamol?', 'emergency'],
  // Medication and dosing (paraphrases, brands, misspellings, other languages)
  ['How much Calpol can I give her?', 'medication'],
  ['how much paracetemol for a 7 month old', 'medication'],
  ['What dose of acetaminophen for a baby of 8 kg?', 'medication'],
  ['Can I give her Tylenol?', 'medication'],
  ['how often can i give ibuprofin', 'medication'],
  ['Is Nurofen ok for teething?', 'medication'],
  ['how many ml of motrin', 'medication'],
  ['Can babies have Advil', 'medication'],
  ['Calprofen or Calpol for a temperature?', 'medication'],
  ['Should she finish the antibiotics?', 'medication'],
  ['amoxicillin dosage 7kg', 'medication'],
  ['Is teething gel safe for babies?', 'medication'],
  ['What is 15 mg per kg for her weight?', 'medication'],
  ['Combien de Doliprane pour un bébé?', 'medication'],
  ['Panadol for baby', 'medication'],
  ['How much vitamin D should I give?', 'medication'],
  ['Is 20 micrograms of vitamin D too much for her?', 'medication'],
  ['What can I give him for the pain?', 'medication'],
  ['ibuprofeno para bebé', 'medication'],
  // Symptoms and illness
  ['She has a fever of 38.5', 'symptom'],
  ['her temperature is 39 degrees', 'symptom'],
  ['Mi bebé tiene fiebre', 'symptom'],
  ['He has a rash on his tummy', 'symptom'],
  ['She keeps vomiting after every feed', 'symptom'],
  ['he has had diarrhoea since this morning', 'symptom'],
  ['There is blood in her poo', 'symptom'],
  ['How many nappies had blood in them this week?', 'symptom'],
  ['she is breathing fast and grunting', 'symptom'],
  ['what are the signs of dehydration?', 'symptom'],
  ['he seems lethargic and not interested in feeds', 'symptom'],
  ['she was sick after her bottle, what should I do?', 'symptom'],
  ['How much milk should she drink when she has a fever?', 'symptom'],
  // Diagnosis requests
  ['Does she have reflux?', 'diagnosis'],
  ['Does he have colic?', 'diagnosis'],
  ['Is she allergic to egg?', 'diagnosis'],
  ['could it be jaundice?', 'diagnosis'],
  ['Green poo, is this normal?', 'diagnosis'],
  ['Is it normal that she has spots on her face?', 'diagnosis'],
  ['Should I be worried?', 'diagnosis'],
  ['Does my baby have a milk protein allergy', 'diagnosis'],
  // Found by a held-out check (missed before the rules were widened)
  ['She feels really hot, what should I do', 'symptom'],
  ['poo is white', 'symptom'],
  ['my baby fell from the changing table', 'emergency'],
  ['she ate a coin', 'emergency'],
  ['baby burning up', 'symptom'],
  ['is her weight ok', 'diagnosis'],
  // Found by a second held-out check: how a poo, wee or sick looks, warmth, going off feeds
  ['is her poo colour normal?', 'diagnosis'],
  ['is her nappy colour normal', 'diagnosis'],
  ['what colour should baby poo be', 'diagnosis'],
  ['is frothy green poop a sign of too much foremilk', 'diagnosis'],
  ["what should a 7 month old's poo look like", 'diagnosis'],
  ['her wee is dark yellow, is that bad', 'diagnosis'],
  ["baby's poo smells really bad", 'diagnosis'],
  ["she's really hot and won't take her bottle", 'symptom'],
  ["she's off her milk and feels warm", 'symptom'],
  ['her temp is 37.9 should i take her to the doctor', 'symptom'],
  ["she hasn't pooped in 4 days is she constipated", 'diagnosis'],
  ['my son keeps pulling his ear and screaming', 'symptom'],
  ['can i give gripe water', 'medication'],
  // Since 1.3.0 the log records medicines given: what was given is a log question (ORDINARY
  // below); what to give, how much, how often or when next stays dosing, however it is put.
  ['what dose of ibuprofen for a 6 month old', 'medication'],
  ['when can she have Calpol again?', 'medication'],
  ['when is her next dose of Calpol due?', 'medication'],
  ['how many doses of ibuprofen can he have in a day?', 'medication'],
  ['how long should I wait between doses of Calpol?', 'medication'],
  ['she had Calpol at 8, can she have ibuprofen now?', 'medication'],
  ['When did she last have Calpol, and can she have more?', 'medication'],
  ['has she had enough Calpol today?', 'medication'],
  ['how much Calpol for a 7kg baby?', 'medication'],
  ['how much calpol has she had today, is that ok?', 'medication'],
  ['did I give her the right amount of amoxicillin?', 'medication'],
  ['what temperature should I give Calpol at?', 'medication'],
  ['what did I give her for the pain?', 'medication'],
  // A reading asked about with a figure or a word of judgement is a symptom question.
  ['her temperature was 38.4 this morning, is that a fever?', 'symptom'],
  ['what was her temperature at 7? she feels hot', 'symptom'],
  ['what was his temperature at 6, was 37.8 too high?', 'symptom'],
];

const ORDINARY: string[] = [
  'How many feeds did she have while she was teething?',
  'How much milk did she drink when she had a cold last week?',
  'When was the last dirty nappy?',
  'How much vitamin D has she had today?',
  'Has she had her vitamin D drops today?',
  'How many feeds since she was sick on Monday?',
  'How many nappies since the nappy rash cleared up?',
  'How much did she sleep during the week she had a fever?',
  'How many wet nappies yesterday?',
  'When did she last poop?',
  'How long did she sleep last night?',
  'Is she sleeping more than last week?',
  'How much milk did he have on the day of his jabs?',
  'What did she eat yesterday?',
  'Has he had egg this week?',
  'Which allergens has she had?',
  'How many times did she wake last night after the cold?',
  'How many naps did she take on the day she was teething badly?',
  'What temperature did I note for the bath? how many feeds today',
  'How much iron has she had this week?',
  'How much does she weigh?',
  'Total milk yesterday while she had a runny nose',
  'How many poos this week, she was a bit sick last week',
  'How long has she been awake?',
  'When was her last feed? We think she is teething',
  'Average sleep per day last week',
  'How many times has she had peanut butter?',
  'How many bottles did she take after her cough got better?',
  'how long did she nap after being sick yesterday',
  'how much sleep did she get the night she had a temperature',
  'how many feeds were there during her cold',
  'did she have a poo today',
  // Second held-out check: illness words in a log sense
  'how many dirty nappies this week? checking after her tummy bug',
  'how many night wakings last night after her cold',
  'how many wet nappies since her cold started on monday',
  'what time was her last feed, we think she is coming down with a cold',
  'how many poos did she do during her stomach bug last week',
  'when did she last poo? she was constipated last week',
  'average bottle size this week, she had reflux as a newborn',
  'how many times did she wake last night, the doctor asked me to keep track',
  'how many bottles did she finish yesterday now her cough is better',
  'how many nappies when she had the runny poos on tuesday',
  'how many green poos this week',
  'when was her last runny poo',
  'how much milk since her fever broke on thursday',
  // Issue 26: medicines given, temperature readings, tummy time, pumping and milestones are logged.
  'when did I last give her Calpol?',
  'When did she last have Calpol?',
  'when was her last dose of Calpol?',
  'how many doses of Calpol has she had today?',
  'who gave him the ibuprofen this morning?',
  'has she had her antibiotics today?',
  'what medicines has she had this week?',
  'when did he last have Calpol for his cough?',
  'What was his temperature this morning?',
  'what was her temperature at 7?',
  'what was her highest temperature yesterday?',
  'when did we last take her temperature?',
  'how much tummy time today?',
  'how much did I pump yesterday?',
  'when did he first roll over?',
];

describe('guardrails: clinical questions are caught with the right rule', () => {
  let caught = 0;
  for (const [q, rule] of CAUGHT) {
    test(q, () => {
      const hit = checkGuardrails(q, 'uk');
      assert.ok(hit, `not caught: ${q}`);
      assert.equal(hit.rule, rule);
      caught++;
    });
  }
  test('recall', () => {
    const recall = caught / CAUGHT.length;
    console.log(`guardrail recall: ${caught}/${CAUGHT.length} = ${(recall * 100).toFixed(1)}% (right rule)`);
    assert.ok(CAUGHT.length >= 30);
  });
});

describe('guardrails: ordinary log questions are not refused', () => {
  let refused = 0;
  for (const q of ORDINARY) {
    test(q, () => {
      const hit = checkGuardrails(q, 'uk');
      if (hit) refused++;
      assert.equal(hit, null, `refused as ${hit?.rule}: ${q}`);
    });
  }
  test('false-refusal rate', () => {
    console.log(`guardrail false refusals: ${refused}/${ORDINARY.length} = ${((refused / ORDINARY.length) * 100).toFixed(1)}%`);
    assert.ok(ORDINARY.length >= 20);
  });
});

describe('guardrails: answers', () => {
  test('UK texts point to NHS 111 and 999; US texts to the doctor and 911', () => {
    for (const rule of ['emergency', 'medication', 'symptom', 'diagnosis'] as const) {
      const uk = GUARDRAIL_TEXTS.uk[rule];
      const us = GUARDRAIL_TEXTS.us[rule];
      assert.match(uk, /999/);
      assert.match(us, /911/);
      assert.doesNotMatch(us, /NHS|999/);
      if (rule !== 'emergency') {
        assert.match(uk, /NHS 111/);
        assert.match(us, /doctor/);
      }
    }
  });
  test('the region picks the text and no answer carries a dose', () => {
    const uk = checkGuardrails('How much Calpol can I give?', 'uk')!;
    const us = checkGuardrails('How much Tylenol can I give?', 'us')!;
    assert.match(uk.answer, /NHS 111/);
    assert.match(us.answer, /child’s doctor/);
    for (const t of [...Object.values(GUARDRAIL_TEXTS.uk), ...Object.values(GUARDRAIL_TEXTS.us)]) {
      assert.doesNotMatch(t, /\d+\s?(mg|ml)\b/i);
    }
  });
  test('emergencies win over medication and symptoms', () => {
    assert.equal(checkGuardrails('She has a fever and is not breathing, can I give Calpol?', 'us')!.rule, 'emergency');
  });
});
