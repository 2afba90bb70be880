// Live status, patterns and today for the 1.3.0 types over HTTP on both databases: the urgent
// fever alert by age (UK in °C, US in °F) and its clearing, medicines given by two caregivers
// against the family's own 4-hour setting (the second dose logged with a warning, never
// blocked) and a change of that setting reaching live status with no new event, tummy time
// today, pumped ml per day and per-type counts. Times are in November (London on GMT, so "Z"
// instants and family-local times read the same).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, joinFamily, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';

const UK_URGENT = 'call NHS 111 or your GP now; 999 in an emergency';
const US_URGENT = "call your child's pediatrician now; 911 in an emergency";

for (const d of testDatabases()) {
  describe(`live status and patterns for the new types [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => {
      await t?.close();
    });

    /** GET /live at local time `local` (London, GMT). */
    async function liveAt(token: string, local: string) {
      t.clock.set(`${local}Z`);
      const r = await call(t.app, 'GET', '/api/vega/live', undefined, { token });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.now, local);
      return r.body;
    }

    /** Logs at local time `local` with the clock there; returns the whole answer. */
    async function logAt(token: string, local: string, body: Record<string, unknown>) {
      t.clock.set(`${local}Z`);
      const r = await call(t.app, 'POST', '/api/vega/log', { ts: local, ...body }, { token });
      assert.equal(r.status, 200, r.text);
      return r.body;
    }

    describe('the urgent fever alert', () => {
      test('a 6-week-old at 38.2 °C: urgent, the NHS signposting, ahead of the overdue feed; the log answer says it too', async () => {
        t.clock.set('2026-11-22T06:00:00Z');
        // Born 2026-10-11: 42 days old on the 22nd.
        const f = await signUp(t.app, { dob: '2026-10-11', baby_name: 'Ada' });
        await logAt(f.token, '2026-11-22T06:00:00', { type: 'milk', ml: 90 });
        const before_ = await liveAt(f.token, '2026-11-22T11:00:00');
        assert.equal(before_.alert_level, 'warn', 'five hours since a feed in the first months');
        assert.equal(before_.temperature, null);

        const logged = await logAt(f.token, '2026-11-22T11:05:00', { type: 'temperature', celsius: 38.2, method: 'armpit' });
        assert.equal(logged.live.alert_level, 'urgent');
        const l = await liveAt(f.token, '2026-11-22T11:20:00');
        assert.equal(l.alert_level, 'urgent');
        assert.equal(
          l.alert_msg,
          `Ada's temperature was 38.2 °C (armpit) at 11:05, 15 min ago. Under 3 months, a temperature of 38 °C or higher is a reason to get medical advice urgently: ${UK_URGENT}.`,
        );
        assert.deepEqual(l.temperature, {
          celsius: 38.2, fahrenheit: 100.8, method: 'armpit', ts: '2026-11-22T11:05:00', minutes_ago: 15, urgent: true, message: l.alert_msg,
        });

        // A later, lower reading clears it: the last reading and its time, and the usual alerts again.
        await logAt(f.token, '2026-11-22T11:40:00', { type: 'temperature', celsius: 37.2, method: 'armpit' });
        const cleared = await liveAt(f.token, '2026-11-22T11:45:00');
        assert.equal(cleared.alert_level, 'warn');
        assert.doesNotMatch(cleared.alert_msg, /111|temperature/);
        assert.deepEqual(cleared.temperature, {
          celsius: 37.2, fahrenheit: 99, method: 'armpit', ts: '2026-11-22T11:40:00', minutes_ago: 5, urgent: false,
          message: "Ada's temperature was 37.2 °C (armpit) at 11:40, 5 min ago.",
        });
      });

      test('a 7-month-old at 38.2 °C: the reading and its time, no alert', async () => {
        t.clock.set('2026-11-22T08:00:00Z');
        // Born 2026-04-20: 216 days (7.1 months).
        const f = await signUp(t.app, { dob: '2026-04-20', baby_name: 'Ben' });
        await logAt(f.token, '2026-11-22T08:00:00', { type: 'milk', ml: 180 });
        await logAt(f.token, '2026-11-22T09:00:00', { type: 'temperature', celsius: 38.2 });
        const l = await liveAt(f.token, '2026-11-22T09:30:00');
        assert.notEqual(l.alert_level, 'urgent');
        assert.equal(l.alert_msg === null || !/111|999/.test(l.alert_msg), true);
        assert.deepEqual(l.temperature, {
          celsius: 38.2, fahrenheit: 100.8, method: null, ts: '2026-11-22T09:00:00', minutes_ago: 30, urgent: false,
          message: "Ben's temperature was 38.2 °C at 09:00, 30 min ago.",
        });
      });

      test('a 4-month-old: 38.5 °C no alert, then 39.1 °C urgent', async () => {
        t.clock.set('2026-11-22T08:00:00Z');
        // Born 2026-07-20: 125 days (4.1 months).
        const f = await signUp(t.app, { dob: '2026-07-20', baby_name: 'Cleo' });
        await logAt(f.token, '2026-11-22T08:00:00', { type: 'milk', ml: 150 });
        await logAt(f.token, '2026-11-22T09:00:00', { type: 'temperature', celsius: 38.5, method: 'ear' });
        const low = await liveAt(f.token, '2026-11-22T09:05:00');
        assert.notEqual(low.alert_level, 'urgent');
        assert.equal(low.temperature.urgent, false);
        assert.equal(low.temperature.celsius, 38.5);

        await logAt(f.token, '2026-11-22T09:30:00', { type: 'temperature', celsius: 39.1, method: 'ear' });
        const high = await liveAt(f.token, '2026-11-22T09:35:00');
        assert.equal(high.alert_level, 'urgent');
        assert.equal(
          high.alert_msg,
          `Cleo's temperature was 39.1 °C (ear) at 09:30, 5 min ago. At 3 to 6 months, a temperature of 39 °C or higher is a reason to get medical advice urgently: ${UK_URGENT}.`,
        );
      });

      test('a US family logging 100.8 °F for a 6-week-old: the reading as sent, the US wording', async () => {
        t.clock.set('2026-11-22T14:00:00Z');
        // New York is 5 hours behind in November: 14:00Z is 09:00 there.
        const f = await signUp(t.app, { dob: '2026-10-11', baby_name: 'Dee', region: 'us', units: 'imperial', timezone: 'America/New_York' });
        const logged = await call(t.app, 'POST', '/api/vega/log', { type: 'temperature', fahrenheit: 100.8, method: 'rectal' }, { token: f.token });
        assert.equal(logged.status, 200, logged.text);
        assert.equal(logged.body.event.fahrenheit, 100.8);
        t.clock.set('2026-11-22T14:10:00Z');
        const l = (await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token })).body;
        assert.equal(l.alert_level, 'urgent');
        assert.equal(
          l.alert_msg,
          `Dee's temperature was 100.8 °F (38.2 °C) (rectal) at 9:00 AM, 10 min ago. Under 3 months, a temperature of 100.4 °F (38 °C) or higher is a reason to get medical advice urgently: ${US_URGENT}.`,
        );
        assert.equal(l.temperature.fahrenheit, 100.8);
        assert.equal(l.temperature.celsius, 38.2);
        assert.doesNotMatch(l.alert_msg, /NHS|999/);
      });
    });

    describe('medicines given: two caregivers against the family’s own setting', () => {
      let f: Family;
      let gran: { token: string; username: string };
      before(async () => {
        t.clock.set('2026-11-22T07:00:00Z');
        f = await signUp(t.app, { dob: '2026-05-01', baby_name: 'Eve' });
        gran = await joinFamily(t.app, f, 'Gran');
      });

      test('the second dose 2 hours after the first, against a 4-hour setting: logged, with a warning naming the first dose', async () => {
        const saved = await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4, max_per_24h: 4 }, { token: f.token });
        assert.equal(saved.status, 200, saved.text);
        const first = await logAt(f.token, '2026-11-22T08:00:00', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml' });
        assert.equal(first.warning, null);
        assert.equal(first.live.medicines[0].doses_24h, 1);
        // Warm the live cache: the second log must move it on, not be hidden by it.
        assert.equal((await liveAt(gran.token, '2026-11-22T09:59:00')).medicines[0].not_before, '12:00');

        const second = await logAt(gran.token, '2026-11-22T10:00:00', { type: 'medicine', medicine: 'calpol', amount: 2.5, unit: 'ml' });
        assert.equal(second.status, 'ok');
        assert.equal(second.event.medicine, 'calpol');
        assert.equal(second.warning.type, 'medicine_too_soon');
        assert.match(second.warning.message, new RegExp(`Calpol was last given at 08:00 by ${f.username} \\(2\\.5 ml\\), 2 h before this dose`));
        assert.match(second.warning.message, /at least 4 hours between doses/);

        const expected = {
          name: 'Calpol', last_given_ts: '2026-11-22T10:00:00', last_given_by: 'Gran', last_amount: '2.5 ml', doses_24h: 2,
          min_hours: 4, max_per_24h: 4, not_before: '14:00', not_before_ts: '2026-11-22T14:00:00',
          message: 'Calpol: last given at 10:00 by Gran (2.5 ml); 2 doses in 24 h of your 4; not before 14:00 by your setting.',
        };
        assert.deepEqual(second.live.medicines, [expected]);
        assert.deepEqual((await liveAt(f.token, '2026-11-22T10:00:00')).medicines, [expected]);
        // Both doses are in the log, nothing blocked.
        const today = (await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token })).body;
        assert.deepEqual(today.events.filter((e: any) => e.type === 'medicine').map((e: any) => e.author), [f.username, 'Gran']);
        assert.equal(today.counts.medicine, 2);
      });

      test('a change to the family’s setting reaches live status with no new event (the version moves)', async () => {
        assert.equal((await liveAt(f.token, '2026-11-22T10:30:00')).medicines[0].not_before, '14:00');
        await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 6 }, { token: f.token });
        const six = (await liveAt(f.token, '2026-11-22T10:30:00')).medicines[0];
        assert.equal(six.not_before, '16:00');
        assert.equal(six.max_per_24h, null);
        await call(t.app, 'POST', '/api/vega/medicines/delete', { name: 'Calpol' }, { token: f.token });
        const none = (await liveAt(f.token, '2026-11-22T10:30:00')).medicines[0];
        assert.equal(none.not_before, null);
        assert.equal(none.min_hours, null);
        assert.equal(none.doses_24h, 2);
      });

      test('past the interval, not_before is null again; the next day the doses have left the 24 hours', async () => {
        await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4 }, { token: f.token });
        assert.equal((await liveAt(f.token, '2026-11-22T14:01:00')).medicines[0].not_before, null);
        assert.deepEqual((await liveAt(f.token, '2026-11-23T10:00:01')).medicines, []);
      });

      test('a family with no settings: the doses, no not_before, no warning', async () => {
        t.clock.set('2026-11-22T07:00:00Z');
        const g = await signUp(t.app, { dob: '2026-05-01', baby_name: 'Finn' });
        await logAt(g.token, '2026-11-22T08:00:00', { type: 'medicine', medicine: 'Ibuprofen', amount: 2.5, unit: 'ml' });
        const second = await logAt(g.token, '2026-11-22T09:00:00', { type: 'medicine', medicine: 'Ibuprofen', amount: 2.5, unit: 'ml' });
        assert.equal(second.warning, null);
        const m = (await liveAt(g.token, '2026-11-22T09:30:00')).medicines;
        assert.equal(m.length, 1);
        assert.equal(m[0].doses_24h, 2);
        assert.equal(m[0].not_before, null);
        assert.equal(m[0].not_before_ts, null);
        assert.equal(m[0].message, `Ibuprofen: last given at 09:00 by ${g.username} (2.5 ml); 2 doses in 24 h.`);
      });
    });

    describe('tummy time and pumping', () => {
      test('tummy time sums today for a 4-month-old and is null for a 13-month-old', async () => {
        t.clock.set('2026-11-21T18:00:00Z');
        const f = await signUp(t.app, { dob: '2026-07-20', baby_name: 'Gus' });
        assert.equal((await liveAt(f.token, '2026-11-22T07:00:00')).tummy_time.message.startsWith('No tummy time logged today'), true);
        await logAt(f.token, '2026-11-21T19:00:00', { type: 'activity', kind: 'tummy_time', duration_min: 40 });
        await logAt(f.token, '2026-11-22T08:00:00', { type: 'activity', kind: 'tummy_time', duration_min: 10 });
        await logAt(f.token, '2026-11-22T09:00:00', { type: 'activity', kind: 'bath', duration_min: 15 });
        await logAt(f.token, '2026-11-22T10:00:00', { type: 'activity', kind: 'tummy_time', duration_min: 15 });
        assert.deepEqual((await liveAt(f.token, '2026-11-22T10:30:00')).tummy_time, {
          minutes_today: 25, target_minutes: 30, met: false,
          message: '25 min of tummy time today. WHO suggests at least 30 minutes a day, spread through the day while awake, for babies not yet crawling.',
        });
        const more = await logAt(f.token, '2026-11-22T11:00:00', { type: 'activity', kind: 'tummy_time', duration_min: 5 });
        assert.deepEqual([more.live.tummy_time.minutes_today, more.live.tummy_time.met], [30, true]);

        const older = await signUp(t.app, { dob: '2025-10-20', baby_name: 'Hal' });
        await logAt(older.token, '2026-11-22T11:00:00', { type: 'activity', kind: 'tummy_time', duration_min: 20 });
        assert.equal((await liveAt(older.token, '2026-11-22T11:30:00')).tummy_time, null);
      });

      test('pumped ml per day in patterns, per-type counts in daily totals and in today', async () => {
        t.clock.set('2026-11-21T06:00:00Z');
        const f = await signUp(t.app, { dob: '2026-07-20', baby_name: 'Ivy' });
        await logAt(f.token, '2026-11-21T07:00:00', { type: 'pumping', ml: 120, side: 'both', duration_min: 20 });
        await logAt(f.token, '2026-11-21T15:00:00', { type: 'pumping', ml: 90, side: 'left' });
        await logAt(f.token, '2026-11-22T07:00:00', { type: 'pumping', ml: 100 });
        await logAt(f.token, '2026-11-22T07:30:00', { type: 'milk', ml: 100 });
        await logAt(f.token, '2026-11-22T08:00:00', { type: 'nappy', kind: 'wet' });
        await logAt(f.token, '2026-11-22T08:05:00', { type: 'milestone', title: 'first smile' });
        t.clock.set('2026-11-22T09:00:00Z');
        const p = await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: f.token });
        assert.equal(p.status, 200, p.text);
        const days = p.body.daily_totals as any[];
        const [yesterday, today] = days.slice(-2);
        assert.deepEqual([yesterday.date, yesterday.pumped_ml, yesterday.milk_ml, yesterday.counts], ['2026-11-21', 210, 0, { pumping: 2 }]);
        assert.deepEqual([today.date, today.pumped_ml, today.milk_ml], ['2026-11-22', 100, 100]);
        assert.deepEqual(today.counts, { milk: 1, nappy: 1, pumping: 1, milestone: 1 });
        assert.deepEqual(days[0].counts, {});
        assert.equal(days[0].pumped_ml, 0);

        const r = await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token });
        assert.deepEqual(Object.keys(r.body), ['events', 'counts']);
        assert.deepEqual(r.body.counts, today.counts);
        assert.equal(r.body.events.length, 4);
        const y = await call(t.app, 'GET', '/api/vega/events?date=2026-11-21', undefined, { token: f.token });
        assert.deepEqual(y.body.counts, { pumping: 2 });
        const empty = await call(t.app, 'GET', '/api/vega/events?date=2026-11-01', undefined, { token: f.token });
        assert.deepEqual(empty.body, { events: [], counts: {} });
      });
    });
  });
}
