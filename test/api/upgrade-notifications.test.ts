// Upgrading a database as release 1.3.0 left it (migrations up to 015_timezone_set_at: a year of
// one child's history, a second child, the new event types, medicine settings, a family that set
// its zone) to this release (issues 28, 29 and 37), on both databases: only 016_notifications,
// 017_home_assistant, 018_outbox_outlives_family and 019_caregiver_preferences apply, every row of every old table is still there with every value it had,
// no family has a webhook, a reminder or Home Assistant it did not ask for, and the upgraded
// family then uses the new routes.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { testDatabases } from '../helpers/databases.ts';
import { insertRows, rowCounts, databaseAt, type LegacyDb } from '../helpers/legacy-db.ts';
import { migrate, migratorFor } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { call, testConfig } from '../helpers/app.ts';
import { FAMILY, LAST_MIGRATION, NOW, TOKEN, secretHashes, seedRelease110 } from '../fixtures/upgrade/release-1.1.0.ts';

const RELEASE_130_LAST = '015_timezone_set_at';
const TABLES = ['families', 'children', 'users', 'sessions', 'tokens', 'invites', 'events', 'feed_timers', 'recipes', 'medicines', 'notes', 'idempotency_keys', 'counters', 'analytics_events', 'password_resets', 'schema_releases'];
const NEW_TABLES = ['webhooks', 'webhook_deliveries', 'outbox', 'push_subscriptions', 'service_keys', 'reminder_settings', 'reminders_sent', 'home_assistant'];
const SECOND_CHILD = 'c0ffee000002';

/** Every column of every row of a table, numbers as numbers (PostgreSQL returns bigint as text). */
// Columns the upgrade adds to old tables (checked on their own below).
const ADDED_COLUMNS = new Set(['webhooks_on', 'ha_on', 'language', 'hour_cycle', 'week_start']);

async function dump(l: LegacyDb, table: string): Promise<string[]> {
  const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(l.db.kysely);
  const norm = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
  return rows.rows
    .map((r) => JSON.stringify(Object.keys(r).filter((c) => !ADDED_COLUMNS.has(c)).sort().map((c) => [c, norm(r[c])])))
    .sort();
}

