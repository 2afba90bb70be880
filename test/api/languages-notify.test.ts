// Texts written with no request behind them (issue 39), on both databases: each caregiver's
// reminders and their Web Push in the language they saved (none saved: English), decrypted as a
// browser would by a push service on 127.0.0.1 (the http_ece library, as in push.test.ts);
// webhooks keep the English line. Home Assistant's state texts in the language of the family's
// admins (a member's language does not count). The printable report's words in the language
// of the caregiver who asks, with their decimal mark, and the same figures.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { testDatabases } from '../helpers/databases.ts';
import { pushBrowser, pushService } from '../helpers/push-receiver.ts';
import { call, joinFamily, signUp, startApp, type TestApp } from '../helpers/app.ts';
import { BROKER_URL, brokerSkip, Recorder, requireBroker } from '../helpers/mqtt.ts';
import { deliverDue } from '../../src/outbox/worker.ts';
import { runReminders } from '../../src/services/notify/reminders.ts';
// Registers the outbox's senders ('push' among them) and starts the Home Assistant bridge, as the server does.
import { startNotifier } from '../../src/notifier.ts';

const MIN = 60_000;

const save = (t: TestApp, cred: { token: string }, body: unknown) => call(t.app, 'POST', '/api/vega/preferences', body, { token: cred.token });

