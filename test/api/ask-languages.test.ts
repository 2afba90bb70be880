// Question answering in every language the service speaks (issue 39), on both databases: the
// guardrails (a dose, a symptom, an emergency, a diagnosis) refuse or signpost in the reader's
// language with that country's number, never with an amount, and catch a question in any
// language whatever the caregiver's; the core questions are understood and answered from a
// scripted log in each language with the log's figures; "remember:" in each language.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { startFakeLlm } from '../helpers/fake-llm.ts';

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

type Intent = 'last_feed' | 'last_nap' | 'last_sleep' | 'next_feed' | 'feeds_today' | 'nappies_today' | 'milk_today' | 'night_sleep' | 'last_temperature' | 'last_medicine' | 'weight' | 'percentile';
/** Each core question in each language. */
const CORE: Record<Lang, Record<Intent, string>> = {
  de: { last_feed: 'Wann war die letzte Mahlzeit?', last_nap: 'Wann war das letzte Nickerchen?', last_sleep: 'Wann hat sie zuletzt geschlafen?', next_feed: 'Wann ist die nächste Mahlzeit fällig?', feeds_today: 'Wie viele Mahlzeiten hatte sie heute?', nappies_today: 'Wie viele Windeln heute?', milk_today: 'Wie viel Milch hat sie heute getrunken?', night_sleep: 'Wie lange hat sie letzte Nacht geschlafen?', last_temperature: 'Was war ihre letzte Temperatur?', last_medicine: 'Wann hat sie zuletzt ein Medikament bekommen?', weight: 'Wie viel wiegt sie?', percentile: 'Auf welcher Perzentile liegt ihr Gewicht?' },
  fr: { last_feed: 'Quand était sa dernière tétée ?', last_nap: 'Quand était sa dernière sieste ?', last_sleep: 'Quand a-t-elle dormi pour la dernière fois ?', next_feed: 'Quand est prévu le prochain biberon ?', feeds_today: 'Combien de repas aujourd’hui ?', nappies_today: 'Combien de couches aujourd’hui ?', milk_today: 'Combien de lait a-t-elle bu aujourd’hui ?', night_sleep: 'Combien de temps a-t-elle dormi cette nuit ?', last_temperature: 'Quelle était sa dernière température ?', last_medicine: 'Quel est le dernier médicament donné ?', weight: 'Combien pèse-t-elle ?', percentile: 'Quel est son percentile de poids ?' },
  es: { last_feed: '¿Cuándo fue la última toma?', last_nap: '¿Cuándo fue la última siesta?', last_sleep: '¿Cuándo durmió por última vez?', next_feed: '¿Cuándo toca la próxima toma?', feeds_today: '¿Cuántas tomas hoy?', nappies_today: '¿Cuántos pañales hoy?', milk_today: '¿Cuánta leche ha tomado hoy?', night_sleep: '¿Cuánto tiempo durmió anoche?', last_temperature: '¿Cuál fue su última temperatura?', last_medicine: '¿Cuál fue el último medicamento?', weight: '¿Cuánto pesa?', percentile: '¿En qué percentil está su peso?' },
  it: { last_feed: 'Quando è stata l’ultima poppata?', last_nap: 'Quando è stato l’ultimo pisolino?', last_sleep: 'Quando ha dormito l’ultima volta?', next_feed: 'Quando è prevista la prossima poppata?', feeds_today: 'Quante poppate oggi?', nappies_today: 'Quanti pannolini oggi?', milk_today: 'Quanto latte ha preso oggi?', night_sleep: 'Quanto ha dormito stanotte?', last_temperature: 'Qual è stata l’ultima temperatura?', last_medicine: 'Qual è l’ultima medicina che ha preso?', weight: 'Quanto pesa?', percentile: 'In che percentile è il suo peso?' },
  nl: { last_feed: 'Wanneer was de laatste voeding?', last_nap: 'Wanneer was het laatste dutje?', last_sleep: 'Wanneer heeft ze het laatst geslapen?', next_feed: 'Wanneer is de volgende voeding?', feeds_today: 'Hoeveel voedingen vandaag?', nappies_today: 'Hoeveel luiers vandaag?', milk_today: 'Hoeveel melk heeft ze vandaag gehad?', night_sleep: 'Hoe lang heeft ze vannacht geslapen?', last_temperature: 'Wat was haar laatste temperatuur?', last_medicine: 'Welk medicijn heeft ze het laatst gekregen?', weight: 'Hoeveel weegt ze?', percentile: 'Op welk percentiel zit haar gewicht?' },
  'pt-BR': { last_feed: 'Quando foi a última mamada?', last_nap: 'Quando foi a última soneca?', last_sleep: 'Quando ela dormiu pela última vez?', next_feed: 'Quando é a próxima mamada?', feeds_today: 'Quantas mamadas hoje?', nappies_today: 'Quantas fraldas hoje?', milk_today: 'Quanto leite ela tomou hoje?', night_sleep: 'Quanto tempo ela dormiu esta noite?', last_temperature: 'Qual foi a última temperatura?', last_medicine: 'Qual foi o último remédio que ela tomou?', weight: 'Quanto ela pesa?', percentile: 'Em que percentil está o peso dela?' },
  pl: { last_feed: 'Kiedy było ostatnie karmienie?', last_nap: 'Kiedy była ostatnia drzemka?', last_sleep: 'Kiedy ostatnio spała?', next_feed: 'Kiedy następne karmienie?', feeds_today: 'Ile karmień dzisiaj?', nappies_today: 'Ile pieluch dzisiaj?', milk_today: 'Ile mleka wypiła dzisiaj?', night_sleep: 'Jak długo spała ostatniej nocy?', last_temperature: 'Jaka była ostatnia temperatura?', last_medicine: 'Jaki lek ostatnio dostała?', weight: 'Ile waży?', percentile: 'Na którym centylu jest jej waga?' },
  sv: { last_feed: 'När var den senaste matningen?', last_nap: 'När var den senaste tuppluren?', last_sleep: 'När sov hon senast?', next_feed: 'När är nästa matning?', feeds_today: 'Hur många matningar idag?', nappies_today: 'Hur många blöjor idag?', milk_today: 'Hur mycket mjölk har hon fått idag?', night_sleep: 'Hur länge sov hon i natt?', last_temperature: 'Vad var hennes senaste temperatur?', last_medicine: 'Vilken medicin fick hon senast?', weight: 'Hur mycket väger hon?', percentile: 'Vilken percentil ligger hennes vikt på?' },
};

