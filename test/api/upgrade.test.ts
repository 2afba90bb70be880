// Upgrading a database made by an earlier release (issue 24), on both databases: the release of
// 2026-11-22 (2819d5e, migrations up to 005_token_parent) with every kind of row, migrated to
// this one. People stay signed in (a session made 20 days earlier and in use keeps working:
// that release kept no last use, so the idle clock starts at the upgrade), caregivers whose
// names that release stored unfolded ("Ｇｒａｎ") can be re-roled, reset, removed and can leave,
// nothing is lost, and a database a newer release upgraded is refused naming both releases.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, testConfig, TEST_HASH_COST } from '../helpers/app.ts';
import { databaseAt, insertRows, rowCounts, type LegacyDb } from '../helpers/legacy-db.ts';
import { buildApp } from '../../src/http/app.ts';
import { migrate, migrationStatus, SchemaTooNewError } from '../../src/db/migrate.ts';
import { hashPassword, sha256 } from '../../src/services/access/secrets.ts';
import { RELEASE_VERSION } from '../../src/version.ts';

const DAY = 86_400_000;
const TABLES = ['families', 'users', 'sessions', 'tokens', 'invites', 'events', 'recipes', 'notes', 'idempotency_keys', 'counters', 'analytics_events'];
const FAMILY = 'fam-legacy-1';
const OTHER = 'fam-legacy-2';

interface Person {
  id: string;
  username: string;
  role: 'admin' | 'member';
  session: string;
}

/** The 2819d5e release's rows: two families, members with unfolded names, a year of events. */
async function seedRelease20261122(l: LegacyDb, now: number): Promise<Person[]> {
  const pw = await hashPassword('correct horse', Number(TEST_HASH_COST));
  const family = (id: string, name: string) => ({
    id, family_name: name, baby_name: 'Ada', dob: '2025-11-01', gender: 'girl', timezone: 'Europe/London', region: 'uk', units: 'metric',
    plan: 'free', age_band_targets: '{}', acquisition: null, created_at: now - 400 * DAY,
  });
  await insertRows(l.db, 'families', [family(FAMILY, 'Legacy'), family(OTHER, 'Neighbours')]);
  const people: Person[] = [
    { id: 'u-mum', username: 'mum', role: 'admin', session: 'session-secret-mum-0123456789abcdef' },
    // Stored as typed by a release that did not fold names: full-width letters.
    { id: 'u-gran', username: 'Ｇｒａｎ', role: 'member', session: 'session-secret-gran-0123456789abcdef' },
    // Two names that fold alike, both stored by that release.
    { id: 'u-tom-wide', username: 'Ｔｏｍ', role: 'member', session: 'session-secret-tomw-0123456789abcdef' },
    { id: 'u-tom', username: 'Tom', role: 'member', session: 'session-secret-tom-0123456789abcdefg' },
  ];
  await insertRows(l.db, 'users', people.map((p) => ({
    id: p.id, family_id: FAMILY, email: `${p.id}@example.com`, username: p.username, password_hash: pw, role: p.role, created_at: now - 300 * DAY,
  })));
  await insertRows(l.db, 'users', [{ id: 'u-next', family_id: OTHER, email: 'next@example.com', username: 'next', password_hash: pw, role: 'admin', created_at: now - 300 * DAY }]);
  // Sessions made 20 days ago (and used since, though that release recorded no use), one made
  // 31 days ago (past the 30-day absolute limit, so it has ended whatever happens).
  await insertRows(l.db, 'sessions', people.map((p) => ({
    id_hash: sha256(p.session), family_id: FAMILY, user_id: p.id, created_at: now - 20 * DAY, expires_at: now + 10 * DAY,
  })));
  await insertRows(l.db, 'sessions', [{ id_hash: sha256('session-secret-old-0123456789abcdef0'), family_id: FAMILY, user_id: 'u-mum', created_at: now - 31 * DAY, expires_at: now - DAY }]);
  await insertRows(l.db, 'tokens', [
    { id: 't1', family_id: FAMILY, user_id: 'u-mum', label: 'script', token_hash: sha256('bt_legacy_token_mum_0123456789'), scopes: 'read,write', created_at: now - 100 * DAY, parent_token_id: null },
    { id: 't2', family_id: FAMILY, user_id: 'u-gran', label: 'Ｇｒａｎ', token_hash: sha256('bt_legacy_token_gran_012345678'), scopes: 'read', created_at: now - 50 * DAY, parent_token_id: null },
  ]);
  await insertRows(l.db, 'invites', [{ id: 'i1', family_id: FAMILY, code_hash: sha256('invite-code'), created_by: 'u-mum', created_at: now - DAY, expires_at: now + DAY, used_at: null, used_by: null, revoked_at: null }]);
  // A year of feeds and nappies, a few hundred events.
  const events: Record<string, unknown>[] = [];
  for (let i = 0; i < 365; i++) {
    const at = now - (365 - i) * DAY + 3_600_000;
    const ts = new Date(at).toISOString().slice(0, 19);
    events.push({ family_id: FAMILY, id: (0x10000000 + i).toString(16), ts, at, zone: 'Europe/London', type: i % 3 ? 'milk' : 'nappy', author: i % 2 ? 'mum' : 'Ｇｒａｎ',
      ml: i % 3 ? 120 : null, kind: i % 3 ? null : 'wet', foods: null, meal_type: null, kg: null, cm: null, ug: null, note: i % 50 ? null : 'a note', reactions: null, created_at: at });
  }
  await insertRows(l.db, 'events', events);
  await insertRows(l.db, 'recipes', [{ family_id: FAMILY, name_key: 'porridge', name: 'Porridge', ingredients: '["oats","milk"]', created_at: now - 10 * DAY }]);
  await insertRows(l.db, 'notes', [{ family_id: FAMILY, ts: '2026-11-01T10:00:00', text: 'likes the blue spoon', tags: '[]', created_at: now - 20 * DAY }]);
  await insertRows(l.db, 'idempotency_keys', [{ family_id: FAMILY, key: 'k1', scope: 'log', response: '{}', created_at: now - 1000, request_hash: 'x' }]);
  await insertRows(l.db, 'counters', [{ bucket: 'login:ip:1.2.3.4', window_start: now - 1000, count: 1 }]);
  await insertRows(l.db, 'analytics_events', [{ name: 'app_open', props: '{}', created_at: now - 1000 }]);
  return people;
}

