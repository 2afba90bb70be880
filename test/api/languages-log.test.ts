// A log's warning.message and undo's message in the reader's language (issue 39), on both
// databases: every kind of warning and an undo, asked with Accept-Language de, fr, pl and none,
// give the same codes and figures with the sentence in that language (numbers with its decimal
// mark, no English sentence left); a caregiver's saved language wins over the header.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, joinFamily, signUp, type TestApp, startApp } from '../helpers/app.ts';

/** Words of the English sentences that no German, French or Polish one holds. */
const ENGLISH_WORDS = /\b(was|the|logged|Removed|Nothing|running|similar|given|setting|pharmacist|bottle|nappy|hours?)\b/;

const WORDS = {
  de: { asleep: /^Es lief schon ein Schlaf seit /, noSleep: /^Es lief kein Schlaf/, dup: /Ein ähnlicher Eintrag \(Windel\)/, soon: /in der Apotheke/, max: /^Das ist Dosis 2 von Nurofen in 24 Stunden/, undo: /^Rückgängig gemacht: /, nothing: /^Nichts rückgängig zu machen/ },
  fr: { asleep: /^Un sommeil était déjà en cours depuis /, noSleep: /^Aucun sommeil/, dup: /Une entrée similaire \(couche\)/, soon: /pharmacien/, max: /^C’est la dose 2 de Nurofen en 24 heures/, undo: /^Entrée supprimée/, nothing: /^Rien à annuler/ },
  pl: { asleep: /^Sen trwał już od /, noSleep: /^Nie trwał żaden sen/, dup: /Podobny wpis \(pielucha\)/, soon: /farmaceutę/, max: /^To dawka 2 leku Nurofen w ciągu 24 godzin/, undo: /^Usunięto wpis: /, nothing: /^Nie ma czego cofnąć/ },
} as const;

