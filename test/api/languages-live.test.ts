// Live status's own words in the reader's language (issue 39), on both databases: an overdue
// feed's alert, a medicine's "not before", tummy time and the vitamin D guidance; then a feed
// timer left running (the check) under an urgent temperature (the fever signpost). The same
// request with Accept-Language de, fr, pl and none gives every message in that language, with
// the same codes, levels and figures; German and French write 38,2 °C. The answers of log and
// the feed timer carry the same live status, in the same words. Times are in November (London
// on GMT: "Z" instants and family-local times read the same).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';

const LANGS = ['en', 'de', 'fr', 'pl'] as const;
type Lang = (typeof LANGS)[number];

/** English words that only an English sentence of live status would hold. */
const ENGLISH_WORDS = /\b(since|feed|given|not before|temperature|tummy|guidance|running|emergency|usually|logged)\b/i;

/** Live status with its human texts blanked: what must be the same in every language. */
function figures(live: any): unknown {
  const copy = structuredClone(live);
  copy.alert_msg &&= '';
  if (copy.check) copy.check.message = '';
  if (copy.temperature) copy.temperature.message = '';
  if (copy.tummy_time) copy.tummy_time.message = '';
  if (copy.next_sleep) copy.next_sleep.message = '';
  copy.milk_nudges.message &&= '';
  copy.poop_status &&= '';
  for (const m of copy.medicines) m.message = '';
  for (const s of Object.values(copy.supplement_log) as any[]) s.source &&= '';
  return copy;
}

/** Every message of a live status, in one string. */
function allMessages(live: any): string {
  return [
    live.alert_msg, live.check?.message, live.temperature?.message, live.tummy_time?.message, live.next_sleep?.message,
    live.milk_nudges.message, live.poop_status, ...live.medicines.map((m: any) => m.message),
    ...Object.values(live.supplement_log).map((s: any) => s.source),
  ].filter((m) => m !== null && m !== undefined).join('\n');
}