/** How each language's answers begin when a question is not understood, and an example it offers. */
const CANNOT: Record<Lang, [RegExp, string]> = {
  de: [/^Das kann ich aus dem Tagebuch nicht beantworten/, 'Wann war die letzte Mahlzeit von Ada?'],
  fr: [/^Je ne peux pas répondre à cela/, 'Quand était le dernier repas de Ada ?'],
  es: [/^No puedo responder a eso/, '¿Cuándo fue la última toma de Ada?'],
  it: [/^Non posso rispondere a questa domanda/, 'Quando è stata l’ultima poppata di Ada?'],
  nl: [/^Dat kan ik niet beantwoorden/, 'Wanneer was de laatste voeding van Ada?'],
  'pt-BR': [/^Não consigo responder isso/, 'Quando foi a última mamada de Ada?'],
  pl: [/^Nie mogę odpowiedzieć na to/, 'Kiedy było ostatnie karmienie (Ada)?'],
  sv: [/^Det kan jag inte svara på/, 'När var Adas senaste matning?'],
};

/** "merk dir:" and the others: each language's "remember:", and how its answer begins. */
const REMEMBER: Record<Lang, [string, RegExp]> = {
  de: ['merk dir:', /^Notiert: „/], fr: ['retiens :', /^C’est noté/], es: ['recuerda:', /^Anotado/], it: ['ricorda:', /^Annotato/],
  nl: ['onthoud:', /^Genoteerd/], 'pt-BR': ['lembre:', /^Anotado/], pl: ['zapamiętaj:', /^Zapisano/], sv: ['kom ihåg:', /^Antecknat/],
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
      f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-03-01', gender: 'girl' });
      // Last night 19:00–06:45 with one waking (02:00–02:30, a 120 ml feed); today 180 ml at 07:00
      // and 150 ml at 10:30, a wet and a dirty nappy, a nap 09:30–10:10, 37.4 °C at 08:10,
      // Calpol 2.5 ml at 08:15; weighed 8.2 kg on Friday.
      const events = [
        { type: 'sleep', ts: '2026-11-21T19:00:00' }, { type: 'wake', ts: '2026-11-22T02:00:00' },
        { type: 'milk', ml: 120, ts: '2026-11-22T02:10:00' }, { type: 'sleep', ts: '2026-11-22T02:30:00' },
        { type: 'wake', ts: '2026-11-22T06:45:00' }, { type: 'milk', ml: 180, ts: '2026-11-22T07:00:00' },
        { type: 'nappy', kind: 'wet', ts: '2026-11-22T07:15:00' }, { type: 'temperature', celsius: 37.4, ts: '2026-11-22T08:10:00' },
        { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T08:15:00' },
        { type: 'sleep', ts: '2026-11-22T09:30:00' }, { type: 'wake', ts: '2026-11-22T10:10:00' },
        { type: 'milk', ml: 150, ts: '2026-11-22T10:30:00' }, { type: 'nappy', kind: 'dirty', ts: '2026-11-22T10:45:00' },
        { type: 'weight', kg: 8.2, ts: '2026-11-20T09:00:00' },
      ];
      for (const e of events) {
        const r = await call(t.app, 'POST', '/api/vega/log', e, { token: f.token });
        assert.equal(r.status, 200, r.text);
      }
    });
    after(async () => {
      await t?.close();
    });

    const ask = (question: string, lang?: string, token = f.token) =>
      call(t.app, 'POST', '/api/ask', { question }, { token, headers: lang ? { 'accept-language': lang } : {} });

    test('the core questions are answered from the log in every language, with its figures', async () => {
      const live = (await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token })).body;
      assert.match(live.next_feed_at, /^2026-11-22T\d\d:\d\d/);
      const due = live.next_feed_at.slice(11, 16).replace(/^0/, '0?');
      const percentile = Math.round((await call(t.app, 'GET', '/api/vega/measurements', undefined, { token: f.token })).body.measurements.find((m: any) => m.type === 'weight').percentile.percentile);
      // What each answer states, whatever its language (times in 24 hours, decimal commas).
      const expect: Record<Intent, RegExp[]> = {
        last_feed: [/0?10:30/, /150\sml/],
        last_nap: [/0?9:30/, /10:10/, /40/],
        last_sleep: [/0?9:30/, /10:10/, /40/],
        next_feed: [new RegExp(due)],
        feeds_today: [/450\sml/, /\b3\b/],
        milk_today: [/450\sml/, /\b3\b/],
        nappies_today: [/\b2\b/, /\b1\b/],
        night_sleep: [/19:00/, /0?6:45/, /11/],
        last_temperature: [/37,4/, /0?8:10/],
        last_medicine: [/Calpol/, /2,5\sml/, /0?8:15/],
        weight: [/8,2\skg/],
        percentile: [/8,2\skg/, new RegExp(`(?<!\\d)${percentile}(?!\\d)`)],
      };
      const english = (await ask('When was her last feed?')).body.answer;
      assert.equal(english, "Ada's last feed was at 10:30 today, 1 h 30 min ago, 150 ml.", 'English as before');
      for (const lang of LANGS) {
        for (const [intent, question] of Object.entries(CORE[lang]) as [Intent, string][]) {
          const r = await ask(question, lang);
          assert.equal(r.status, 200, r.text);
          assert.equal(r.body.guardrail, null, `${lang}: ${question}`);
          assert.equal(r.body.context_used, true, `${lang}: ${question}: ${r.body.answer}`);
          for (const re of expect[intent]) assert.match(r.body.answer, re, `${lang} ${intent}: ${r.body.answer}`);
          assert.doesNotMatch(r.body.answer, /\b(today|ago|logged|feeds?|nappies|sleep)\b/, `${lang} ${intent}: not English: ${r.body.answer}`);
          assert.doesNotMatch(r.body.answer, /\.\.$/);
        }
      }
      // A question in another language from a caregiver who reads English: answered in English.
      assert.equal((await ask(CORE.de.last_feed)).body.answer, english);
      assert.match((await ask(CORE.pl.milk_today)).body.answer, /^Ada had 450 ml of milk over 3 feeds so far today/);
      // An English question from a caregiver who reads German: answered in German.
      assert.match((await ask('When was her last feed?', 'de')).body.answer, /^Die letzte Mahlzeit von Ada war heute um 10:30, vor 1 Std\. 30 Min\., 150\sml\.$/);
    });

    test('a question it cannot parse gets, in that language, what it can answer', async () => {
      for (const lang of LANGS) {
        const r = await ask('Xyzzy plugh?', lang);
        assert.equal(r.status, 200);
        assert.equal(r.body.context_used, false);
        assert.match(r.body.answer, CANNOT[lang][0], `${lang}: ${r.body.answer}`);
        assert.ok(r.body.answer.includes(CANNOT[lang][1]), `${lang}: ${r.body.answer}`);
      }
      assert.match((await ask('Xyzzy plugh?')).body.answer, /^I can't answer that from the log\. For Ada I can answer questions such as/);
    });

    test('remember: with each language\'s prefix saves the note and says so in that language', async () => {
      for (const lang of LANGS) {
        const [prefix, said] = REMEMBER[lang];
        const r = await ask(`${prefix} #schlaf ${lang} blaue Decke`, lang);
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.saved_notes.length, 1, lang);
        assert.equal(r.body.saved_notes[0].text, `#schlaf ${lang} blaue Decke`);
        assert.match(r.body.answer, said);
      }
    });

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

    test('a family of several children: a line each in the reader\'s language; a name in the question picks the child', async () => {
      const g = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01' });
      const tom = (await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Tom', dob: '2026-05-01' }, { token: g.token })).body.child.id;
      await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 120, ts: '2026-11-22T10:10:00' }, { token: g.token });
      await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90, ts: '2026-11-22T09:45:00', child: tom }, { token: g.token });
      const both = await ask('Wann war die letzte Mahlzeit?', 'de', g.token);
      assert.equal(both.status, 200, both.text);
      const lines = both.body.answer.split('\n');
      assert.equal(lines.length, 2, both.body.answer);
      assert.match(lines[0], /^Ada: Die letzte Mahlzeit von Ada war heute um 10:10, vor 1 Std\. 50 Min\., 120\sml\.$/);
      assert.match(lines[1], /^Tom: Die letzte Mahlzeit von Tom war heute um 0?9:45, vor 2 Std\. 15 Min\., 90\sml\.$/);
      const one = await ask('Wann war Toms letzte Mahlzeit?', 'de', g.token);
      assert.match(one.body.answer, /^Die letzte Mahlzeit von Tom war heute um 0?9:45/);
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

  describe(`the usage limits in the reader's language [${d.name}]`, { skip: d.skip }, () => {
    test('past the daily limit: 429 with the same code, the message in German', async () => {
      const t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid', ASK_DAILY_LIMIT: '1', ASK_MONTHLY_LIMIT: '5' });
      try {
        t.clock.set('2026-11-22T12:00:00Z');
        const f = await signUp(t.app, { baby_name: 'Ada' });
        const de = { token: f.token, headers: { 'accept-language': 'de' } };
        assert.equal((await call(t.app, 'POST', '/api/ask', { question: 'Wie viele Windeln heute?' }, de)).status, 200);
        const over = await call(t.app, 'POST', '/api/ask', { question: 'Wie viele Windeln heute?' }, de);
        assert.equal(over.status, 429);
        assert.equal(over.body.error, 'usage_limit_reached');
        assert.equal(over.body.message, 'Du hast heute 1 Frage gestellt, das Tageslimit. Es wird um Mitternacht zurückgesetzt.');
      } finally {
        await t.close();
      }
    });
  });

  describe(`the model is told the caregiver's language [${d.name}]`, { skip: d.skip }, () => {
    test('a German reader: the model is asked to answer in German; a dose in its answer is replaced in German', async () => {
      const llm = await startFakeLlm((r) => (/Windeln/.test(r.body.messages[1].content) ? 'Gib ihr 5 ml Paracetamol.' : 'Ada hat heute 2 Mahlzeiten gehabt.'));
      const t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid', ASK_LLM_URL: llm.url, ASK_LLM_MODEL: 'tiny-test-model' });
      try {
        t.clock.set('2026-11-22T12:00:00Z');
        const f = await signUp(t.app, { baby_name: 'Ada' });
        const r = await call(t.app, 'POST', '/api/ask', { question: 'Wie viele Mahlzeiten heute?' }, { token: f.token, headers: { 'accept-language': 'de' } });
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.model, 'tiny-test-model');
        assert.equal(r.body.answer, 'Ada hat heute 2 Mahlzeiten gehabt.');
        assert.match(llm.seen.at(-1)!.body.messages[0].content, /Answer in German, the language of the caregiver asking/);
        const en = await call(t.app, 'POST', '/api/ask', { question: 'How many feeds today?' }, { token: f.token });
        assert.doesNotMatch(llm.seen.at(-1)!.body.messages[0].content, /Answer in/, 'English: as before');
        assert.equal(en.status, 200);
        const dose = await call(t.app, 'POST', '/api/ask', { question: 'Wie viele Windeln heute?' }, { token: f.token, headers: { 'accept-language': 'de' } });
        assert.equal(dose.body.model, 'tiny-test-model');
        assert.equal(dose.body.guardrail, 'medication');
        assert.match(dose.body.answer, /^Zu Medikamenten/);
        assert.doesNotMatch(dose.body.answer, /5 ml/);
      } finally {
        await t.close();
        llm.close();
      }
    });
  });
}