for (const d of testDatabases()) {
  describe(`languages: log warnings and undo [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    /**
     * A fresh family's log, read in `lang`: undo on the empty log, then each kind of warning, then
     * two undos (today's bottle, yesterday's nappy). The warnings by type and undo's messages.
     */
    async function scenario(lang: string | undefined) {
      const f = await signUp(t.app, { timezone: 'Europe/Berlin' });
      const headers: Record<string, string> = lang ? { 'accept-language': lang } : {};
      const log = async (body: Record<string, unknown>) => {
        const r = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token, headers });
        assert.equal(r.status, 200, r.text);
        return r.body;
      };
      const undo = async () => {
        const r = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: f.token, headers });
        assert.equal(r.status, 200, r.text);
        return r.body;
      };
      for (const medicine of [{ name: 'Calpol', min_hours: 4 }, { name: 'Nurofen', max_per_24h: 1 }]) {
        assert.equal((await call(t.app, 'POST', '/api/vega/medicines', medicine, { token: f.token })).status, 200);
      }
      const nothing = await undo();
      const warnings: Record<string, { type: string; message: string; sleep_span: unknown }> = {};
      const expectWarning = async (body: Record<string, unknown>, type: string) => {
        const w = (await log(body)).warning;
        assert.equal(w?.type, type, JSON.stringify(body));
        warnings[type] = w;
      };
      await expectWarning({ type: 'wake', ts: '2026-11-22T07:00:00' }, 'no_open_sleep');
      await log({ type: 'sleep', ts: '2026-11-22T13:00:00' });
      await expectWarning({ type: 'sleep', ts: '2026-11-22T14:00:00' }, 'already_asleep');
      await log({ type: 'nappy', kind: 'wet', ts: '2026-11-22T10:00:00' });
      await expectWarning({ type: 'nappy', kind: 'wet', ts: '2026-11-22T10:02:00' }, 'possible_duplicate');
      await log({ type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T08:00:00' });
      await expectWarning({ type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T10:00:00' }, 'medicine_too_soon');
      await log({ type: 'medicine', medicine: 'Nurofen', ts: '2026-11-22T09:00:00' });
      await expectWarning({ type: 'medicine', medicine: 'Nurofen', ts: '2026-11-22T12:00:00' }, 'medicine_max_doses');
      await log({ type: 'nappy', kind: 'dirty', ts: '2026-11-21T21:00:00' });
      await log({ type: 'milk', ml: 120, ts: '2026-11-22T15:30:00' });
      const bottle = await undo();
      const nappy = await undo();
      assert.equal(bottle.removed.ml, 120);
      assert.equal(nappy.removed.kind, 'dirty');
      return { f, warnings, undone: { nothing: nothing.message, bottle: bottle.message, nappy: nappy.message } };
    }

    test('each kind of warning and undo, in English with no Accept-Language: as the API has always written them', async () => {
      t.clock.set('2026-11-22T16:00:00Z');
      const { f, warnings: w, undone } = await scenario(undefined);
      assert.equal(w.no_open_sleep!.message, 'There was no sleep running to end. Log the sleep too if you want it counted.');
      assert.equal(w.already_asleep!.message, 'A sleep was already running since 13:00 (60 min). Log a wake to end it.');
      assert.deepEqual(w.already_asleep!.sleep_span, { start: '2026-11-22T13:00:00', end: null, minutes: 60 });
      assert.equal(w.possible_duplicate!.message, 'A similar nappy was logged at 10:00. Undo this one if it was logged twice.');
      assert.equal(
        w.medicine_too_soon!.message,
        `Calpol was last given at 08:00 by ${f.username} (2.5 ml), 2 h before this dose; your setting for Calpol is at least 4 hours between doses. This dose is logged: check the packet or ask a pharmacist if unsure.`,
      );
      assert.equal(
        w.medicine_max_doses!.message,
        `This is dose 2 of Nurofen in 24 hours; your setting is at most 1. Nurofen was last given at 09:00 by ${f.username}, 3 h before this dose. This dose is logged: check the packet or ask a pharmacist if unsure.`,
      );
      assert.deepEqual(undone, {
        nothing: 'Nothing to undo: the log is empty.',
        bottle: 'Removed the 120 ml bottle logged for 15:30.',
        nappy: 'Removed the dirty nappy logged for 21 Nov 21:00.',
      });
    });

    for (const lang of ['de', 'fr', 'pl'] as const) {
      test(`each kind of warning and undo with Accept-Language ${lang}: the same codes and figures, in ${lang}`, async () => {
        t.clock.set('2026-11-22T16:00:00Z');
        const { f, warnings: w, undone } = await scenario(lang);
        const words = WORDS[lang];
        for (const [type, pattern] of [['already_asleep', words.asleep], ['no_open_sleep', words.noSleep], ['possible_duplicate', words.dup], ['medicine_too_soon', words.soon], ['medicine_max_doses', words.max]] as const) {
          assert.match(w[type]!.message, pattern, `${type}: ${w[type]!.message}`);
          assert.doesNotMatch(w[type]!.message, ENGLISH_WORDS, `${type}: no English left: ${w[type]!.message}`);
        }
        assert.deepEqual(w.already_asleep!.sleep_span, { start: '2026-11-22T13:00:00', end: null, minutes: 60 }, 'the same span');
        assert.ok(w.already_asleep!.message.includes('13:00') && w.already_asleep!.message.includes('60'), w.already_asleep!.message);
        assert.ok(w.possible_duplicate!.message.includes('10:00'), w.possible_duplicate!.message);
        // The dose as the language writes a decimal, the time on a 24-hour clock, who gave it.
        for (const figure of ['Calpol', '08:00', f.username, '(2,5 ml)', ' 4 ']) assert.ok(w.medicine_too_soon!.message.includes(figure), `${figure} in ${w.medicine_too_soon!.message}`);
        for (const figure of ['Nurofen', '09:00', f.username]) assert.ok(w.medicine_max_doses!.message.includes(figure), `${figure} in ${w.medicine_max_doses!.message}`);
        assert.doesNotMatch(w.medicine_max_doses!.message, /\(\d/, 'no amount was said for Nurofen');

        assert.match(undone.nothing, words.nothing);
        for (const [what, message] of [['bottle', undone.bottle], ['nappy', undone.nappy]] as const) {
          assert.match(message, words.undo, `${what}: ${message}`);
          assert.doesNotMatch(message, ENGLISH_WORDS, `${what}: no English left: ${message}`);
        }
        assert.ok(undone.bottle.includes('120 ml') && undone.bottle.includes('15:30'), undone.bottle);
        assert.ok(undone.nappy.includes('21:00') && undone.nappy.includes('21'), undone.nappy);
      });
    }

    test('the undo and warning sentences in full, German, French and Polish', async () => {
      t.clock.set('2026-11-22T16:00:00Z');
      const de = await scenario('de-AT,de;q=0.9');
      assert.equal(de.undone.bottle, 'Rückgängig gemacht: Fläschchen mit 120 ml von 15:30.');
      assert.equal(de.undone.nappy, 'Rückgängig gemacht: volle Windel vom 21. Nov. um 21:00.');
      assert.equal(de.warnings.already_asleep!.message, 'Es lief schon ein Schlaf seit 13:00 (60 Min.). Trag ein Aufwachen ein, um ihn zu beenden.');
      const fr = await scenario('fr');
      assert.equal(fr.undone.bottle, 'Entrée supprimée\u00a0: biberon de 120 ml, notée à 15:30.');
      assert.equal(fr.undone.nappy, 'Entrée supprimée\u00a0: couche sale, notée le 21 nov. à 21:00.');
      const pl = await scenario('pl');
      assert.equal(pl.undone.bottle, 'Usunięto wpis: butelka 120 ml, zapisany o 15:30.');
      assert.equal(
        pl.warnings.medicine_too_soon!.message,
        `Calpol: ostatnia dawka (2,5 ml) podana o 08:00 przez ${pl.f.username}, 2 godz. przed tą dawką; twoje ustawienie dla Calpol to co najmniej 4 godziny między dawkami. Ta dawka jest zapisana: sprawdź ulotkę albo zapytaj farmaceutę, jeśli masz wątpliwości.`,
      );
    });

    test("a caregiver's saved Spanish, whatever the browser asks for", async () => {
      t.clock.set('2026-11-22T16:00:00Z');
      const f = await signUp(t.app, { timezone: 'Europe/Madrid' });
      const abuela = await joinFamily(t.app, f, 'abuela');
      const saved = await call(t.app, 'POST', '/api/vega/preferences', { language: 'es' }, { token: abuela.token });
      assert.equal(saved.status, 200, saved.text);
      const de = { token: abuela.token, headers: { 'accept-language': 'de' } };
      await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-22T10:00:00' }, de);
      const dup = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-22T10:03:00' }, de);
      assert.equal(dup.body.warning.type, 'possible_duplicate');
      assert.equal(dup.body.warning.message, 'Ya se registró una entrada similar (pañal) a las 10:00. Deshaz esta si se registró dos veces.');
      const undone = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: abuela.token, headers: { 'accept-language': 'fr' } });
      assert.equal(undone.body.message, 'Entrada eliminada: pañal mojado, registrada a las 10:03.');
      // The parent who saved nothing reads the same log in their browser's language.
      const parent = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: f.token, headers: { 'accept-language': 'de' } });
      assert.equal(parent.body.message, 'Rückgängig gemacht: nasse Windel von 10:00.');
    });

    test("a retried log (same Idempotency-Key) is answered in the retry's language, with the same event and figures", async () => {
      t.clock.set('2026-11-22T16:00:00Z');
      const f = await signUp(t.app, { timezone: 'Europe/Berlin' });
      const logAs = (lang: string, body: Record<string, unknown>, key: string) =>
        call(t.app, 'POST', '/api/vega/log', body, { token: f.token, headers: { 'accept-language': lang, 'idempotency-key': key } });
      await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-22T10:00:00' }, { token: f.token });
      const nappy = { type: 'nappy', kind: 'wet', ts: '2026-11-22T10:02:00' };
      const first = await logAs('de', nappy, 'retry-nappy');
      assert.equal(first.status, 200, first.text);
      assert.match(first.body.warning.message, /^Ein ähnlicher Eintrag \(Windel\)/);
      const again = await logAs('de', nappy, 'retry-nappy');
      assert.equal(again.text, first.text, 'the same language: the same bytes');
      const french = await logAs('fr', nappy, 'retry-nappy');
      assert.equal(french.status, 200, french.text);
      assert.deepEqual(french.body.event, first.body.event, 'the same event, not logged twice');
      assert.equal(french.body.warning.type, 'possible_duplicate');
      assert.match(french.body.warning.message, /^Une entrée similaire \(couche\)/);
      assert.doesNotMatch(JSON.stringify(french.body.live), /\b(Windel|Heute|nicht)\b/, 'no German left in the live status');
      const english = await logAs('en', nappy, 'retry-nappy');
      assert.match(english.body.warning.message, /^A similar nappy was logged at 10:00\./);
      const events = await call(t.app, 'GET', '/api/vega/events?type=nappy', undefined, { token: f.token });
      assert.equal(events.body.events.length, 2, 'two nappies, whatever the retries');
    });
  });
}
