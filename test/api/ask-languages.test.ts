// Question answering in every language the service speaks (issue 39), on both databases: the
// guardrails (a dose, a symptom, an emergency, a diagnosis) refuse or signpost in the reader's
// language with that country's number, never with an amount, and catch a question in any
// language whatever the caregiver's; the core questions are understood and answered from a
// scripted log in each language with the log's figures; "remember:" in each language.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';

type Lang = 'de' | 'fr' | 'es' | 'it' | 'nl' | 'pt-BR' | 'pl' | 'sv';
const LANGS: Lang[] = ['de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'];

/** Each language's guardrail questions and a few words its answers are written in. */
const GUARD: Record<Lang, { dose: string; symptom: string; emergency: string; diagnosis: string; number: RegExp; word: RegExp }> = {
  de: { dose: 'Wie viel Paracetamol darf ich ihr geben?', symptom: 'Sie hat seit heute Morgen Durchfall, was soll ich tun?', emergency: 'Sie atmet nicht!', diagnosis: 'Hat sie Reflux?', number: /112/, word: /\b(Notfall|Kinderarzt|kann ich)\b/ },
  fr: { dose: 'Combien de Doliprane puis-je lui donner ?', symptom: 'Elle a de la fièvre depuis ce matin, que faire ?', emergency: 'Elle ne respire plus !', diagnosis: "Est-ce qu'elle a des coliques ?", number: /112/, word: /\b(urgence|médecin|votre)\b/ },
  es: { dose: '¿Cuánto ibuprofeno le puedo dar?', symptom: 'Tiene diarrea desde esta mañana, ¿qué hago?', emergency: '¡No respira!', diagnosis: '¿Tiene reflujo?', number: /112/, word: /\b(emergencia|pediatra|puedo)\b/ },
  it: { dose: 'Quanta tachipirina posso darle?', symptom: 'Ha la febbre da stamattina, cosa devo fare?', emergency: 'Non respira!', diagnosis: 'Ha il reflusso?', number: /112/, word: /\b(emergenza|pediatra|posso)\b/ },
  nl: { dose: 'Hoeveel paracetamol mag ik haar geven?', symptom: 'Ze heeft sinds vanochtend koorts, wat moet ik doen?', emergency: 'Ze ademt niet!', diagnosis: 'Heeft ze reflux?', number: /112/, word: /\b(noodgeval|huisarts|kan)\b/ },
  'pt-BR': { dose: 'Quanto de dipirona posso dar para ela?', symptom: 'Ela está com febre desde hoje de manhã, o que eu faço?', emergency: 'Ela não está respirando!', diagnosis: 'Ela tem refluxo?', number: /SAMU, 192|SAMU 192/, word: /\b(emergência|pediatra|posso)\b/ },
  pl: { dose: 'Ile paracetamolu mogę jej dać?', symptom: 'Ma gorączkę od rana, co mam robić?', emergency: 'Ona nie oddycha!', diagnosis: 'Czy ona ma refluks?', number: /112/, word: /(wypadek|lekarz|Nie mogę)/ },
  sv: { dose: 'Hur mycket Alvedon får jag ge henne?', symptom: 'Hon har feber sedan i morse, vad ska jag göra?', emergency: 'Hon andas inte!', diagnosis: 'Har hon kolik?', number: /112/, word: /\b(nödläge|1177|kan inte)\b/ },
};

/** An amount a dose would be given in: never in a guardrail's text. */
const AMOUNT = /\d+([.,]\d+)?\s*(ml|mg|µg|mcg|ug|tropfen|gouttes|gotas|gocce|druppels|krople|droppar)\b/i;

