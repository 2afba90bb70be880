// Reminders (issue 28) on both databases: each caregiver's own settings over HTTP (defaults,
// partial updates, every bad input refused naming its field with nothing stored, read-only
// tokens refused), and the scheduler on a fake clock: a feed-due reminder fires once at its
// time with one push row per device of the caregiver and one webhook message per subscribed
// webhook, is cancelled by a feed logged in time, is held through quiet hours; each other kind
// fires on its case; and two passes at once (on PostgreSQL two connections, as two processes)
// fire it once.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, joinFamily, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { connect } from '../../src/db/connect.ts';
import type { Ctx } from '../../src/services/context.ts';
import { runReminders, type FiredReminder } from '../../src/services/notify/reminders.ts';
import { prune } from '../../src/services/housekeeping/prune.ts';

const MIN = 60_000;
const DEFAULTS = {
  reminders: {
    feed_due: { enabled: false, minutes_before: 15 },
    feed_timer: { enabled: false, after_minutes: 45 },
    long_sleep: { enabled: false, after_hours: 14 },
    nothing_logged: { enabled: false, after_hours: 4 },
    vitamin_d: { enabled: false, by: '18:00' },
    medicine: { enabled: false },
  },
  quiet_hours: null,
  push_devices: 0,
};

for (const d of testDatabases()) {
  describe(`reminders [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    const k = () => t.ctx.db.kysely;
    async function idsOf(email: string) {
      const u = await k().selectFrom('users').select(['id', 'family_id']).where('email', '=', email).executeTakeFirstOrThrow();
      return { userId: u.id, familyId: u.family_id };
    }
    async function addDevice(email: string): Promise<string> {
      const { userId, familyId } = await idsOf(email);
      const id = randomBytes(8).toString('hex');
      await k()
        .insertInto('push_subscriptions')
        .values({ id, family_id: familyId, user_id: userId, session_hash: null, token_id: null, endpoint: `https://push.example.com/send/${id}`, p256dh: 'BKey', auth: 'auth', user_agent: null, created_at: t.clock.now })
        .execute();
      return id;
    }
    async function addWebhook(email: string, events: string[], enabled = 1): Promise<string> {
      const { userId, familyId } = await idsOf(email);
      const id = `wh_${randomBytes(6).toString('hex')}`;
      await k()
        .insertInto('webhooks')
        .values({ id, family_id: familyId, url: 'https://hooks.example.com/in', events: JSON.stringify(events), secret: 'whsec_x', created_by: userId, created_at: t.clock.now, enabled, failing_since: null, disabled_at: null, disabled_reason: null })
        .execute();
      return id;
    }
    const outboxOf = async (familyId: string) =>
      (await k().selectFrom('outbox').selectAll().where('family_id', '=', familyId).orderBy('seq').execute()).map((r) => ({ ...r, payload: JSON.parse(r.payload) }));
    const sentOf = async (familyId: string) => k().selectFrom('reminders_sent').selectAll().where('family_id', '=', familyId).execute();
    const mine = (fired: FiredReminder[], familyId: string) => fired.filter((f) => f.family_id === familyId);
    const run = async (familyId: string) => mine(await runReminders(t.ctx, t.clock.now), familyId);
    const set = (f: { token: string }, body: unknown) => call(t.app, 'POST', '/api/vega/reminders', body, { token: f.token });
    const log = async (f: Family, body: Record<string, unknown>) => {
      const r = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
      assert.equal(r.status, 200, r.text);
      return r.body;
    };
    const iso = (ms: number) => new Date(ms).toISOString();
    const hhmm = (localTs: string) => localTs.slice(11, 16);

    test('settings: defaults, partial updates, each caregiver their own, push_devices counted', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app);
      const b = await joinFamily(t.app, f, 'bea');
      const got = await call(t.app, 'GET', '/api/vega/reminders', undefined, { token: f.token });
      assert.equal(got.status, 200, got.text);
      assert.deepEqual(got.body, DEFAULTS);

      const one = await set(f, { reminders: { feed_due: { enabled: true } } });
      assert.equal(one.status, 200, one.text);
      assert.deepEqual(one.body.reminders.feed_due, { enabled: true, minutes_before: 15 });
      const two = await set(f, { reminders: { feed_due: { minutes_before: 30 }, vitamin_d: { by: '17:30' } }, quiet_hours: { start: '22:00', end: '07:00' } });
      assert.equal(two.status, 200, two.text);
      assert.deepEqual(two.body, {
        ...DEFAULTS,
        reminders: { ...DEFAULTS.reminders, feed_due: { enabled: true, minutes_before: 30 }, vitamin_d: { enabled: false, by: '17:30' } },
        quiet_hours: { start: '22:00', end: '07:00' },
      });
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/reminders', undefined, { cookie: f.cookie })).body, two.body, 'the same for the session');
      const empty = await set(f, {});
      assert.deepEqual(empty.body, two.body, 'an empty update changes nothing');
      const cleared = await set(f, { quiet_hours: null });
      assert.equal(cleared.body.quiet_hours, null);
      assert.deepEqual(cleared.body.reminders.feed_due, { enabled: true, minutes_before: 30 });

      // Bea's are her own.
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/reminders', undefined, { token: b.token })).body, DEFAULTS);
      await addDevice(b.email);
      await addDevice(b.email);
      assert.equal((await call(t.app, 'GET', '/api/vega/reminders', undefined, { token: b.token })).body.push_devices, 2);
      assert.equal((await call(t.app, 'GET', '/api/vega/reminders', undefined, { token: f.token })).body.push_devices, 0);
    });

    test('settings: every bad input is a 400 naming the field, and nothing is stored; a read-only token cannot change them', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app);
      const before = (await set(f, { reminders: { long_sleep: { enabled: true, after_hours: 10 } } })).body;
      const cases: [unknown, string, RegExp?][] = [
        [{ reminders: { feed_due: { minutes_before: 121 } } }, 'reminders.feed_due.minutes_before'],
        [{ reminders: { feed_due: { minutes_before: -1 } } }, 'reminders.feed_due.minutes_before'],
        [{ reminders: { feed_due: { minutes_before: 2.5 } } }, 'reminders.feed_due.minutes_before'],
        [{ reminders: { feed_due: { minutes_before: '15' } } }, 'reminders.feed_due.minutes_before'],
        [{ reminders: { feed_due: { enabled: 'yes' } } }, 'reminders.feed_due.enabled'],
        [{ reminders: { feed_timer: { after_minutes: 4 } } }, 'reminders.feed_timer.after_minutes'],
        [{ reminders: { feed_timer: { after_minutes: 241 } } }, 'reminders.feed_timer.after_minutes'],
        [{ reminders: { long_sleep: { after_hours: 0 } } }, 'reminders.long_sleep.after_hours'],
        [{ reminders: { long_sleep: { after_hours: 25 } } }, 'reminders.long_sleep.after_hours'],
        [{ reminders: { nothing_logged: { after_hours: 0 } } }, 'reminders.nothing_logged.after_hours'],
        [{ reminders: { vitamin_d: { by: '6pm' } } }, 'reminders.vitamin_d.by', /HH:MM/],
        [{ reminders: { vitamin_d: { by: '24:00' } } }, 'reminders.vitamin_d.by', /HH:MM/],
        [{ reminders: { medicine: { enabled: null } } }, 'reminders.medicine.enabled'],
        [{ reminders: { feed_due: { enabled: true, soon: true } } }, 'reminders.feed_due', /soon/],
        [{ reminders: { bath: { enabled: true } } }, 'reminders', /bath/],
        [{ reminders: { medicine: { enabled: true, min_hours: 4 } } }, 'reminders.medicine', /min_hours/],
        [{ push_devices: 3 }, '', /push_devices/],
        [{ quiet_hours: { start: '22:00' } }, 'quiet_hours.end'],
        [{ quiet_hours: { start: '7:00', end: '22:00' } }, 'quiet_hours.start', /HH:MM/],
        [{ quiet_hours: { start: '22:00', end: '22:60' } }, 'quiet_hours.end', /HH:MM/],
        [{ quiet_hours: { start: '22:00', end: '22:00' } }, 'quiet_hours.end', /differ/],
        [{ quiet_hours: '22:00-07:00' }, 'quiet_hours'],
        [{ quiet_hours: { start: '22:00', end: '07:00', zone: 'UTC' } }, 'quiet_hours', /zone/],
        [{ reminders: [] }, 'reminders'],
      ];
      for (const [body, field, also] of cases) {
        // A valid change goes with every bad one: it must not be stored either.
        const withGood = typeof body === 'object' && body !== null && !('reminders' in body) ? { ...body, reminders: { feed_due: { enabled: true } } } : body;
        const r = await set(f, withGood);
        assertError(r, 400, undefined, JSON.stringify(body));
        assert.ok(Array.isArray(r.body.detail), `${JSON.stringify(body)}: detail`);
        const locs = r.body.detail.map((x: any) => x.loc.slice(1).join('.'));
        assert.ok(locs.includes(field), `${JSON.stringify(body)}: ${JSON.stringify(locs)} names ${field}`);
        if (field) assert.ok(r.body.message.includes(`${field}:`), `${JSON.stringify(body)}: ${r.body.message}`);
        if (also) assert.match(r.body.message, also, JSON.stringify(body));
      }
      for (const raw of ['[]', '"on"', '{"reminders":']) {
        const r = await t.app.inject({ method: 'POST', url: '/api/vega/reminders', headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/json' }, payload: raw });
        assert.equal(r.statusCode, 400, raw);
        assert.equal(typeof JSON.parse(r.body).message, 'string');
      }
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/reminders', undefined, { token: f.token })).body, before, 'nothing was stored');

      const ro = (await call(t.app, 'POST', '/api/vega/token', { label: 'ro', scopes: ['read'] }, { cookie: f.cookie })).body.token;
      assertError(await set({ token: ro }, { reminders: { feed_due: { enabled: true } } }), 403, 'insufficient_scope');
      const read = await call(t.app, 'GET', '/api/vega/reminders', undefined, { token: ro });
      assert.equal(read.status, 200);
      assert.deepEqual(read.body, before);
      assertError(await call(t.app, 'GET', '/api/vega/reminders'), 401);
    });

    test('feed due fires once at its time: one push per device of each caregiver, one message per subscribed webhook', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app);
      const b = await joinFamily(t.app, f, 'bea');
      const { userId, familyId } = await idsOf(f.email);
      const bIds = await idsOf(b.email);
      const logged = await log(f, { type: 'milk', ml: 120 });
      const next: string = logged.live.next_feed_at;
      assert.ok(next, 'live times the next feed');
      const interval: number = logged.live.feed_interval_minutes;
      const dueFeedAt = Date.parse(`${next}Z`); // Europe/London in November is UTC
      assert.equal((await set(f, { reminders: { feed_due: { enabled: true, minutes_before: 15 } } })).status, 200);
      assert.equal((await set(b, { reminders: { feed_due: { enabled: true, minutes_before: 5 } } })).status, 200);
      const devices = [await addDevice(f.email), await addDevice(f.email)];
      const bDevice = await addDevice(b.email);
      const hook = await addWebhook(f.email, ['reminder.fired', 'event.created']);
      await addWebhook(f.email, ['event.created']);
      await addWebhook(f.email, ['reminder.fired'], 0);

      t.clock.set(iso(dueFeedAt - 15 * MIN - 1000));
      assert.deepEqual(await run(familyId), [], 'not before its time');
      t.clock.set(iso(dueFeedAt - 15 * MIN));
      const fired = await run(familyId);
      const childId = (await call(t.app, 'GET', '/api/vega/children', undefined, { token: f.token })).body.children[0].id;
      const occurrence = `feed_due:${childId}:${Date.parse('2026-11-22T12:00:00Z')}`;
      const line = `Feed due at ${hhmm(next)} (usually every ${interval % 60 === 0 ? `${interval / 60} h` : `${Math.floor(interval / 60)} h ${interval % 60} min`})`;
      assert.equal(fired.length, 1, JSON.stringify(fired));
      assert.deepEqual(fired[0], {
        family_id: familyId, child_id: childId, user_id: userId, caregiver: f.username, kind: 'feed_due', occurrence, line,
        due_at: dueFeedAt - 15 * MIN, push: 2, webhooks: 1,
      });
      assert.deepEqual(await run(familyId), [], 'once');
      t.clock.set(iso(dueFeedAt - 5 * MIN - 1000));
      assert.deepEqual(await run(familyId), []);
      t.clock.set(iso(dueFeedAt - 5 * MIN));
      const bFired = await run(familyId);
      assert.deepEqual(bFired.map((x) => [x.user_id, x.occurrence, x.push, x.webhooks]), [[bIds.userId, occurrence, 1, 1]], "Bea's own, at her own lead time");
      t.clock.advance(30 * MIN);
      assert.deepEqual(await run(familyId), []);

      const out = await outboxOf(familyId);
      const push = out.filter((r) => r.kind === 'push');
      assert.deepEqual(push.map((r) => r.target_id).sort(), [...devices, bDevice].sort());
      for (const r of push) {
        assert.equal(r.event_type, 'reminder');
        assert.deepEqual(r.payload, { title: 'Ada', body: line, tag: occurrence }, 'the first name and the line, nothing else');
      }
      const hooks = out.filter((r) => r.kind === 'webhook');
      assert.deepEqual(hooks.map((r) => r.target_id), [hook, hook], 'only the enabled webhook that takes reminder.fired, once per caregiver');
      assert.deepEqual(hooks[0]!.payload, {
        type: 'reminder.fired',
        timestamp: iso(dueFeedAt - 15 * MIN),
        data: { family_id: familyId, child_id: childId, reminder: { kind: 'feed_due', line, due_at: iso(dueFeedAt - 15 * MIN) }, caregiver: f.username },
      });
      assert.notEqual(hooks[0]!.message_id, hooks[1]!.message_id);
      assert.equal((await sentOf(familyId)).length, 2);

      // Kept a week, then pruned.
      t.clock.advance(7 * 24 * 60 * MIN + MIN);
      assert.ok((await prune(k(), t.clock.now)).reminders_sent >= 2);
      assert.equal((await sentOf(familyId)).length, 0);
    });

    test('a feed logged before the reminder is due cancels it; the next feed gets its own', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app);
      const { familyId } = await idsOf(f.email);
      await set(f, { reminders: { feed_due: { enabled: true, minutes_before: 10 } } });
      await addDevice(f.email);
      const first = await log(f, { type: 'milk', ml: 120 });
      const due1 = Date.parse(`${first.live.next_feed_at}Z`);
      t.clock.set(iso(due1 - 30 * MIN));
      assert.deepEqual(await run(familyId), []);
      const second = await log(f, { type: 'milk', ml: 100 });
      const due2 = Date.parse(`${second.live.next_feed_at}Z`);
      assert.ok(due2 > due1);
      t.clock.set(iso(due1 - 10 * MIN));
      assert.deepEqual(await run(familyId), [], 'the first feed\'s reminder never fires');
      t.clock.set(iso(due1 + 5 * MIN));
      assert.deepEqual(await run(familyId), []);
      t.clock.set(iso(due2 - 10 * MIN));
      const fired = await run(familyId);
      assert.equal(fired.length, 1);
      assert.equal(fired[0]!.occurrence, `feed_due:${fired[0]!.child_id}:${due1 - 30 * MIN}`, 'keyed by the second feed');
      assert.equal((await outboxOf(familyId)).length, 1);
    });

    test('quiet hours hold a reminder due in the night; it fires once when they end', async () => {
      t.clock.set('2026-11-22T21:00:00Z');
      const f = await signUp(t.app);
      const { familyId } = await idsOf(f.email);
      await set(f, { reminders: { feed_due: { enabled: true, minutes_before: 0 } }, quiet_hours: { start: '22:00', end: '07:00' } });
      await addDevice(f.email);
      const fed = await log(f, { type: 'milk', ml: 120 });
      const due = Date.parse(`${fed.live.next_feed_at}Z`);
      assert.ok(due > Date.parse('2026-11-22T22:00:00Z') && due < Date.parse('2026-11-23T07:00:00Z'), fed.live.next_feed_at);
      for (const at of [due, due + 60 * MIN, Date.parse('2026-11-23T06:59:45Z')]) {
        t.clock.set(iso(at));
        assert.deepEqual(await run(familyId), [], `held at ${iso(at)}`);
      }
      t.clock.set('2026-11-23T07:00:00Z');
      const fired = await run(familyId);
      assert.equal(fired.length, 1);
      assert.equal(fired[0]!.line, `Feed due at ${hhmm(fed.live.next_feed_at)} (usually every ${fired[0]!.line.split('every ')[1]}`);
      assert.equal(fired[0]!.due_at, due);
      t.clock.set('2026-11-23T07:00:15Z');
      assert.deepEqual(await run(familyId), []);
      assert.equal((await outboxOf(familyId)).length, 1);
    });

    test('feed timer, long sleep, nothing logged, vitamin D and medicine each fire on their case', async () => {
      // Feed timer still running after 45 minutes.
      t.clock.set('2026-11-22T12:00:00Z');
      const a = await signUp(t.app);
      const aIds = await idsOf(a.email);
      assert.equal((await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, { token: a.token })).status, 200);
      await set(a, { reminders: { feed_timer: { enabled: true, after_minutes: 45 } } });
      t.clock.set('2026-11-22T12:44:59Z');
      assert.deepEqual(await run(aIds.familyId), []);
      t.clock.set('2026-11-22T12:50:00Z');
      assert.deepEqual((await run(aIds.familyId)).map((x) => [x.kind, x.line]), [['feed_timer', 'Feed timer still running: 50 min']]);
      assert.deepEqual(await run(aIds.familyId), []);

      // A sleep open for 2 hours.
      t.clock.set('2026-11-22T12:00:00Z');
      const s = await signUp(t.app);
      const sIds = await idsOf(s.email);
      await log(s, { type: 'sleep' });
      await set(s, { reminders: { long_sleep: { enabled: true, after_hours: 2 } } });
      t.clock.set('2026-11-22T13:59:00Z');
      assert.deepEqual(await run(sIds.familyId), []);
      t.clock.set('2026-11-22T14:00:00Z');
      assert.deepEqual((await run(sIds.familyId)).map((x) => [x.kind, x.line]), [['long_sleep', 'Asleep for 2 h — was a wake-up missed?']]);

      // Nothing logged for 4 hours, by day.
      t.clock.set('2026-11-22T09:00:00Z');
      const n = await signUp(t.app);
      const nIds = await idsOf(n.email);
      await log(n, { type: 'nappy', kind: 'wet' });
      await set(n, { reminders: { nothing_logged: { enabled: true, after_hours: 4 } } });
      t.clock.set('2026-11-22T12:59:00Z');
      assert.deepEqual(await run(nIds.familyId), []);
      t.clock.set('2026-11-22T13:00:00Z');
      assert.deepEqual((await run(nIds.familyId)).map((x) => [x.kind, x.line]), [['nothing_logged', 'Nothing logged for 4 h']]);

      // Vitamin D, for a breastfed baby, by 18:00; not for a family that gave it.
      t.clock.set('2026-11-22T09:00:00Z');
      const v = await signUp(t.app);
      const vIds = await idsOf(v.email);
      const gave = await signUp(t.app);
      const gIds = await idsOf(gave.email);
      for (const fam of [v, gave]) {
        const bf = await log(fam, { type: 'milk', ml: 0, side: 'left', duration_min: 10 });
        assert.equal(bf.live.supplement_log.vitd.relevant, true);
        await set(fam, { reminders: { vitamin_d: { enabled: true, by: '18:00' } } });
      }
      await log(gave, { type: 'supplement', kind: 'vitd', ug: 10 });
      t.clock.set('2026-11-22T17:59:00Z');
      assert.deepEqual(await run(vIds.familyId), []);
      t.clock.set('2026-11-22T18:00:00Z');
      const vd = await run(vIds.familyId);
      assert.deepEqual(vd.map((x) => [x.kind, x.line, x.occurrence]), [['vitamin_d', 'Vitamin D not given yet today', `vitamin_d:${vd[0]?.child_id}:2026-11-22`]]);
      assert.deepEqual(await run(gIds.familyId), [], 'given today: nothing');

      // A medicine whose family minimum interval has passed.
      t.clock.set('2026-11-22T14:05:00Z');
      const m = await signUp(t.app);
      const mIds = await idsOf(m.email);
      assert.equal((await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4 }, { token: m.token })).status, 200);
      await log(m, { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml' });
      await set(m, { reminders: { medicine: { enabled: true } } });
      t.clock.set('2026-11-22T18:04:00Z');
      assert.deepEqual(await run(mIds.familyId), []);
      t.clock.set('2026-11-22T18:05:00Z');
      const med = await run(mIds.familyId);
      assert.deepEqual(med.map((x) => [x.kind, x.line]), [['medicine', 'Calpol: 4 h since the last dose at 14:05 (your setting)']]);
      assert.match(med[0]!.occurrence, /^medicine:[0-9a-f]+:calpol:\d+$/);
    });

    test('two passes at once (two connections on PostgreSQL) fire a reminder once', async () => {
      t.clock.set('2026-11-22T12:00:00Z');
      const f = await signUp(t.app);
      const { userId, familyId } = await idsOf(f.email);
      const fed = await log(f, { type: 'milk', ml: 120 });
      await set(f, { reminders: { feed_due: { enabled: true, minutes_before: 15 } } });
      const devices = [await addDevice(f.email), await addDevice(f.email)];
      const other = d.name === 'postgres' ? connect(t.config.databaseUrl) : null;
      const ctx2: Ctx = other ? { db: other, config: t.config, clock: t.ctx.clock } : t.ctx;
      try {
        t.clock.set(iso(Date.parse(`${fed.live.next_feed_at}Z`) - 10 * MIN));
        const [x, y] = await Promise.all([runReminders(t.ctx, t.clock.now), runReminders(ctx2, t.clock.now)]);
        assert.equal(mine(x, familyId).length + mine(y, familyId).length, 1, 'one of the two fired it');
      } finally {
        await other?.close();
      }
      const sent = await sentOf(familyId);
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.user_id, userId);
      const out = await outboxOf(familyId);
      assert.deepEqual(out.map((r) => r.target_id).sort(), [...devices].sort(), 'one push row per device');
    });
  });
}
