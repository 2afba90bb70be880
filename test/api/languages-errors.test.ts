// Error messages in the reader's language (issue 39) on both databases: the same refusal asked
// in German, French, Polish and with no Accept-Language answers the same `error` code and the
// same `detail` (machine-readable, English on purpose), with the `message` in that language and
// no English sentence left in it; a field's path stays in front of a schema mismatch's message.
// A malformed Accept-Language is answered in English, never with a 500.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, joinFamily, signUp, startApp, type Family, type Res, type TestApp } from '../helpers/app.ts';

type Lang = 'en' | 'de' | 'fr' | 'pl';
const LANGS: Lang[] = ['en', 'de', 'fr', 'pl'];
const header = (lang: Lang): Record<string, string> => (lang === 'en' ? {} : { 'accept-language': lang });

interface Case {
  label: string;
  status: number;
  code: string;
  ask: (headers: Record<string, string>) => Promise<Res>;
  /** a characteristic word or phrase per language */
  words: Record<Lang, RegExp>;
  /** English that must not be left in another language's message */
  english: RegExp;
}

for (const d of testDatabases()) {
  describe(`error messages in the reader's language [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    let member: Family;
    before(async () => {
      // A low per-credential limit makes the 429 cheap; requests from loopback are never limited.
      t = await startApp(d.name, { RATE_LIMIT_PER_MINUTE: '5' });
      t.clock.set('2026-11-22T12:00:00Z');
      f = await signUp(t.app, { dob: '2026-05-01', timezone: 'Europe/London' });
      member = await joinFamily(t.app, f, 'bea');
    });
    after(async () => t?.close());

    const cases = (): Case[] => [
      {
        label: '401 no credential',
        status: 401,
        code: 'unauthorized',
        ask: (headers) => call(t.app, 'GET', '/api/vega/live', undefined, { headers }),
        words: { en: /^Sign in or send a valid bearer token\.$/, de: /melde dich an/, fr: /Connectez-vous/, pl: /Zaloguj się/ },
        english: /Sign in|bearer token/,
      },
      {
        label: '403 admin only',
        status: 403,
        code: 'forbidden',
        ask: (headers) => call(t.app, 'POST', '/api/vega/invite', {}, { token: member.token, headers }),
        words: { en: /^Only a family admin can do this\.$/, de: /Familien-Admin/, fr: /administrateur de la famille/, pl: /administrator rodziny/ },
        english: /family admin|can do this/,
      },
      {
        label: '404 unknown child',
        status: 404,
        code: 'child_not_found',
        ask: (headers) => call(t.app, 'GET', '/api/vega/live?child=Nobody', undefined, { token: f.token, headers }),
        words: {
          en: /^No child with id 'Nobody' in your family\. The family's children: Ada \(id [^)]+\)\.$/,
          de: /kein Kind mit der ID „Nobody“.*Ada/,
          fr: /Aucun enfant d’identifiant «\u00a0Nobody\u00a0».*Ada/,
          pl: /nie ma dziecka o identyfikatorze „Nobody”.*Ada/,
        },
        english: /No child|in your family|children:/,
      },
      {
        label: '409 a name the family already has',
        status: 409,
        code: 'child_name_taken',
        ask: (headers) => call(t.app, 'POST', '/api/vega/children', { baby_name: 'Ada', dob: '2026-05-01' }, { token: f.token, headers }),
        words: {
          en: /^The family already has a child of that name \(names are unique, ignoring case\)\.$|^The family already has a child called Ada/,
          de: /hat schon ein Kind/,
          fr: /a déjà un enfant/,
          pl: /ma już dziecko/,
        },
        english: /already has|names are unique/,
      },
      {
        label: '400 a field refused by the log’s rules',
        status: 400,
        code: 'bad_request',
        ask: (headers) => call(t.app, 'POST', '/api/vega/log', { type: 'temperature', celsius: 38.25 }, { token: f.token, headers }),
        words: {
          en: /^celsius takes at most 1 decimal \(as a thermometer shows it, e\.g\. 38\.2\)\.$/,
          de: /^celsius hat höchstens 1 Nachkommastelle .*38,2/,
          fr: /^celsius accepte au plus 1 décimale .*38,2/,
          pl: /^celsius może mieć najwyżej 1 miejsce po przecinku .*38,2/,
        },
        english: /takes at most|thermometer/,
      },
      {
        label: '400 a time in the future',
        status: 400,
        code: 'future_timestamp',
        ask: (headers) => call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-23T09:00:00' }, { token: f.token, headers }),
        words: {
          en: /^ts 2026-11-23T09:00:00 is in the future; the time now is 2026-11-22T12:00:00\.$/,
          de: /2026-11-23T09:00:00 liegt in der Zukunft; jetzt ist es 2026-11-22T12:00:00/,
          fr: /2026-11-23T09:00:00 est dans le futur/,
          pl: /2026-11-23T09:00:00 jest w przyszłości/,
        },
        english: /in the future|time now/,
      },
      {
        label: '400 schema mismatch with a field path',
        status: 400,
        code: 'bad_request',
        ask: (headers) => call(t.app, 'POST', '/api/vega/children', { baby_name: 'A'.repeat(81), dob: '2026-05-01' }, { token: f.token, headers }),
        words: {
          en: /^baby_name: Too big: expected string to have <=80 characters$/,
          de: /^baby_name: Zu lang: höchstens 80 Zeichen erlaubt$/,
          fr: /^baby_name\u00a0: Trop long\u00a0: au plus 80 caractères autorisés$/,
          pl: /^baby_name: Za długie: dozwolone najwyżej 80 znaków$/,
        },
        english: /Too big|expected/,
      },
      {
        label: '400 a schema’s own message',
        status: 400,
        code: 'bad_request',
        ask: (headers) => call(t.app, 'POST', '/api/vega/children', { baby_name: 'Bo', dob: '2026-02-30' }, { token: f.token, headers }),
        words: { en: /^dob: must be a real date in YYYY-MM-DD form$/, de: /^dob: muss ein echtes Datum/, fr: /^dob\u00a0: doit être une date réelle/, pl: /^dob: musi być prawdziwą datą/ },
        english: /must be a real date/,
      },
      {
        label: '404 no such route',
        status: 404,
        code: 'not_found',
        ask: (headers) => call(t.app, 'GET', '/api/vega/nowhere?x=1', undefined, { token: f.token, headers }),
        words: { en: /^No route GET \/api\/vega\/nowhere\.$/, de: /^Keine Route GET \/api\/vega\/nowhere\.$/, fr: /^Aucune route GET/, pl: /^Brak ścieżki GET/ },
        english: /No route/,
      },
      {
        label: '413 body too large',
        status: 413,
        code: 'payload_too_large',
        ask: (headers) => call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'x'.repeat(70 * 1024) }, { token: f.token, headers }),
        words: { en: /^The request body is too large \(64 KiB at most\)\.$/, de: /zu groß \(höchstens 64 KiB\)/, fr: /trop volumineux \(64 KiB au maximum\)/, pl: /za duża \(najwyżej 64 KiB\)/ },
        english: /too large|at most/,
      },
    ];

    test('every refusal: the same code and detail in every language, the message in the reader’s', async () => {
      for (const c of cases()) {
        const answers = {} as Record<Lang, Res>;
        for (const lang of LANGS) {
          const r = await c.ask(header(lang));
          assertError(r, c.status, c.code, `${c.label} [${lang}]`);
          assert.match(r.body.message, c.words[lang], `${c.label} [${lang}]: ${r.body.message}`);
          answers[lang] = r;
        }
        const en = answers.en.body;
        for (const lang of ['de', 'fr', 'pl'] as const) {
          const body = answers[lang].body;
          assert.doesNotMatch(body.message, c.english, `${c.label} [${lang}] has no English left: ${body.message}`);
          const { message: _m, ...rest } = body;
          const { message: _e, ...restEn } = en;
          assert.deepEqual(rest, restEn, `${c.label} [${lang}]: the same code, detail and figures`);
        }
      }
    });

    test('a 400’s detail stays machine-readable English; the message keeps the field path in every language', async () => {
      const refused = (headers: Record<string, string>) =>
        call(t.app, 'POST', '/api/vega/children', { baby_name: 'A'.repeat(81), dob: '2026-02-30', extra: 1 }, { token: f.token, headers });
      const en = await refused({});
      assertError(en, 400, 'bad_request');
      const de = await refused({ 'accept-language': 'de-DE,de;q=0.9' });
      assert.deepEqual(de.body.detail, en.body.detail);
      assert.ok(en.body.detail.some((x: any) => x.msg === 'Too big: expected string to have <=80 characters' && x.ctx?.maximum === 80), JSON.stringify(en.body.detail));
      const parts = de.body.message.split('; ');
      assert.equal(parts.length, en.body.message.split('; ').length, de.body.message);
      assert.ok(parts.some((p: string) => p.startsWith('baby_name: Zu lang')), de.body.message);
      assert.ok(parts.some((p: string) => p.startsWith('dob: muss ein echtes Datum')), de.body.message);
      assert.ok(parts.some((p: string) => /^Unbekanntes Feld: "extra"$/.test(p)), de.body.message);
    });

    test('the saved language before the browser’s, for a refusal from a service', async () => {
      const saved = await call(t.app, 'POST', '/api/vega/preferences', { language: 'pl' }, { token: member.token });
      assert.equal(saved.status, 200, saved.text);
      const r = await call(t.app, 'POST', '/api/vega/token/revoke', { id: 'no-such-token' }, { token: member.token, headers: { 'accept-language': 'fr' } });
      assertError(r, 404, 'not_found');
      assert.equal(r.body.message, 'W twojej rodzinie nie ma tokenu o tym identyfikatorze.');
      const refused = await call(t.app, 'POST', '/api/vega/invite', {}, { token: member.token, headers: { 'accept-language': 'fr' } });
      assertError(refused, 403, 'forbidden');
      assert.match(refused.body.message, /Tylko administrator rodziny/);
      await call(t.app, 'POST', '/api/vega/preferences', { language: null }, { token: member.token });
    });

    test('429 in the reader’s language, with the same code and retry_after', async () => {
      const ip = '192.0.2.91';
      for (let i = 0; i < 5; i++) assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: f.token, ip })).status, 200);
      const words: Record<Lang, RegExp> = { en: /^Too many requests with this credential \(at most 5 a minute\)\. Try again in \d+ s\.$/, de: /Zu viele Anfragen/, fr: /Trop de requêtes/, pl: /Za dużo żądań/ };
      for (const lang of LANGS) {
        const r = await call(t.app, 'GET', '/api/me', undefined, { token: f.token, ip, headers: header(lang) });
        assertError(r, 429, 'rate_limited', lang);
        assert.match(r.body.message, words[lang], `${lang}: ${r.body.message}`);
        assert.equal(typeof r.body.retry_after, 'number');
        if (lang !== 'en') assert.doesNotMatch(r.body.message, /Too many|Try again/);
      }
    });

    test('a malformed Accept-Language is answered in English, never a 500', async () => {
      const en = await call(t.app, 'POST', '/api/vega/children', { baby_name: 'A'.repeat(81), dob: '2026-05-01' }, { token: f.token });
      for (const bad of ['*;q=x,,;;', 'ü-ü-ü', 'x'.repeat(600), ';q=1', '🙂', 'q=0.5;;', ',,,', 'en-;q=0.1', '\u0000']) {
        const r = await call(t.app, 'POST', '/api/vega/children', { baby_name: 'A'.repeat(81), dob: '2026-05-01' }, { token: f.token, headers: { 'accept-language': bad } });
        assertError(r, 400, 'bad_request', bad);
        assert.deepEqual(r.body, en.body, bad);
        const missing = await call(t.app, 'GET', '/api/vega/nowhere', undefined, { headers: { 'accept-language': bad } });
        assertError(missing, 404, 'not_found', bad);
        assert.equal(missing.body.message, 'No route GET /api/vega/nowhere.', bad);
      }
    });
  });
}
