// Group commit on the embedded store (src/db/group-commit.ts): write transactions that arrive
// together share one COMMIT, yet each keeps its own outcome. One that fails is rolled back
// alone; the others are durable; nobody hears "done" before the commit. And an event id that
// clashes is drawn again without spoiling the transaction, on both databases; a log reports
// the family's versions around it exactly (what the caches carry the event over by).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { groupCommitOf } from '../../src/db/group-commit.ts';
import { buildApp } from '../../src/http/app.ts';
import { primaryChildScope } from '../../src/services/family/children.ts';
import { FamilyScope } from '../../src/db/family-scope.ts';
import { call, signUp, testConfig } from '../helpers/app.ts';
import { insertWithFreshId, logNewEvent } from '../../src/services/log/event-insert.ts';
import { newEventRow } from '../../src/services/log/event-rows.ts';
import { testDatabases, provisionDatabase } from '../helpers/databases.ts';

describe('group commit on the embedded store', () => {
  test('concurrent logs share commits; each answer is the durable event; a failing transaction is rolled back alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracker-gc-'));
    const file = join(dir, 'tracker.db');
    const config = testConfig({ DATABASE_URL: `sqlite:${file}` });
    const db = connect(config.databaseUrl);
    await migrate(db);
    const app = await buildApp({ db, config, clock: Date.now });
    try {
      const a = await signUp(app);
      const b = await signUp(app);
      const gc = groupCommitOf(db.kysely)!;
      const before = { ...gc.stats };
      const logs = Array.from({ length: 40 }, (_, i) =>
        call(app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', note: `n${i}` }, { token: i % 2 ? a.token : b.token }),
      );
      const res = await Promise.all(logs);
      assert.ok(res.every((r) => r.status === 200), res.map((r) => r.status).join());
      const commits = gc.stats.commits - before.commits;
      const transactions = gc.stats.transactions - before.transactions;
      assert.ok(transactions >= 40 && commits < transactions, `${transactions} transactions in ${commits} commits`);

      // Every acknowledged event is in the file, read by another connection.
      const other = new Database(file, { readonly: true });
      const notes = (other.prepare("select note from events where note like 'n%'").all() as { note: string }[]).map((r) => r.note).sort();
      other.close();
      assert.equal(notes.length, 40);

      // Transactions of one batch: the one that throws leaves nothing behind; the others commit.
      const me = await call(app, 'GET', '/api/me', undefined, { token: a.token });
      const scope = await primaryChildScope(new FamilyScope(db.kysely, me.body.family_id, 'sqlite'));
      const insert = (note: string, fail: boolean) =>
        scope.transaction(async (tx) => {
          const row = newEventRow({ type: 'note', ts: '2026-11-22T10:00:00', at: Date.parse('2026-11-22T10:00:00Z'), zone: 'Europe/London', author: 'x', created_at: Date.now() }, { note });
          await tx.insertIntoLog('events', { id: note.padEnd(8, '0').slice(0, 8), ...row }).execute();
          if (fail) throw new Error(`refused ${note}`);
          return note;
        });
      const outcomes = await Promise.allSettled([insert('gca', false), insert('gcb', true), insert('gcc', false)]);
      assert.deepEqual(outcomes.map((o) => o.status), ['fulfilled', 'rejected', 'fulfilled']);
      assert.match(String((outcomes[1] as PromiseRejectedResult).reason), /refused gcb/);
      const kept = await scope.selectFrom('events').select('note').where('note', 'in', ['gca', 'gcb', 'gcc']).execute();
      assert.deepEqual(kept.map((r) => r.note).sort(), ['gca', 'gcc']);
    } finally {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

for (const d of testDatabases()) {
  describe(`event ids [${d.name}]`, { skip: d.skip }, () => {
    test('a drawn id that is taken is drawn again, in the same transaction, which still commits', async () => {
      const provisioned = await provisionDatabase(d.name, 'current');
      const db = connect(provisioned.url);
      await migrate(db);
      try {
        await db.kysely.insertInto('families').values({ id: 'fam-ids', family_name: 'f', timezone: 'Europe/London', region: 'uk', units: 'metric', plan: 'free', acquisition: null, created_at: 0, primary_child_id: 'kid' }).execute();
        await new FamilyScope(db.kysely, 'fam-ids', db.dialect).insertInto('children', { id: 'kid', name: 'b', name_key: 'b', dob: '2026-01-01', gender: '', archived: 0, created_at: 0 }).execute();
        const scope = await primaryChildScope(new FamilyScope(db.kysely, 'fam-ids', db.dialect));
        const base = newEventRow({ type: 'note', ts: '2026-11-22T10:00:00', at: Date.parse('2026-11-22T10:00:00Z'), zone: 'Europe/London', author: 'x', created_at: 0 }, { note: 'first' });
        await scope.transaction((tx) => insertWithFreshId(tx, base, () => 'aaaaaaaa'));
        const ids = ['aaaaaaaa', 'aaaaaaaa', 'bbbbbbbb'];
        const row = await scope.transaction((tx) => insertWithFreshId(tx, { ...base, note: 'second' }, () => ids.shift()!));
        assert.equal(row.id, 'bbbbbbbb');
        const notes = await scope.selectFrom('events').select(['id', 'note']).orderBy('id').execute();
        assert.deepEqual(notes, [{ id: 'aaaaaaaa', note: 'first' }, { id: 'bbbbbbbb', note: 'second' }]);

        // A log of its own (one statement on PostgreSQL): a clash is drawn again too, and the
        // versions it reports are the family's just before and just after it. A clash inserts
        // nothing and bumps nothing, on either database.
        const version = async () => Number((await scope.family().select('version').executeTakeFirstOrThrow()).version);
        for (const draws of [['cccccccc'], ['aaaaaaaa', 'dddddddd']]) {
          const before = await version();
          const logged = await logNewEvent(scope, { ...base, note: draws.at(-1)! }, () => draws.shift()!);
          assert.equal(logged.row.note, logged.row.id);
          assert.equal(logged.v0, before);
          assert.equal(logged.v1, await version());
          assert.ok(logged.v1 > logged.v0);
        }
        // Logs racing on one family each report a distinct step, in one order.
        const steps = await Promise.all(Array.from({ length: 12 }, (_, i) => logNewEvent(scope, { ...base, note: `race${i}` })));
        const sorted = steps.map((s) => [s.v0, s.v1]).sort((x, y) => x[0]! - y[0]!);
        // One step each, one after another, no gaps: a log writes the family's version once.
        for (let i = 1; i < sorted.length; i++) assert.equal(sorted[i]![0], sorted[i - 1]![1], JSON.stringify(sorted));
        for (const [v0, v1] of sorted) assert.equal(v1, v0! + 1);
        assert.equal(sorted.at(-1)![1], await version());
      } finally {
        await db.close();
        await provisioned.drop();
      }
    });
  });
}
