// Languages and formats (issue 39) on both databases: each caregiver's preferences round-trip
// and refuse bad input naming the field with nothing saved; the language a text is written in
// (saved, else Accept-Language, else English), with the same codes and figures in every
// language; a malformed Accept-Language served in English, never a 500.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, joinFamily, signUp, startApp, type TestApp } from '../helpers/app.ts';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'];

for (const d of testDatabases()) {
  describe(`languages [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    const prefs = (cred: { token: string }, lang?: string) =>
      call(t.app, 'GET', '/api/vega/preferences', undefined, { token: cred.token, headers: lang ? { 'accept-language': lang } : {} });
    const save = (cred: { token: string }, body: unknown) => call(t.app, 'POST', '/api/vega/preferences', body, { token: cred.token });

    test('preferences: defaults, the languages in their own names, partial updates, each caregiver their own', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app);
      const b = await joinFamily(t.app, f, 'bea');
      const got = await prefs(f);
      assert.equal(got.status, 200, got.text);
      assert.equal(got.body.language, null);
      assert.equal(got.body.hour_cycle, null);
      assert.equal(got.body.week_start, null);
      assert.deepEqual(got.body.languages.map((l: any) => l.tag), LANGUAGES);
      assert.equal(got.body.languages.find((l: any) => l.tag === 'de').name, 'Deutsch');
      assert.equal(got.body.languages.find((l: any) => l.tag === 'pl').name, 'Polski');
      assert.deepEqual(got.body.in_effect, { language: 'en', hour_cycle: 'h23', week_start: 'monday' });
      assert.deepEqual((await prefs(f, 'de-AT,de;q=0.9,en;q=0.5')).body.in_effect, { language: 'de', hour_cycle: 'h23', week_start: 'monday' });
      assert.equal((await prefs(f, 'pt-PT')).body.in_effect.language, 'pt-BR', 'the closest there is');
      assert.equal((await prefs(f, 'zh-CN, sv;q=0.5')).body.in_effect.language, 'sv', 'the first supported in order of preference');

      const one = await save(f, { language: 'pl' });
      assert.equal(one.status, 200, one.text);
      assert.equal(one.body.language, 'pl');
      assert.equal(one.body.hour_cycle, null);
      assert.deepEqual(one.body.in_effect, { language: 'pl', hour_cycle: 'h23', week_start: 'monday' });
      const two = await save(f, { hour_cycle: 'h12', week_start: 'sunday' });
      assert.deepEqual([two.body.language, two.body.hour_cycle, two.body.week_start], ['pl', 'h12', 'sunday']);
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/preferences', undefined, { cookie: f.cookie })).body.language, 'pl', 'on every device');
      assert.equal((await prefs(f, 'fr')).body.in_effect.language, 'pl', 'the saved language before the browser’s');
      const back = await save(f, { language: null });
      assert.deepEqual([back.body.language, back.body.hour_cycle], [null, 'h12']);
      assert.equal((await prefs(b)).body.language, null, "Bea's are her own");
    });

    test('preferences: an unknown language or value is a 400 naming the field, and nothing is saved', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app);
      await save(f, { language: 'de', hour_cycle: 'h23' });
      const cases: [unknown, string][] = [
        [{ language: 'klingon' }, 'language'],
        [{ language: 'de-DE' }, 'language'],
        [{ language: 'EN' }, 'language'],
        [{ language: 7 }, 'language'],
        [{ hour_cycle: 'h24' }, 'hour_cycle'],
        [{ hour_cycle: '24h' }, 'hour_cycle'],
        [{ week_start: 'saturday' }, 'week_start'],
        [{ week_start: 'saturday', language: 'fr' }, 'week_start'],
        [{ theme: 'dark' }, ''],
      ];
      for (const [body, field] of cases) {
        const r = await save(f, body);
        assertError(r, 400, undefined, JSON.stringify(body));
        const locs = r.body.detail.map((x: any) => x.loc.slice(1).join('.'));
        assert.ok(locs.includes(field), `${JSON.stringify(body)}: ${JSON.stringify(locs)} names ${field}`);
      }
      const now = (await prefs(f)).body;
      assert.deepEqual([now.language, now.hour_cycle, now.week_start], ['de', 'h23', null], 'nothing was saved');
      const ro = (await call(t.app, 'POST', '/api/vega/token', { label: 'ro', scopes: ['read'] }, { cookie: f.cookie })).body.token;
      assertError(await save({ token: ro }, { language: 'fr' }), 403, 'insufficient_scope');
      assert.equal((await prefs({ token: ro })).status, 200);
    });

    test('error messages in the saved language, else Accept-Language, else English; the code never changes', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const noCred = (lang?: string) => call(t.app, 'GET', '/api/vega/live', undefined, { headers: lang ? { 'accept-language': lang } : {} });
      const en = await noCred();
      assertError(en, 401, 'unauthorized');
      assert.equal(en.body.message, 'Sign in or send a valid bearer token.');
      const de = await noCred('de');
      assertError(de, 401, 'unauthorized');
      assert.match(de.body.message, /melde dich an/);
      const fr = await noCred('fr-CA,fr;q=0.9');
      assert.match(fr.body.message, /Connectez-vous/);
      const pl = await noCred('pl');
      assert.match(pl.body.message, /Zaloguj się/);
      for (const bad of ['*;q=x,,;;', 'ü-ü-ü', 'x'.repeat(600), ';q=1', 'en-;q=0.1', '🙂']) {
        const r = await noCred(bad);
        assertError(r, 401, 'unauthorized', bad);
        assert.equal(r.body.message, en.body.message, `${bad}: English`);
      }
      const f = await signUp(t.app);
      const member = await joinFamily(t.app, f, 'bea');
      await save(member, { language: 'sv' });
      const refused = await call(t.app, 'POST', '/api/vega/invite', {}, { token: member.token, headers: { 'accept-language': 'de' } });
      assertError(refused, 403, 'forbidden');
      assert.match(refused.body.message, /familjeadministratör/, 'her saved Swedish before the browser’s German');
    });

    test("a child's age in the reader's words, wherever the API shows it", async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app, { dob: '2025-09-01' });
      const get = (path: string, lang?: string) => call(t.app, 'GET', path, undefined, { token: f.token, headers: lang ? { 'accept-language': lang } : {} });
      const expected: Record<string, string> = { '': '1 year 2 months', de: '1 Jahr und 2 Monate', pl: '1 rok i 2 miesiące', fr: '1 an et 2 mois', sv: '1 år och 2 månader' };
      for (const [lang, age] of Object.entries(expected)) {
        assert.equal((await get('/api/vega/profile', lang)).body.age_display, age, `profile ${lang}`);
        assert.equal((await get('/api/vega/patterns', lang)).body.age_display, age, `patterns ${lang}`);
      }
      const added = await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Bo', dob: '2026-11-01' }, { token: f.token, headers: { 'accept-language': 'de' } });
      assert.equal(added.body.child.age_display, '3 Wochen', added.text);
      const kids = (await get('/api/vega/children', 'pl')).body.children;
      assert.deepEqual(kids.map((c: any) => c.age_display), ['1 rok i 2 miesiące', '3 tygodnie']);
    });

    test("live status's messages in the reader's language and hour cycle, with the same figures", async () => {
      t.clock.set('2026-11-22T10:00:00Z');
      const f = await signUp(t.app, { dob: '2026-05-01', timezone: 'Europe/Warsaw' });
      const log = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
      assert.equal((await log({ type: 'sleep', ts: '2026-11-22T09:00:00' })).status, 200);
      assert.equal((await log({ type: 'wake', ts: '2026-11-22T10:30:00' })).status, 200);
      const live = (lang?: string) => call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token, headers: lang ? { 'accept-language': lang } : {} });
      const en = await live();
      assert.equal(en.status, 200, en.text);
      assert.ok(en.body.next_sleep, en.text);
      const messages: Record<string, string> = {};
      for (const lang of ['de', 'fr', 'pl', 'en-US']) {
        const r = await live(lang);
        const { next_sleep: ns, ...rest } = r.body;
        const { next_sleep: ens, ...enRest } = en.body;
        // Live status's other messages are in the reader's words too (languages-live.test.ts).
        const figures = (l: any) => ({ ...l, tummy_time: { ...l.tummy_time, message: '' }, supplement_log: Object.fromEntries(Object.entries(l.supplement_log).map(([k, s]: [string, any]) => [k, { ...s, source: '' }])) });
        assert.deepEqual(figures(rest), figures(enRest), `${lang}: the same figures`);
        assert.deepEqual({ ...ns, message: '' }, { ...ens, message: '' }, `${lang}: the same next sleep`);
        messages[lang] = ns.message;
      }
      assert.match(en.body.next_sleep.message, /^Next sleep: /);
      assert.match(messages.de!, /^Nächster Schlaf: /);
      assert.match(messages.fr!, /^Prochain sommeil : /);
      assert.match(messages.pl!, /^Następny sen: /);
      const hhmm = en.body.next_sleep.at.slice(11, 16);
      assert.ok(messages.pl!.includes(hhmm), `Polish 24-hour clock: ${messages.pl} has ${hhmm}`);
      await save(f, { language: 'de', hour_cycle: 'h12' });
      const saved = await live('fr');
      assert.match(saved.body.next_sleep.message, /^Nächster Schlaf: /);
      assert.match(saved.body.next_sleep.message, /(AM|PM)/, saved.body.next_sleep.message);
      // English is British or American by the family's region, whatever the browser says.
      assert.equal(messages['en-US'], en.body.next_sleep.message, 'a British family: British English, 24-hour clock');
      const us = await signUp(t.app, { dob: '2026-05-01', timezone: 'America/New_York', region: 'us' });
      t.clock.set('2026-11-22T16:00:00Z');
      for (const body of [{ type: 'sleep', ts: '2026-11-22T09:00:00' }, { type: 'wake', ts: '2026-11-22T10:30:00' }]) {
        assert.equal((await call(t.app, 'POST', '/api/vega/log', body, { token: us.token })).status, 200);
      }
      const usLive = (await call(t.app, 'GET', '/api/vega/live', undefined, { token: us.token })).body;
      const usAt = usLive.next_sleep.at.slice(11, 16);
      const h = Number(usAt.slice(0, 2));
      assert.ok(usLive.next_sleep.message.includes(`${h % 12 || 12}:${usAt.slice(3)}`), usLive.next_sleep.message);
      assert.match(usLive.next_sleep.message, /\d (AM|PM)/, 'an American family: 12-hour clock');
    });
  });
}
