// The tracker command-line tool, run as a user would: a real process on a real database file.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';

const run = promisify(execFile);
const BIN = new URL('../bin/tracker.mjs', import.meta.url).pathname;

describe('tracker CLI on the embedded SQLite store', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'tracker-cli-'));
    env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'tracker.db')}`, LOG_LEVEL: 'silent' };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const tracker = (...args: string[]) => run(process.execPath, [BIN, ...args], { env, timeout: 120_000 });

  test('--help lists every command', async () => {
    const { stdout } = await tracker('--help');
    for (const c of ['serve', 'migrate', 'plan', 'backup', 'demo', 'import', 'prune']) assert.match(stdout, new RegExp(`\\b${c}\\b`));
  });

  test('migrate --status lists pending migrations and changes nothing; after migrate, the applied ones and their release', async () => {
    const fresh = await tracker('migrate', '--status');
    assert.match(fresh.stdout, /Applied: none/);
    assert.match(fresh.stdout, /Pending[^\n]*:\n  001_initial\n/);
    assert.match(fresh.stdout, /  012_schema_releases\n/);
    const again = await tracker('migrate', '--status');
    assert.match(again.stdout, /Applied: none/, 'status applied nothing');
  });

  test('migrate creates the schema, then reports it is current', async () => {
    const first = await tracker('migrate');
    assert.match(first.stdout, /Applied: 001_initial, 002_events_seq_index, 003_token_label_per_user, 004_idempotency_request_hash, 005_token_parent/);
    const second = await tracker('migrate');
    assert.match(second.stdout, /already at the current schema/);
    const status = await tracker('migrate', '--status');
    const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
    assert.match(status.stdout, new RegExp(`  007_access_lifecycle  \\S+  by release ${version.replace(/\./g, '\\.')}\\n`));
    assert.match(status.stdout, /Pending: none; the schema is current\./);
    // A rollback without restoring the backup: the database names a release this one is older than.
    const db = new Database(join(dir, 'tracker.db'));
    db.prepare("insert into kysely_migration (name, timestamp) values ('099_later', '2027-01-01T00:00:00.000Z')").run();
    db.prepare("insert into schema_releases (migration, release, applied_at) values ('099_later', '9.0.0', 0)").run();
    await assert.rejects(tracker('migrate'), (err: { code: number; stderr: string }) => {
      assert.equal(err.code, 1);
      assert.match(err.stderr, new RegExp(`upgraded by release 9\\.0\\.0 \\(migration 099_later\\), which this release \\(${version.replace(/\./g, '\\.')}\\) does not know`));
      return true;
    });
    db.prepare("delete from kysely_migration where name = '099_later'").run();
    db.close();
  });

  test('demo creates a family with history and prints its sign-in and a working token', async () => {
    const { stdout } = await tracker('demo', '--days', '5');
    assert.match(stdout, /email: +demo-[0-9a-f]+@example\.com/);
    assert.match(stdout, /API token \(read\+write\): bt_/);
    const db = new Database(join(dir, 'tracker.db'), { readonly: true });
    const n = db.prepare('select count(*) n from events').get() as { n: number };
    const members = (db.prepare('select username from users').all() as { username: string }[]).map((u) => u.username).sort();
    const authors = (db.prepare('select distinct author from events').all() as { author: string }[]).map((a) => a.author);
    const last = db.prepare('select max(at) at from events').get() as { at: number };
    const breastfeeds = db.prepare("select side, duration_min from events where type = 'milk' and ml = 0").all() as { side: string; duration_min: number }[];
    db.close();
    assert.ok(n.n > 80, `${n.n} events for 5 days`);
    assert.deepEqual(members, ['demo-parent', 'grandma']);
    for (const a of authors) assert.ok(members.includes(a), `author ${a} is a member`);
    assert.ok(last.at <= Date.now() && last.at > Date.now() - 12 * 3600_000, 'the history runs up to the moment the demo ran');
    assert.ok(breastfeeds.length >= 5, `${breastfeeds.length} breastfeeds`);
    for (const b of breastfeeds) {
      assert.ok(['left', 'right', 'both'].includes(b.side));
      assert.ok(b.duration_min >= 10 && b.duration_min <= 40);
    }
  });

  test('prune deletes expired rows and says how many; live ones stay', async () => {
    const db = new Database(join(dir, 'tracker.db'));
    const user = db.prepare('select id, family_id from users limit 1').get() as { id: string; family_id: string };
    const past = Date.now() - 86_400_000;
    db.prepare('insert into sessions (id_hash, family_id, user_id, created_at, expires_at, public_id, last_seen_at) values (?, ?, ?, ?, ?, ?, ?)')
      .run('expired-session-hash', user.family_id, user.id, past - 1000, past, 'pub-expired', past - 1000);
    const liveSessions = (db.prepare('select count(*) n from sessions').get() as { n: number }).n - 1;
    db.close();
    const { stdout } = await tracker('prune');
    assert.match(stdout, /Pruned expired rows: 1 sessions, \d+ tokens, \d+ invites, \d+ password resets, \d+ idempotency keys, \d+ counters, \d+ export leases, \d+ reminders sent\./);
    const after = new Database(join(dir, 'tracker.db'), { readonly: true });
    assert.equal((after.prepare('select count(*) n from sessions').get() as { n: number }).n, liveSessions);
    after.close();
  });

  test('plan sets the family plan by account email; bad input is refused clearly', async () => {
    const db = new Database(join(dir, 'tracker.db'), { readonly: true });
    const email = (db.prepare('select email from users limit 1').get() as { email: string }).email;
    db.close();
    const { stdout } = await tracker('plan', email.toUpperCase(), 'paid');
    assert.match(stdout, /now on the paid plan/);
    const check = new Database(join(dir, 'tracker.db'), { readonly: true });
    assert.equal((check.prepare('select plan from families').get() as { plan: string }).plan, 'paid');
    check.close();
    await assert.rejects(tracker('plan', email, 'gold'), (e: any) => /free' or 'paid/.test(e.stderr));
    await assert.rejects(tracker('plan', 'nobody@example.com', 'paid'), (e: any) => /No account/.test(e.stderr));
  });

  test('backup writes a consistent copy that opens with the same data', async () => {
    const target = join(dir, 'copy.db');
    const { stdout } = await tracker('backup', target);
    assert.match(stdout, /Backed up/);
    assert.ok(existsSync(target));
    const copy = new Database(target, { readonly: true });
    const n = copy.prepare('select count(*) n from events').get() as { n: number };
    copy.close();
    assert.ok(n.n > 80);
    await assert.rejects(tracker('backup', target), (e: any) => /already exists/.test(e.stderr));
  });

  test('import: a dry run, then the import, then the same file again adds nothing; bad input is refused', async () => {
    const db = new Database(join(dir, 'tracker.db'), { readonly: true });
    const family = (db.prepare('select id from families order by created_at limit 1').get() as { id: string }).id;
    const before = (db.prepare('select count(*) n from events where family_id = ?').get(family) as { n: number }).n;
    db.close();
    const file = new URL('./fixtures/import/huckleberry.csv', import.meta.url).pathname;
    const dry = await tracker('import', '--family', family, '--format', 'huckleberry', '--dry-run', file);
    assert.match(dry.stdout, /^Would import 8 new event\(s\); 0 already there; 3 row\(s\) skipped\./);
    assert.match(dry.stdout, /skipped csv line 9: ml of a milk event must be 0 to 500 \(this row: 600\)/);
    const real = await tracker('import', '--family', family, '--format', 'huckleberry', file);
    assert.match(real.stdout, /^Imported 8 new event\(s\); 0 already there; 3 row\(s\) skipped\./);
    const again = await tracker('import', '--family', family, '--format', 'huckleberry', file);
    assert.match(again.stdout, /^Imported 0 new event\(s\); 8 already there/);
    const after = new Database(join(dir, 'tracker.db'), { readonly: true });
    const n = (after.prepare('select count(*) n from events where family_id = ?').get(family) as { n: number }).n;
    after.close();
    assert.equal(n, before + 8);
    await assert.rejects(tracker('import', '--family', family, '--format', 'glow', file), (e: any) => /--format must be one of tracker, babybuddy, huckleberry/.test(e.stderr));
    await assert.rejects(tracker('import', '--family', 'nope', '--format', 'huckleberry', file), (e: any) => /No family has the id nope/.test(e.stderr));
    await assert.rejects(tracker('import', '--family', family, '--format', 'babybuddy', file), (e: any) => /is not JSON/.test(e.stderr));
  });
});