for (const d of testDatabases()) {
  describe(`upgrading a database made by release 1.3.0 [${d.name}]`, { skip: d.skip }, () => {
    let l: LegacyDb;
    let counts: Record<string, number>;
    const before_: Record<string, string[]> = {};
    let applied: string[];
    before(async () => {
      l = await databaseAt(d.name, LAST_MIGRATION);
      await seedRelease110(l.db.kysely, { password: 'not-used', ...secretHashes() });
      const { error } = await migratorFor(l.db).migrateTo(RELEASE_130_LAST);
      if (error) throw error;
      // What 1.2.0 and 1.3.0 added: a second child, the new event types, medicine settings, a zone set.
      await insertRows(l.db, 'children', [{ family_id: FAMILY, id: SECOND_CHILD, name: 'Ben', name_key: 'ben', dob: '2026-09-01', gender: 'boy', archived: 0, created_at: NOW - 86_400_000 }]);
      await insertRows(l.db, 'events', [
        { family_id: FAMILY, child_id: SECOND_CHILD, id: 'b0000001', ts: '2026-11-25T08:00:00', at: Date.parse('2026-11-25T08:00:00Z'), zone: 'Europe/London', type: 'temperature', author: 'mum', celsius: 37.9, method: 'ear', created_at: NOW },
        { family_id: FAMILY, child_id: SECOND_CHILD, id: 'b0000002', ts: '2026-11-25T09:00:00', at: Date.parse('2026-11-25T09:00:00Z'), zone: 'Europe/London', type: 'medicine', author: 'Gran', medicine: 'Calpol', amount: 2.5, unit: 'ml', created_at: NOW },
        { family_id: FAMILY, child_id: SECOND_CHILD, id: 'b0000003', ts: '2026-11-25T10:00:00', at: Date.parse('2026-11-25T10:00:00Z'), zone: 'Europe/London', type: 'milestone', author: 'mum', title: 'First smile', created_at: NOW },
      ]);
      await insertRows(l.db, 'medicines', [{ family_id: FAMILY, name_key: 'calpol', name: 'Calpol', min_hours: 4, max_per_24h: 4, created_at: NOW }]);
      await sql`update families set timezone_set_at = ${NOW - 3600_000}`.execute(l.db.kysely);
      counts = await rowCounts(l.db, TABLES);
      for (const t of TABLES) before_[t] = await dump(l, t);
      applied = await migrate(l.db);
    });
    after(async () => l?.drop());

    test('only 016_notifications, 017_home_assistant, 018_outbox_outlives_family and 019_caregiver_preferences apply; every row and value is kept; nothing is switched on for anyone', async () => {
      assert.deepEqual(applied, ['016_notifications', '017_home_assistant', '018_outbox_outlives_family', '019_caregiver_preferences']);
      const after_ = await rowCounts(l.db, TABLES);
      assert.deepEqual({ ...after_, schema_releases: counts.schema_releases }, counts);
      assert.equal(after_.schema_releases, counts.schema_releases! + 4);
      assert.ok(counts.events! > 7_000, `${counts.events} events`);
      for (const t of TABLES.filter((x) => x !== 'schema_releases')) assert.deepEqual(await dump(l, t), before_[t], `table ${t} unchanged`);
      assert.deepEqual(await rowCounts(l.db, NEW_TABLES), Object.fromEntries(NEW_TABLES.map((t) => [t, 0])));
      const on = await sql<{ n: number | string }>`select count(*) as n from families where webhooks_on <> 0 or ha_on <> 0`.execute(l.db.kysely);
      assert.equal(Number(on.rows[0]!.n), 0);
      const chosen = await sql<{ n: number | string }>`select count(*) as n from users where language is not null or hour_cycle is not null or week_start is not null`.execute(l.db.kysely);
      assert.equal(Number(chosen.rows[0]!.n), 0, 'no caregiver has a language chosen for them');
    });

    test('the upgraded family keeps its log and uses reminders, push and webhooks', async () => {
      const app = await buildApp({ db: l.db, config: testConfig({ DATABASE_URL: l.url }), clock: () => NOW });
      try {
        const tok = { token: TOKEN };
        const ben = await call(app, 'GET', `/api/vega/events?date=2026-11-25&child=${SECOND_CHILD}`, undefined, tok);
        assert.deepEqual(ben.body.events.map((e: any) => [e.type, e.celsius, e.medicine, e.title]), [
          ['temperature', 37.9, null, null],
          ['medicine', null, 'Calpol', null],
          ['milestone', null, null, 'First smile'],
        ]);
        const reminders = await call(app, 'GET', '/api/vega/reminders', undefined, tok);
        assert.equal(reminders.status, 200, reminders.text);
        assert.equal(reminders.body.reminders.feed_due.enabled, false, 'no reminder is on until a caregiver turns it on');
        const key = await call(app, 'GET', '/api/vega/push/key', undefined, tok);
        assert.equal(key.status, 200, key.text);
        assert.match(key.body.public_key, /^[A-Za-z0-9_-]{80,}$/);
        const hooks = await call(app, 'GET', '/api/vega/webhooks', undefined, tok);
        assert.equal(hooks.status, 200, hooks.text);
        assert.deepEqual(hooks.body.webhooks, []);
        const ha = await call(app, 'GET', '/api/vega/home-assistant', undefined, tok);
        assert.equal(ha.status, 200, ha.text);
        assert.equal(ha.body.enabled, false, 'Home Assistant is off until an admin turns it on');
        const logged = await call(app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-25T10:30:00' }, tok);
        assert.equal(logged.status, 200, logged.text);
        assert.deepEqual(await rowCounts(l.db, ['outbox']), { outbox: 0 }, 'a family without webhooks or Home Assistant writes nothing to the outbox');
      } finally {
        await app.close();
      }
    });
  });
}
