// Upgrading a database made by release 1.1.0 (a year of history, every kind of row) to this
// release, on both databases (issue 25): every event, note, token and member is still there,
// every event and the running feed belong to the family's primary child, and a one-child
// client asking the same questions gets everything release 1.1.0 answered, with additions only
// (fixtures/upgrade/additive.ts; release 1.2.0 answered them byte for byte)
// (test/fixtures/upgrade: the rows, the requests, and that release's recorded answers).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { testDatabases } from '../helpers/databases.ts';
import { databaseAt, rowCounts, type LegacyDb } from '../helpers/legacy-db.ts';
import { buildApp } from '../../src/http/app.ts';
import { migrate } from '../../src/db/migrate.ts';
import { LAST_MIGRATION, NOW, FAMILY, OTHER_FAMILY, secretHashes, seedRelease110 } from '../fixtures/upgrade/release-1.1.0.ts';
import { askUpgradeRequests, type Answer } from '../fixtures/upgrade/requests.ts';
import { assertAdditive } from '../fixtures/upgrade/additive.ts';
import { testConfig } from '../helpers/app.ts';

const RECORDED: Answer[] = JSON.parse(readFileSync(new URL('../fixtures/upgrade/answers-1.1.0.json', import.meta.url), 'utf8'));
const TABLES = ['families', 'users', 'sessions', 'tokens', 'invites', 'events', 'feed_timers', 'recipes', 'notes', 'idempotency_keys', 'counters', 'analytics_events', 'password_resets'];

for (const d of testDatabases()) {
  describe(`upgrading a database made by release 1.1.0 [${d.name}]`, { skip: d.skip }, () => {
    let l: LegacyDb;
    let before_: Record<string, number>;
    let applied: string[];
    before(async () => {
      l = await databaseAt(d.name, LAST_MIGRATION);
      await seedRelease110(l.db.kysely, { password: 'not-used', ...secretHashes() });
      before_ = await rowCounts(l.db, TABLES);
      applied = await migrate(l.db);
    });
    after(async () => l?.drop());

    test('the migrations of this release apply; every row is still there; each family has one child, its primary child, owning all its events', async () => {
      assert.deepEqual(applied, ['012_schema_releases', '013_children', '014_more_event_types', '015_timezone_set_at', '016_notifications', '017_home_assistant', '018_outbox_outlives_family', '019_caregiver_preferences']);
      assert.deepEqual(await rowCounts(l.db, TABLES), before_);
      assert.ok(before_.events! > 7_000, `${before_.events} events in a year`);
      const children = await sql<{ family_id: string; id: string; name: string; dob: string; gender: string; archived: number }>`
        select family_id, id, name, dob, gender, archived from children order by family_id`.execute(l.db.kysely);
      assert.deepEqual(children.rows.map((c) => [c.family_id, c.name, c.dob, c.gender, Number(c.archived)]), [
        [FAMILY, 'Ada', '2025-11-20', 'girl', 0],
        [OTHER_FAMILY, 'Charles', '2025-11-20', 'girl', 0],
      ]);
      const primaries = await sql<{ id: string; primary_child_id: string }>`select id, primary_child_id from families order by id`.execute(l.db.kysely);
      for (const f of primaries.rows) assert.equal(f.primary_child_id, children.rows.find((c) => c.family_id === f.id)!.id);
      const strays = await sql<{ n: number | string }>`
        select count(*) as n from events e join families f on f.id = e.family_id where e.child_id <> f.primary_child_id`.execute(l.db.kysely);
      assert.equal(Number(strays.rows[0]!.n), 0, 'every event is its family’s primary child’s');
      const timer = await sql<{ child_id: string }>`select child_id from feed_timers`.execute(l.db.kysely);
      assert.deepEqual(timer.rows.map((r) => r.child_id), [children.rows[0]!.id]);
    });

    test('a one-child client gets every answer release 1.1.0 gave, with only additions (1.3.0: new Event fields, CSV columns, export keys)', async () => {
      const app = await buildApp({ db: l.db, config: testConfig({ DATABASE_URL: l.url }), clock: () => NOW });
      try {
        const now = await askUpgradeRequests(app);
        assert.equal(now.length, RECORDED.length);
        for (let i = 0; i < RECORDED.length; i++) assertAdditive(now[i]!, RECORDED[i]!);
      } finally {
        await app.close();
      }
    });
  });
}