for (const d of testDatabases()) {
  describe(`upgrading a database made by the 2026-11-22 release [${d.name}]`, { skip: d.skip }, () => {
    let l: LegacyDb;
    let app: FastifyInstance;
    let people: Person[];
    let before_: Record<string, number>;
    const now = Date.now();
    const as = (username: string) => ({ cookie: people.find((p) => p.username === username)!.session });

    before(async () => {
      l = await databaseAt(d.name, '005_token_parent');
      people = await seedRelease20261122(l, now);
      before_ = await rowCounts(l.db, TABLES);
      const applied = await migrate(l.db);
      assert.deepEqual(applied.slice(0, 2), ['006_feed_timer', '007_access_lifecycle']);
      app = await buildApp({ db: l.db, config: testConfig({ DATABASE_URL: l.url }), clock: Date.now });
    });
    after(async () => {
      await app?.close();
      await l?.drop();
    });

    test('every row is still there, and every event still reads', async () => {
      assert.deepEqual(await rowCounts(l.db, TABLES), before_);
      const day = new Date(now - 10 * DAY + 3_600_000).toISOString().slice(0, 10);
      const r = await call(app, 'GET', `/api/vega/events?date=${day}`, undefined, as('mum'));
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.events.length, 1);
      const tokens = await call(app, 'GET', '/api/vega/tokens', undefined, { token: 'bt_legacy_token_mum_0123456789' });
      assert.equal(tokens.status, 200, tokens.text);
      assert.deepEqual(tokens.body.tokens.map((t: { label: string }) => t.label).sort(), ['script', 'Ｇｒａｎ'].sort());
    });

    test('a session made 20 days before the upgrade keeps working; one past its absolute limit does not', async () => {
      for (const p of people) {
        const r = await call(app, 'GET', '/api/me', undefined, { cookie: p.session });
        assert.equal(r.status, 200, `${p.username}: ${r.text}`);
        assert.equal(r.body.user, p.username);
      }
      assertError(await call(app, 'GET', '/api/me', undefined, { cookie: 'session-secret-old-0123456789abcdef0' }), 401, 'unauthorized');
      const sessions = await call(app, 'GET', '/api/vega/sessions', undefined, as('mum'));
      assert.equal(sessions.status, 200, sessions.text);
      assert.deepEqual(sessions.body.sessions.map((s: { current: boolean }) => s.current), [true], 'the ended one is not listed');
    });

    test('the family list shows both look-alike names; a folded name that fits both is ambiguous, each exact name works', async () => {
      const fam = await call(app, 'GET', '/api/vega/family', undefined, as('mum'));
      assert.deepEqual(fam.body.members.map((m: { username: string }) => m.username).sort(), ['Tom', 'mum', 'Ｇｒａｎ', 'Ｔｏｍ'].sort());
      const amb = await call(app, 'POST', '/api/vega/member/role', { username: ' Tom ', role: 'admin' }, as('mum'));
      assertError(amb, 409, 'ambiguous_username');
      assert.match(amb.body.message, /'Tom'/);
      assert.match(amb.body.message, /'Ｔｏｍ'/);
      const one = await call(app, 'POST', '/api/vega/member/remove', { username: 'Ｔｏｍ' }, as('mum'));
      assert.equal(one.status, 200, one.text);
      assert.equal(one.body.removed, 'Ｔｏｍ');
      assertError(await call(app, 'GET', '/api/me', undefined, as('Ｔｏｍ')), 401, 'unauthorized');
      const me = await call(app, 'GET', '/api/me', undefined, as('Tom'));
      assert.equal(me.status, 200, 'the other Tom keeps working');
      // With one left, the folded name finds it.
      const other = await call(app, 'POST', '/api/vega/member/remove', { username: 'Ｔｏｍ' }, as('mum'));
      assert.equal(other.status, 200, other.text);
      assert.equal(other.body.removed, 'Tom');
    });

    test('a caregiver stored as "Ｇｒａｎ" is re-roled and reset by the name typed either way, then leaves', async () => {
      const role = await call(app, 'POST', '/api/vega/member/role', { username: 'Gran', role: 'admin' }, as('mum'));
      assert.equal(role.status, 200, role.text);
      assert.deepEqual([role.body.username, role.body.role], ['Ｇｒａｎ', 'admin']);
      const back = await call(app, 'POST', '/api/vega/member/role', { username: 'Ｇｒａｎ', role: 'member' }, as('mum'));
      assert.equal(back.status, 200, back.text);
      const reset = await call(app, 'POST', '/api/vega/member/reset', { username: ' Gran ' }, as('mum'));
      assert.equal(reset.status, 200, reset.text);
      assert.match(reset.body.reset_url, /\/reset\?code=/);
      // A new caregiver cannot join under the folded form of a stored name.
      const inv = await call(app, 'POST', '/api/vega/invite', {}, as('mum'));
      const join = await call(app, 'POST', '/api/vega/join', { code: inv.body.code, email: 'gran2@example.com', password: 'correct horse', username: 'Gran' });
      assertError(join, 409, 'username_taken');
      const leave = await call(app, 'POST', '/api/vega/member/remove', { username: 'Ｇｒａｎ' }, as('Ｇｒａｎ'));
      assert.equal(leave.status, 200, leave.text);
      assertError(await call(app, 'GET', '/api/me', undefined, as('Ｇｒａｎ')), 401, 'unauthorized');
      // Gran's events stay, authored as she was named.
      const n = await sql<{ n: number | string }>`select count(*) as n from events where author = ${'Ｇｒａｎ'}`.execute(l.db.kysely);
      assert.ok(Number(n.rows[0]!.n) > 100);
    });

    test('every migration is recorded with this release; a database a newer release upgraded is refused, naming both', async () => {
      const status = await migrationStatus(l.db);
      assert.deepEqual(status.pending, []);
      assert.equal(status.applied.find((m) => m.name === '007_access_lifecycle')?.release, RELEASE_VERSION);
      assert.equal(status.applied.find((m) => m.name === '001_initial')?.release, null, 'applied before releases were recorded');
      await insertRows(l.db, 'kysely_migration', [{ name: '099_from_the_future', timestamp: new Date().toISOString() }]);
      await insertRows(l.db, 'schema_releases', [{ migration: '099_from_the_future', release: '9.9.0', applied_at: Date.now() }]);
      const before2 = await rowCounts(l.db, TABLES);
      await assert.rejects(migrate(l.db), (err: Error) => {
        assert.ok(err instanceof SchemaTooNewError);
        assert.match(err.message, /release 9\.9\.0/);
        assert.match(err.message, new RegExp(`this release \\(${RELEASE_VERSION.replace(/\./g, '\\.')}\\)`));
        assert.match(err.message, /099_from_the_future/);
        assert.match(err.message, /restore the backup/);
        return true;
      });
      assert.deepEqual(await rowCounts(l.db, TABLES), before2, 'nothing touched');
      await sql`delete from kysely_migration where name = '099_from_the_future'`.execute(l.db.kysely);
    });
  });
}
