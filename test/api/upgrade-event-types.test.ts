// Upgrading a database as release 1.2.0 left it (migrations up to 013_children: a year of one
// child's history and a second child with a log of its own) to this release (issue 26), on both
// databases: every row of every table is still there with every value it had, the new columns
// are null on every old event, and the upgraded family then logs the new types for either
// child, keeps its own medicine settings, and sees them in live status.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { testDatabases } from '../helpers/databases.ts';
import { insertRows, rowCounts, databaseAt, type LegacyDb } from '../helpers/legacy-db.ts';
import { migrate, migratorFor } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { call, testConfig } from '../helpers/app.ts';
import { FAMILY, LAST_MIGRATION, NOW, TOKEN, secretHashes, seedRelease110 } from '../fixtures/upgrade/release-1.1.0.ts';

const RELEASE_120_LAST = '013_children';
const TABLES = ['families', 'children', 'users', 'sessions', 'tokens', 'invites', 'events', 'feed_timers', 'recipes', 'notes', 'idempotency_keys', 'counters', 'analytics_events', 'password_resets', 'schema_releases'];
const OLD_EVENT_COLUMNS = ['family_id', 'child_id', 'id', 'ts', 'at', 'zone', 'type', 'author', 'ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'reactions', 'side', 'duration_min', 'last_side', 'created_at'];
const SECOND_CHILD = 'c0ffee000002';

async function eventDump(l: LegacyDb): Promise<string[]> {
  const rows = await sql<Record<string, unknown>>`select ${sql.join(OLD_EVENT_COLUMNS.map((c) => sql.ref(c)))} from events order by family_id, id`.execute(l.db.kysely);
  // Numbers as numbers (PostgreSQL returns bigint as text): the values, not the driver's types.
  return rows.rows.map((r) => JSON.stringify(OLD_EVENT_COLUMNS.map((c) => (r[c] === null || typeof r[c] === 'string' && !/^-?\d+(\.\d+)?$/.test(r[c] as string) ? r[c] : Number(r[c])))));
}

for (const d of testDatabases()) {
  describe(`upgrading a database made by release 1.2.0 [${d.name}]`, { skip: d.skip }, () => {
    let l: LegacyDb;
    let counts: Record<string, number>;
    let events: string[];
    let applied: string[];
    before(async () => {
      l = await databaseAt(d.name, LAST_MIGRATION);
      await seedRelease110(l.db.kysely, { password: 'not-used', ...secretHashes() });
      const { error } = await migratorFor(l.db).migrateTo(RELEASE_120_LAST);
      if (error) throw error;
      // What 1.2.0 added: a second child, with events of its own.
      await insertRows(l.db, 'children', [{ family_id: FAMILY, id: SECOND_CHILD, name: 'Ben', name_key: 'ben', dob: '2026-09-01', gender: 'boy', archived: 0, created_at: NOW - 86_400_000 }]);
      await insertRows(l.db, 'events', [
        { family_id: FAMILY, child_id: SECOND_CHILD, id: 'b0000001', ts: '2026-11-25T08:00:00', at: Date.parse('2026-11-25T08:00:00Z'), zone: 'Europe/London', type: 'milk', author: 'mum', ml: 0, side: 'left', duration_min: 12, created_at: NOW },
        { family_id: FAMILY, child_id: SECOND_CHILD, id: 'b0000002', ts: '2026-11-25T09:00:00', at: Date.parse('2026-11-25T09:00:00Z'), zone: 'Europe/London', type: 'nappy', author: 'Gran', kind: 'wet', created_at: NOW },
      ]);
      counts = await rowCounts(l.db, TABLES);
      events = await eventDump(l);
      applied = await migrate(l.db);
    });
    after(async () => l?.drop());

    test('only this release’s migrations apply; every row and every old value is still there; the new columns are null', async () => {
      assert.deepEqual(applied, ['014_more_event_types', '015_timezone_set_at', '016_notifications', '017_home_assistant', '018_outbox_outlives_family', '019_caregiver_preferences']);
      const after_ = await rowCounts(l.db, TABLES);
      assert.deepEqual({ ...after_, schema_releases: counts.schema_releases }, counts);
      assert.equal(after_.schema_releases, counts.schema_releases! + 6, 'the new migrations are recorded with their release');
      // Issue 27: no family has set its zone since the upgrade.
      const set = await sql<{ n: number | string }>`select count(*) as n from families where timezone_set_at is not null`.execute(l.db.kysely);
      assert.equal(Number(set.rows[0]!.n), 0);
      assert.ok(counts.events! > 7_000, `${counts.events} events`);
      assert.deepEqual(await eventDump(l), events);
      const filled = await sql<{ n: number | string }>`
        select count(*) as n from events where celsius is not null or method is not null or medicine is not null or amount is not null or unit is not null or title is not null`.execute(l.db.kysely);
      assert.equal(Number(filled.rows[0]!.n), 0);
      assert.deepEqual(await rowCounts(l.db, ['medicines']), { medicines: 0 }, 'no medicine settings are invented');
    });

    test('the upgraded family logs the new types for either child, keeps its own medicine settings and sees them live', async () => {
      const app = await buildApp({ db: l.db, config: testConfig({ DATABASE_URL: l.url }), clock: () => NOW });
      try {
        const tok = { token: TOKEN };
        const saved = await call(app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4 }, tok);
        assert.equal(saved.status, 200, saved.text);
        const dose = await call(app, 'POST', '/api/vega/log', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-25T10:00:00', child: SECOND_CHILD }, tok);
        assert.equal(dose.status, 200, dose.text);
        assert.equal(dose.body.event.child_id, SECOND_CHILD);
        assert.equal(dose.body.event.medicine, 'Calpol');
        const temp = await call(app, 'POST', '/api/vega/log', { type: 'temperature', celsius: 37.4, ts: '2026-11-25T10:05:00' }, tok);
        assert.equal(temp.status, 200, temp.text);
        const ben = await call(app, 'GET', `/api/vega/events?date=2026-11-25&child=${SECOND_CHILD}`, undefined, tok);
        assert.deepEqual(ben.body.events.map((e: any) => [e.id.length, e.type, e.celsius, e.medicine]), [
          [8, 'milk', null, null],
          [8, 'nappy', null, null],
          [8, 'medicine', null, 'Calpol'],
        ]);
        const ada = await call(app, 'GET', '/api/vega/today', undefined, tok);
        assert.equal(ada.body.events.find((e: any) => e.id === temp.body.event.id).celsius, 37.4);
        assert.ok(ada.body.events.length >= 10, `the first child’s morning is still there: ${ada.body.events.length}`);
      } finally {
        await app.close();
      }
    });
  });
}