for (const d of testDatabases()) {
  describe(`live status in the reader's language [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    const headers = (lang: Lang): Record<string, string> => (lang === 'en' ? {} : { 'accept-language': lang });
    async function liveIn(lang: Lang) {
      const r = await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token, headers: headers(lang) });
      assert.equal(r.status, 200, r.text);
      return r.body;
    }
    async function logAt(local: string, body: Record<string, unknown>, lang: Lang = 'en') {
      t.clock.set(`${local}Z`);
      const r = await call(t.app, 'POST', '/api/vega/log', { ts: local, ...body }, { token: f.token, headers: headers(lang) });
      assert.equal(r.status, 200, r.text);
      return r.body;
    }
    /** The same live status in the four languages: the figures alike, the English words gone. */
    async function inEveryLanguage(): Promise<Record<Lang, any>> {
      const out = {} as Record<Lang, any>;
      for (const lang of LANGS) out[lang] = await liveIn(lang);
      for (const lang of LANGS) {
        assert.deepEqual(figures(out[lang]), figures(out.en), `${lang}: the same codes, levels and figures`);
        if (lang !== 'en') assert.doesNotMatch(allMessages(out[lang]), ENGLISH_WORDS, `${lang}: no English left`);
      }
      return out;
    }

    test('an overdue feed, a medicine not before its time, tummy time and vitamin D guidance', async () => {
      t.clock.set('2026-11-22T06:00:00Z');
      // Born 2026-10-11: 6 weeks old, breastfed (vitamin D guidance applies in the UK).
      f = await signUp(t.app, { dob: '2026-10-11', baby_name: 'Ada', region: 'uk', timezone: 'Europe/London' });
      await logAt('2026-11-22T06:00:00', { type: 'milk', ml: 0, duration_min: 20 });
      const saved = await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4, max_per_24h: 4 }, { token: f.token });
      assert.equal(saved.status, 200, saved.text);
      await logAt('2026-11-22T08:00:00', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml' });
      t.clock.set('2026-11-22T09:30:00Z');

      const l = await inEveryLanguage();
      assert.equal(l.en.hungry_state, 'overdue');
      assert.ok(l.en.alert_level === 'info' || l.en.alert_level === 'warn', l.en.alert_msg);
      assert.match(l.en.alert_msg, /^It's been 3 h 30 min since Ada's last feed — a feed is due/);
      assert.match(l.de.alert_msg, /^Seit der letzten Mahlzeit von Ada sind 3 Std\. 30 Min\. vergangen – eine Mahlzeit ist fällig/);
      assert.match(l.fr.alert_msg, /^Le dernier repas de Ada remonte à 3 h 30 min — un repas est dû/);
      assert.match(l.pl.alert_msg, /^Ada: minęło już 3 godz\. 30 min od ostatniego karmienia — pora na karmienie/);

      assert.equal(l.en.medicines[0].not_before, '12:00');
      assert.equal(l.en.medicines[0].message, 'Calpol: last given at 08:00 by ' + f.username + ' (2.5 ml); 1 dose in 24 h of your 4; not before 12:00 by your setting.');
      assert.match(l.de.medicines[0].message, /^Calpol: zuletzt gegeben um 08:00 .*\(2,5 ml\); 1 Gabe in 24 Stunden .*nicht vor 12:00\.$/);
      assert.match(l.fr.medicines[0].message, /^Calpol : dernière prise à 08:00 .*\(2,5 ml\) ; 1 prise en 24 h sur vos 4 ; pas avant 12:00 selon votre réglage\.$/);
      assert.match(l.pl.medicines[0].message, /^Calpol: ostatnia dawka o 08:00.*\(2,5 ml\); 1 dawka w ciągu 24 godzin z twoich 4; .*nie wcześniej niż o 12:00\.$/);

      assert.equal(l.en.tummy_time.message, 'No tummy time logged today. WHO suggests at least 30 minutes a day, spread through the day while awake, for babies not yet crawling.');
      assert.match(l.de.tummy_time.message, /^Heute noch keine Bauchlage eingetragen\./);
      assert.match(l.fr.tummy_time.message, /^Pas de temps sur le ventre noté aujourd’hui\./);
      assert.match(l.pl.tummy_time.message, /^Dziś nie zapisano leżenia na brzuszku\./);

      assert.match(l.en.supplement_log.vitd.source, /^UK guidance .*8\.5–10 µg/);
      assert.match(l.de.supplement_log.vitd.source, /^Britische Empfehlung .*8,5–10 µg/);
      assert.match(l.fr.supplement_log.vitd.source, /^Recommandation britannique .*8,5 à 10 µg/);
      assert.match(l.pl.supplement_log.vitd.source, /^Zalecenie brytyjskie .*8,5–10 µg/);
    });

    test('a feed timer left running under an urgent temperature: the check and the fever signpost', async () => {
      t.clock.set('2026-11-22T09:31:00Z');
      const started = await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, { token: f.token, headers: headers('fr') });
      assert.equal(started.status, 200, started.text);
      assert.match(started.body.live.alert_msg, /repas/, 'the feed timer answers in French too');
      assert.doesNotMatch(allMessages(started.body.live), ENGLISH_WORDS);

      const logged = await logAt('2026-11-22T12:40:00', { type: 'temperature', celsius: 38.2, method: 'armpit' }, 'de');
      assert.equal(logged.live.alert_level, 'urgent');
      assert.match(logged.live.alert_msg, /38,2 °C/, 'the log answer in German');
      t.clock.set('2026-11-22T12:45:00Z');

      const l = await inEveryLanguage();
      assert.equal(l.en.alert_level, 'urgent');
      assert.equal(l.en.check.kind, 'feed_timer_stale');
      assert.equal(l.en.check.fix, 'stop_feed');
      assert.equal(l.en.temperature.celsius, 38.2);
      assert.equal(
        l.en.alert_msg,
        "Ada's temperature was 38.2 °C (armpit) at 12:40, 5 min ago. Under 3 months, a temperature of 38 °C or higher is a reason to get medical advice urgently: call NHS 111 or your GP now; 999 in an emergency.",
      );
      assert.equal(l.en.temperature.message, l.en.alert_msg);
      assert.equal(l.de.alert_msg, 'Die Temperatur von Ada war 38,2 °C (unter dem Arm), gemessen um 12:40 (vor 5 Min.). Unter 3 Monaten ist eine Temperatur ab 38 °C ein Grund, dringend ärztlichen Rat einzuholen: Ruf jetzt deine Kinderarztpraxis oder den ärztlichen Bereitschaftsdienst (116 117) an; im Notfall den Notruf 112.');
      assert.match(l.fr.alert_msg, /^La température de Ada était de 38,2 °C \(sous le bras\) à 12:40, il y a 5 min\. Avant 3 mois, .*le 15 \(SAMU\) ou le 112\.$/);
      assert.match(l.pl.alert_msg, /^Temperatura \(Ada\): 38,2 °C \(pod pachą\) o 12:40, 5 min temu\. U dziecka poniżej 3\. miesiąca życia .*dzwoń pod 112\.$/);
      for (const lang of LANGS) assert.equal(l[lang].temperature.message, l[lang].alert_msg, `${lang}: the temperature's message is the alert`);

      assert.equal(l.en.check.message, 'The feed timer has been running since 09:31 (3 h 14 min). Did the feed end earlier? Stop it with the time it really ended.');
      assert.equal(l.de.check.message, 'Der Timer für die Mahlzeit läuft seit 09:31 (3 Std. 14 Min.). War die Mahlzeit schon früher zu Ende? Dann stoppe ihn mit der tatsächlichen Endzeit.');
      assert.match(l.fr.check.message, /^Le minuteur de tétée tourne depuis 09:31 \(3 h 14 min\)\./);
      assert.match(l.pl.check.message, /^Timer karmienia działa od 09:31 \(3 godz\. 14 min\)\./);
    });
  });
}