for (const d of testDatabases()) {
  describe(`question answering in every language [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid', ASK_DAILY_LIMIT: '500', ASK_MONTHLY_LIMIT: '5000' });
      t.clock.set('2026-11-22T12:00:00Z');
      f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-03-01' });
    });
    after(async () => {
      await t?.close();
    });

    const ask = (question: string, lang?: string, token = f.token) =>
      call(t.app, 'POST', '/api/ask', { question }, { token, headers: lang ? { 'accept-language': lang } : {} });

    test('the guardrails refuse a dose, a symptom, an emergency and a diagnosis in every language, in it, with its number', async () => {
      const english = {
        medication: (await ask('How much Calpol can I give her?')).body.answer,
        symptom: (await ask('She has diarrhoea, what should I do?')).body.answer,
        emergency: (await ask('she is not breathing')).body.answer,
        diagnosis: (await ask('Does she have reflux?')).body.answer,
      };
      for (const lang of LANGS) {
        const g = GUARD[lang];
        for (const [rule, question] of [['medication', g.dose], ['symptom', g.symptom], ['emergency', g.emergency], ['diagnosis', g.diagnosis]] as const) {
          const r = await ask(question, lang);
          assert.equal(r.status, 200, r.text);
          assert.equal(r.body.guardrail, rule, `${lang}: ${question}`);
          assert.equal(r.body.model, null);
          assert.match(r.body.answer, g.number, `${lang} ${rule}: ${r.body.answer}`);
          assert.match(r.body.answer, g.word, `${lang} ${rule}: in ${lang}`);
          assert.notEqual(r.body.answer, english[rule]);
          assert.doesNotMatch(r.body.answer, /\b(999|911|NHS)\b/, `${lang}: not the English signposts`);
          assert.doesNotMatch(r.body.answer, AMOUNT, 'never an amount');
        }
      }
    });

    test('a question is caught in any language whatever the caregiver reads: German asked, English answered', async () => {
      for (const lang of LANGS) {
        const g = GUARD[lang];
        const dose = await ask(g.dose);
        assert.equal(dose.body.guardrail, 'medication', g.dose);
        assert.match(dose.body.answer, /^I can’t advise on medicines/);
        assert.match(dose.body.answer, /NHS 111/, 'a British family: the NHS');
        const emergency = await ask(g.emergency);
        assert.equal(emergency.body.guardrail, 'emergency', g.emergency);
        assert.match(emergency.body.answer, /999/);
      }
      // An English question from a German reader: caught, and answered in German.
      const r = await ask('How much Calpol can I give her?', 'de');
      assert.equal(r.body.guardrail, 'medication');
      assert.match(r.body.answer, /^Zu Medikamenten/);
      // An American family's English: 911.
      const us = await signUp(t.app, { baby_name: 'Kit', region: 'us' });
      const e = await ask('Ona nie oddycha!', undefined, us.token);
      assert.equal(e.body.guardrail, 'emergency');
      assert.match(e.body.answer, /911/);
    });

    test('a stated temperature at the urgent line for the age leads with the signpost in the reader\'s language', async () => {
      const young = await signUp(t.app, { baby_name: 'Mo', dob: '2026-10-20' });
      const r = await ask('Sie hat 38,4 Fieber, was soll ich tun?', 'de', young.token);
      assert.equal(r.body.guardrail, 'symptom');
      assert.match(r.body.answer, /^Unter 3 Monaten ist eine Temperatur ab 38 °C ein Grund, dringend ärztlichen Rat einzuholen/);
      assert.match(r.body.answer, /112/);
      const fr = await ask('Elle a 38,4 de fièvre', 'fr', young.token);
      assert.match(fr.body.answer, /^Avant 3 mois, une température de 38 °C ou plus/);
    });

    test('the caregiver\'s saved language wins over Accept-Language', async () => {
      const saved = await call(t.app, 'POST', '/api/vega/preferences', { language: 'pl' }, { token: f.token });
      assert.equal(saved.status, 200, saved.text);
      try {
        const r = await ask('How much Calpol can I give her?', 'fr');
        assert.match(r.body.answer, /^Nie mogę doradzać/);
      } finally {
        await call(t.app, 'POST', '/api/vega/preferences', { language: null }, { token: f.token });
      }
    });
  });
}