for (const d of testDatabases()) {
  describe(`reminders and Web Push in the recipient's language [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let svc: Awaited<ReturnType<typeof pushService>>;
    before(async () => {
      t = await startApp(d.name, { OUTBOUND_ALLOW_PRIVATE: '1' });
      svc = await pushService();
    });
    after(async () => {
      await svc?.close();
      await t?.close();
    });

    test('a Swedish caregiver gets a Swedish reminder and push; one with no saved language gets English; webhooks keep English', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app, { baby_name: 'Ada Lovelace' });
      const bea = await joinFamily(t.app, f, 'bea');
      assert.equal((await save(t, f, { language: 'sv' })).status, 200);
      const family = await t.ctx.db.kysely.selectFrom('users').select('family_id').where('email', '=', f.email).executeTakeFirstOrThrow();
      const phones = { f: pushBrowser(), bea: pushBrowser() };
      const paths = { f: `sv-${randomBytes(4).toString('hex')}`, bea: `en-${randomBytes(4).toString('hex')}` };
      for (const [who, cred] of [['f', f], ['bea', bea]] as const) {
        const sub = await call(t.app, 'POST', '/api/vega/push/subscribe', phones[who].json(svc.endpoint(paths[who])), { token: cred.token });
        assert.equal(sub.status, 200, sub.text);
        const on = await call(t.app, 'POST', '/api/vega/reminders', { reminders: { feed_due: { enabled: true, minutes_before: 15 } } }, { token: cred.token });
        assert.equal(on.status, 200, on.text);
      }
      const fed = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 120 }, { token: f.token });
      assert.equal(fed.status, 200, fed.text);
      const next: string = fed.body.live.next_feed_at;
      const interval: number = fed.body.live.feed_interval_minutes;
      assert.ok(next && interval, fed.text);
      const hhmm = next.slice(11, 16);
      const h = Math.floor(interval / 60);
      const m = interval % 60;
      const english = `Feed due at ${hhmm} (usually every ${m === 0 ? `${h} h` : `${h} h ${m} min`})`;
      const swedish = `Matning dags kl. ${hhmm} (vanligtvis var ${m === 0 ? `${h} tim` : `${h} tim ${m} min`})`;

      t.clock.set(new Date(Date.parse(`${next}Z`) - 15 * MIN).toISOString()); // Europe/London in November is UTC
      const fired = (await runReminders(t.ctx, t.clock.now)).filter((x) => x.family_id === family.family_id);
      assert.deepEqual(fired.map((x) => [x.caregiver, x.line, x.push]).sort(), [[bea.username, english, 1], [f.username, english, 1]].sort(), 'the scheduler and webhooks say it in English');

      const rows = await t.ctx.db.kysely.selectFrom('outbox').select(['kind', 'payload']).where('family_id', '=', family.family_id).where('kind', '=', 'push').execute();
      assert.deepEqual(rows.map((r) => JSON.parse(r.payload).body).sort(), [english, swedish].sort(), 'each caregiver queued in their own words');

      while ((await deliverDue(t.ctx)) > 0);
      const tag = fired[0]!.occurrence;
      assert.deepEqual(phones.f.open(svc.lastTo(paths.f)!), { title: 'Ada', body: swedish, tag }, 'her phone reads Swedish');
      assert.deepEqual(phones.bea.open(svc.lastTo(paths.bea)!), { title: 'Ada', body: english, tag }, "Bea's reads English");

      // The test notification: the saved language before the browser's; with none saved, the browser's.
      for (const [cred, path, body] of [[f, paths.f, 'Testnotis från Baby tracker'], [bea, paths.bea, 'Testbenachrichtigung von Baby tracker']] as const) {
        const sent = await call(t.app, 'POST', '/api/vega/push/test', {}, { token: cred.token, headers: { 'accept-language': 'de' } });
        assert.equal(sent.status, 200, sent.text);
        const before = svc.received.length;
        while ((await deliverDue(t.ctx)) > 0);
        assert.equal(svc.received.length, before + 1, 'one test notification sent');
        assert.deepEqual((cred === f ? phones.f : phones.bea).open(svc.lastTo(path)!), { title: 'Ada', body, tag: 'test' });
      }
    });

    test("a reminder's clock and decimal mark are the caregiver's: Swedish on a 12-hour clock, American English by the family's region", async () => {
      t.clock.set('2026-11-22T10:05:00Z');
      const us = await signUp(t.app, { region: 'us', timezone: 'Europe/London' });
      const sv = await joinFamily(t.app, us, 'sven');
      assert.equal((await save(t, sv, { language: 'sv', hour_cycle: 'h12' })).status, 200);
      const family = await t.ctx.db.kysely.selectFrom('users').select('family_id').where('email', '=', us.email).executeTakeFirstOrThrow();
      assert.equal((await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4.5 }, { token: us.token })).status, 200);
      const given = await call(t.app, 'POST', '/api/vega/log', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml' }, { token: us.token });
      assert.equal(given.status, 200, given.text);
      for (const cred of [us, sv]) {
        const sub = await call(t.app, 'POST', '/api/vega/push/subscribe', pushBrowser().json(svc.endpoint(`clock-${randomBytes(4).toString('hex')}`)), { token: cred.token });
        assert.equal(sub.status, 200, sub.text);
        assert.equal((await call(t.app, 'POST', '/api/vega/reminders', { reminders: { medicine: { enabled: true } } }, { token: cred.token })).status, 200);
      }
      t.clock.set('2026-11-22T14:35:00Z');
      const fired = (await runReminders(t.ctx, t.clock.now)).filter((x) => x.family_id === family.family_id);
      assert.equal(fired.length, 2, JSON.stringify(fired));
      const bodies = (await t.ctx.db.kysely.selectFrom('outbox').select('payload').where('family_id', '=', family.family_id).where('kind', '=', 'push').execute()).map((r) => JSON.parse(r.payload).body);
      assert.deepEqual(bodies.sort(), ['Calpol: 4,5 tim sedan senaste dosen kl. 10:05 fm (din inställning)', 'Calpol: 4.5 h since the last dose at 10:05 AM (your setting)'].sort());
    });
  });

  describe(`Home Assistant's state in the family admins' language [${d.name}]`, { skip: d.skip || brokerSkip() }, () => {
    let t: TestApp;
    let stop: () => Promise<void>;
    let rec: Recorder;
    const id = randomBytes(5).toString('hex');
    const run = { base: `bt-lang-${id}/tracker`, prefix: `ha-lang-${id}` };
    before(async () => {
      requireBroker();
      t = await startApp(d.name, { MQTT_URL: BROKER_URL, MQTT_BASE_TOPIC: run.base, MQTT_DISCOVERY_PREFIX: run.prefix });
      stop = startNotifier(t.ctx, t.app.log);
      rec = await Recorder.start(BROKER_URL, [`${run.prefix}/#`, `${run.base}/#`]);
      for (let i = 0; i < 300 && (await call(t.app, 'GET', '/api/health')).body.mqtt !== 'connected'; i++) await new Promise((r) => setTimeout(r, 200));
    });
    after(async () => {
      await stop?.();
      await rec?.stop();
      await t?.close();
    });

    test("the alert message in the admin's saved Swedish (a member's German does not count); entity names and codes unchanged", async () => {
      t.clock.set('2026-11-22T11:05:00Z');
      // 42 days old: 38.2 °C is an urgent alert, with a time and a temperature in its words.
      const f = await signUp(t.app, { dob: '2026-10-11', baby_name: 'Ada', timezone: 'Europe/London' });
      const gran = await joinFamily(t.app, f, 'gran');
      const bea = await joinFamily(t.app, f, 'bea');
      await save(t, gran, { language: 'de' });
      await save(t, f, { language: 'sv' });
      const from = rec.messages.length;
      const on = await call(t.app, 'POST', '/api/vega/home-assistant', { enabled: true }, { token: f.token });
      assert.equal(on.status, 200, on.text);
      const topic: string = on.body.devices[0].state_topic;
      await rec.waitFor((m) => m.topic === topic && m.json !== null, 'the first state', from);
      t.clock.advance(2000); // a child's state is published at most once a second, on the service's clock
      const logged = await call(t.app, 'POST', '/api/vega/log', { type: 'temperature', celsius: 38.2, method: 'armpit' }, { token: bea.token });
      assert.equal(logged.status, 200, logged.text);
      const state = (await rec.waitFor((m) => m.topic === topic && m.json?.alert === true, 'the state with the alert', from)).json;
      const liveOf = async (cred: { token: string }) => (await call(t.app, 'GET', '/api/vega/live', undefined, { token: cred.token })).body;
      const sv = await liveOf(f);
      const en = await liveOf(bea);
      assert.equal(sv.alert_level, 'urgent');
      assert.equal(state.alert_message, sv.alert_msg, 'as the Swedish admin reads it');
      assert.notEqual(state.alert_message, en.alert_msg, 'not English');
      assert.match(state.alert_message, /38,2 °C/, 'the Swedish decimal comma');
      assert.equal(state.last_side, null);
      const config = (await rec.waitFor((m) => m.topic.endsWith('/alert_message/config') && m.json !== null, 'the alert message entity', from)).json;
      assert.equal(config.name, 'Alert message', "Home Assistant's entity names stay as they are");
    });
  });

  describe(`the printable report in the caller's language [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    test('Spanish headings and figures with the decimal comma, the same data; English for a caregiver with none saved', async () => {
      t.clock.set('2026-11-22T18:00:00Z');
      const f = await signUp(t.app, { baby_name: 'Ada', gender: 'girl', dob: '2026-05-01', timezone: 'Europe/London' });
      const bea = await joinFamily(t.app, f, 'bea');
      for (const body of [
        { type: 'temperature', celsius: 38.2, method: 'ear', ts: '2026-11-22T10:05:00' },
        { type: 'weight', kg: 7.1, ts: '2026-11-22T09:00:00' },
        { type: 'milk', ml: 120, ts: '2026-11-22T08:00:00' },
        { type: 'medicine', medicine: 'Dalsy', amount: 2.5, unit: 'ml', ts: '2026-11-22T12:00:00' },
        { type: 'solid', foods: ['peanut butter'], ts: '2026-11-22T12:30:00' },
      ]) {
        const r = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
        assert.equal(r.status, 200, `${JSON.stringify(body)}: ${r.text}`);
      }
      await save(t, f, { language: 'es' });
      const report = async (cred: { token: string }, lang?: string) => {
        const r = await call(t.app, 'GET', '/api/vega/report?from=2026-11-22&to=2026-11-22', undefined, { token: cred.token, headers: lang ? { 'accept-language': lang } : {} });
        assert.equal(r.status, 200, r.text);
        return r.body;
      };
      const es = await report(f, 'de');
      const en = await report(bea);
      const { text: esText, ...esData } = es;
      const { text: enText, ...enData } = en;
      assert.deepEqual(esData, enData, 'the same figures');

      assert.equal(esText.locale, 'es-ES');
      assert.equal(esText.title, 'Ada: 22 nov 2026 – 22 nov 2026');
      assert.deepEqual(esText.headings, { days: 'Día a día', health: 'Temperaturas, medicamentos dados e hitos', growth: 'Crecimiento', solids: 'Sólidos', notes: 'Notas' });
      assert.equal(esText.columns.centile, 'Percentil OMS');
      assert.match(esText.intro, /^Lo que la familia registró en Baby Tracker\. Horas locales \(un día\)\. Generado el 22 nov 2026 a las 18:00\.$/);
      const day = esText.days[0];
      assert.equal(day.label, 'dom, 22 nov 2026');
      assert.deepEqual(day.temperatures, ['10:05 38,2 °C / 100,8 °F (oído)']);
      assert.deepEqual(day.medicines, [`12:00 Dalsy 2,5 ml (${f.username})`]);
      assert.deepEqual(esText.measurements, [{ date: '22 nov 2026', measure: 'Peso', value: '7,1 kg', centile: es.growth.measurements[0].percentile.toFixed(1).replace('.', ',').replace(/,0$/, '') }]);
      assert.equal(esText.empty.notes, 'Ninguna nota en este periodo.');

      assert.equal(enText.title, 'Ada: 22 Nov 2026 to 22 Nov 2026');
      assert.equal(enText.headings.growth, 'Growth');
      assert.deepEqual(enText.days[0].temperatures, ['10:05 38.2°C / 100.8°F (ear)']);
      assert.deepEqual(enText.measurements.map((m: any) => [m.measure, m.value]), [['Weight', '7.1 kg']]);
      assert.equal((await report(bea, 'es-MX,es;q=0.9')).text.headings.growth, 'Crecimiento', 'none saved: the browser’s');
    });
  });
}
