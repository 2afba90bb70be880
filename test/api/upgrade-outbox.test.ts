// Upgrading a database that release 1.4.0 left with messages still queued (a receiver was down
// when it stopped): migration 018 (the outbox without a foreign key to families) keeps every
// queued row with every value, and the next row takes a sequence number after all of them, so
// order per target and receivers' dedupe ids survive the upgrade. Both databases.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { insertRows, databaseAt, type LegacyDb } from '../helpers/legacy-db.ts';
import { migrate, migratorFor } from '../../src/db/migrate.ts';
import { FAMILY, LAST_MIGRATION, secretHashes, seedRelease110 } from '../fixtures/upgrade/release-1.1.0.ts';

const QUEUED = [1, 2, 3].map((n) => ({
  family_id: FAMILY,
  kind: 'webhook',
  target_id: `wh_${n % 2}`,
  message_id: `msg_upgrade${n}`,
  event_type: 'event.created',
  payload: JSON.stringify({ type: 'event.created', n }),
  created_at: 1_780_000_000_000 + n,
  attempts: n - 1,
  next_attempt_at: 1_780_000_100_000 + n,
  lease_until: n === 3 ? 1_780_000_200_000 : null,
  lease_owner: n === 3 ? 'pid-1' : null,
  last_error: n === 1 ? null : `HTTP 503 (attempt ${n - 1})`,
}));

for (const d of testDatabases()) {
  describe(`upgrade of a 1.4.0 database with queued messages [${d.name}]`, { skip: d.skip }, () => {
    let l: LegacyDb;
    after(async () => l?.drop());

    test('018 keeps every queued row and value; new rows are numbered after them', async () => {
      // A family as release 1.1.0 stored it, brought to 1.4.0's last migration, with its queue.
      l = await databaseAt(d.name, LAST_MIGRATION);
      await seedRelease110(l.db.kysely, { password: 'not-used', ...secretHashes() });
      const { error } = await migratorFor(l.db).migrateTo('017_home_assistant');
      if (error) throw error;
      await insertRows(l.db, 'outbox', QUEUED);
      const before = await l.db.kysely.selectFrom('outbox').selectAll().orderBy('seq').execute();
      assert.equal(before.length, 3);

      // 018 alone, as 1.5.0 applied it (019, caregiver preferences, has a test of its own).
      const upgraded = await migratorFor(l.db).migrateTo('018_outbox_outlives_family');
      if (upgraded.error) throw upgraded.error;
      assert.deepEqual(upgraded.results?.map((r) => r.migrationName), ['018_outbox_outlives_family']);

      const afterRows = await l.db.kysely.selectFrom('outbox').selectAll().orderBy('seq').execute();
      assert.deepEqual(afterRows.map((r) => ({ ...r, attempts: Number(r.attempts), seq: Number(r.seq) })), before.map((r) => ({ ...r, attempts: Number(r.attempts), seq: Number(r.seq) })));
      await insertRows(l.db, 'outbox', [{ ...QUEUED[0]!, message_id: 'msg_after_upgrade' }]);
      const next = await l.db.kysely.selectFrom('outbox').select('seq').where('message_id', '=', 'msg_after_upgrade').executeTakeFirstOrThrow();
      assert.ok(Number(next.seq) > Math.max(...before.map((r) => Number(r.seq))), `seq ${next.seq} follows the queued rows`);
      // The row for a family that no longer exists is now allowed (a deleted family's Home Assistant clearing).
      await insertRows(l.db, 'outbox', [{ ...QUEUED[0]!, family_id: 'gone-family', message_id: 'msg_gone' }]);
      assert.equal((await l.db.kysely.selectFrom('outbox').select('seq').where('family_id', '=', 'gone-family').execute()).length, 1);
    });
  });
}
