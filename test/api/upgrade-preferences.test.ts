// Upgrading a database release 1.5.0 left (its last migration: 018) to caregiver preferences
// (migration 019, issue 39): every caregiver keeps every value of their row, with no language,
// clock or week start chosen; their credentials still work; their texts are in English until
// they choose, or their browser asks, otherwise. Both databases.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { databaseAt, rowCounts, type LegacyDb } from '../helpers/legacy-db.ts';
import { migrate, migratorFor } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { call, testConfig } from '../helpers/app.ts';
import { FAMILY, LAST_MIGRATION, NOW, TOKEN, secretHashes, seedRelease110 } from '../fixtures/upgrade/release-1.1.0.ts';

const TABLES = ['families', 'users', 'sessions', 'tokens', 'events', 'children'];

for (const d of testDatabases()) {
  describe(`upgrade of a 1.5.0 database to caregiver preferences [${d.name}]`, { skip: d.skip }, () => {
    let l: LegacyDb;
    after(async () => l?.drop());

    test('019 keeps every caregiver and value; nothing chosen; the token works and answers in the browser’s language', async () => {
      l = await databaseAt(d.name, LAST_MIGRATION);
      await seedRelease110(l.db.kysely, { password: 'not-used', ...secretHashes() });
      const { error } = await migratorFor(l.db).migrateTo('018_outbox_outlives_family');
      if (error) throw error;
      const before = await l.db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
      const counts = await rowCounts(l.db, TABLES);
      assert.ok(before.length > 0);

      assert.deepEqual(await migrate(l.db), ['019_caregiver_preferences']);

      const afterRows = await l.db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
      assert.deepEqual(afterRows, before.map((u) => ({ ...u, language: null, hour_cycle: null, week_start: null })));
      assert.deepEqual(await rowCounts(l.db, TABLES), counts);

      const app = await buildApp({ db: l.db, config: testConfig({ DATABASE_URL: l.url }), clock: () => NOW });
      try {
        const tok = { token: TOKEN };
        const prefs = await call(app, 'GET', '/api/vega/preferences', undefined, tok);
        assert.equal(prefs.status, 200, prefs.text);
        assert.deepEqual([prefs.body.language, prefs.body.hour_cycle, prefs.body.week_start], [null, null, null]);
        const live = await call(app, 'GET', '/api/vega/live', undefined, tok);
        assert.equal(live.status, 200, live.text);
        const saved = await call(app, 'POST', '/api/vega/preferences', { language: 'nl' }, tok);
        assert.equal(saved.body.language, 'nl');
        const refused = await call(app, 'GET', '/api/vega/live?child=nobody', undefined, tok);
        assert.equal(refused.status, 404);
        const family = await l.db.kysely.selectFrom('users').select('language').where('family_id', '=', FAMILY).where('language', '=', 'nl').execute();
        assert.equal(family.length, 1, 'saved on the caregiver’s own row only');
      } finally {
        await app.close();
      }
    });
  });
}
