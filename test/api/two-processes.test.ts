// Two real server processes on one database (issue 30, item 5), started as `npm start` would:
// every answer stays correct whichever process a request reaches. Each process keeps what it
// derived from a family's log under the family's version (families.version, bumped by the
// database in the transaction of every change; src/services/insights/derived-cache.ts), and
// reads that version with the credential on every request, so a change made through the other
// process is never answered from a stale entry. Checked on bodies: a log through A is in B's
// /today, /live and /patterns at once; an edit and a delete through B are in A's; after every
// one of a run of writes alternating between the processes both show the log as it is; and
// logs sent to both at once all land, seen alike by both. On PostgreSQL (the supported way to
// run several processes) and on one SQLite file in WAL mode (docs/scaling.md says what else
// several processes on SQLite share and do not).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../helpers/server-process.ts';
import { testDatabases, provisionDatabase, type ProvisionedDb } from '../helpers/databases.ts';
import { instantToLocal, localDateOf } from '../../src/domain/time.ts';

const MINUTE = 60_000;

interface Answer {
  status: number;
  body: any;
}

async function http(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer & { res: Response }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, res };
}

/** A family made through process `base`, and a token for it. */
async function family(base: string, timezone: string): Promise<string> {
  const onboard = await http(base, 'POST', '/api/vega/onboard', {
    email: `two.${Date.now()}@example.com`, password: 'correct horse', baby_name: 'Ada', dob: '2026-05-01', family_name: 'Two processes', timezone,
  });
  assert.equal(onboard.status, 200, JSON.stringify(onboard.body));
  const cookie = onboard.res.headers.getSetCookie().find((c) => c.startsWith('tracker_session='))!.split(';')[0]!;
  const token = await http(base, 'POST', '/api/vega/token', { label: 'two processes' }, { cookie });
  assert.equal(token.status, 200, JSON.stringify(token.body));
  return token.body.token as string;
}

/**
 * A zone where it is now between 03:00 and 21:00, so that every event the test logs (up to
 * 2½ hours back) and every read falls on the family's one local date whenever the suite runs.
 */
function daytimeZone(now: number): string {
  for (const zone of ['Europe/London', 'Asia/Tokyo', 'America/New_York', 'Asia/Kolkata', 'America/Los_Angeles', 'Pacific/Auckland']) {
    const hour = Number(instantToLocal(now, zone).slice(11, 13));
    if (hour >= 3 && hour < 21) return zone;
  }
  throw new Error('no daytime zone in the list');
}

/** What the test has logged, as it expects every process to show it. */
interface Logged {
  id: string;
  ts: string;
  type: 'milk' | 'nappy';
  ml: number | null;
  order: number;
}

for (const d of testDatabases()) {
  describe(`two server processes on one database [${d.name}]`, { skip: d.skip }, () => {
    test('writes through either process are seen at once through the other: log, edit, delete, interleaved and simultaneous', { timeout: 300_000 }, async () => {
      let dir: string | null = null;
      let provisioned: ProvisionedDb;
      if (d.name === 'sqlite') {
        dir = mkdtempSync(join(tmpdir(), 'tracker-two-'));
        provisioned = { url: `sqlite:${join(dir, 'tracker.db')}`, drop: async () => {} };
      } else {
        // Empty: the first process's start-up migrates it, as on a first deployment.
        provisioned = await provisionDatabase('postgres', 'empty');
      }
      const procs: ChildProcess[] = [];
      try {
        // One after the other: the first brings the database to the current schema.
        const a = await startServerProcess(provisioned.url, { PUBLIC_URL: '' });
        procs.push(a.proc);
        const b = await startServerProcess(provisioned.url, { PUBLIC_URL: '' });
        procs.push(b.proc);
        assert.notEqual(a.base, b.base);

        const start = Date.now();
        const zone = daytimeZone(start);
        const token = await family(a.base, zone);
        const auth = { authorization: `Bearer ${token}` };
        const date = localDateOf(start, zone);
        const logged: Logged[] = [];
        let order = 0;
        // Every event at a minute of its own, 2½ hours back and onwards: in logging order.
        const tsOf = (i: number) => instantToLocal(Math.floor((start - 150 * MINUTE + i * MINUTE) / 1000) * 1000, zone);

        const log = async (base: string, body: { type: 'milk'; ml: number } | { type: 'nappy'; kind: string }, i: number) => {
          const ts = tsOf(i);
          const r = await http(base, 'POST', '/api/vega/log', { ...body, ts }, auth);
          assert.equal(r.status, 200, JSON.stringify(r.body));
          logged.push({ id: r.body.event.id, ts, type: body.type, ml: body.type === 'milk' ? body.ml : null, order: order++ });
          return r.body.event.id as string;
        };
        const reads = async (base: string) => {
          const [today, live, patterns] = await Promise.all(['/api/vega/today', '/api/vega/live', '/api/vega/patterns'].map((p) => http(base, 'GET', p, undefined, auth)));
          for (const r of [today, live, patterns]) assert.equal(r!.status, 200, JSON.stringify(r!.body));
          return { today: today!.body, live: live!.body, patterns: patterns!.body };
        };
        /** The process at `base` shows exactly what was logged: today's events, live's milk figures, patterns' today and its day's totals. */
        const showsTheLog = async (base: string, label: string) => {
          const r = await reads(base);
          const expected = [...logged].sort((x, y) => x.ts.localeCompare(y.ts) || x.order - y.order);
          const milk = expected.filter((e) => e.type === 'milk');
          const where = `${label} (${base})`;
          assert.deepEqual(r.today.events.map((e: any) => [e.id, e.type, e.ml]), expected.map((e) => [e.id, e.type, e.ml]), `${where}: /today`);
          assert.equal(r.live.ml_today, milk.reduce((s, e) => s + e.ml!, 0), `${where}: live ml_today`);
          assert.equal(r.live.feeds_today, milk.length, `${where}: live feeds_today`);
          assert.equal(r.live.last_milk_ml, milk.length ? milk[milk.length - 1]!.ml : null, `${where}: live last_milk_ml`);
          assert.deepEqual(r.patterns.today.map((e: any) => e.id), expected.map((e) => e.id), `${where}: patterns today`);
          const day = r.patterns.daily_totals.find((t: any) => t.date === date);
          assert.ok(day, `${where}: patterns has no daily totals for ${date}`);
          assert.equal(day.milk_ml, milk.reduce((s, e) => s + e.ml!, 0), `${where}: patterns milk_ml of ${date}`);
          assert.equal(day.nappies, expected.length - milk.length, `${where}: patterns nappies of ${date}`);
          return r;
        };

        // Both processes' caches warm on the empty day, so a stale entry would show.
        await showsTheLog(a.base, 'A, empty');
        await showsTheLog(b.base, 'B, empty');

        // A log through A: B sees it on its very next request.
        const first = await log(a.base, { type: 'milk', ml: 120 }, 0);
        const afterLog = await showsTheLog(b.base, 'B after a log through A');
        assert.equal(afterLog.today.events[0].ml, 120);
        assert.equal(afterLog.live.last_milk_ml, 120);

        // An edit through B: A sees the new amount.
        await showsTheLog(a.base, 'A before the edit');
        const edited = await http(b.base, 'POST', '/api/vega/event/edit', { id: first, changes: { ml: 150 } }, auth);
        assert.equal(edited.status, 200, JSON.stringify(edited.body));
        assert.equal(edited.body.event.ml, 150);
        logged[0]!.ml = 150;
        const afterEdit = await showsTheLog(a.base, 'A after an edit through B');
        assert.equal(afterEdit.live.ml_today, 150);

        // A delete through B: gone from A.
        const second = await log(a.base, { type: 'nappy', kind: 'wet' }, 1);
        await showsTheLog(b.base, 'B after a second log through A');
        const deleted = await http(b.base, 'POST', '/api/vega/event/delete', { id: second }, auth);
        assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
        assert.equal(deleted.body.removed.id, second);
        logged.splice(logged.findIndex((e) => e.id === second), 1);
        const afterDelete = await showsTheLog(a.base, 'A after a delete through B');
        assert.ok(!afterDelete.today.events.some((e: any) => e.id === second));

        // Writes alternating between the processes (logs, edits, deletes), each process read
        // before and after every one: neither ever answers from before the last write.
        for (let i = 2; i < 26; i++) {
          const [writer, other] = i % 2 ? [b, a] : [a, b];
          if (i % 7 === 3 && logged.length > 1) {
            const victim = logged[i % logged.length]!;
            const r = await http(writer.base, 'POST', '/api/vega/event/delete', { id: victim.id }, auth);
            assert.equal(r.status, 200, JSON.stringify(r.body));
            logged.splice(logged.indexOf(victim), 1);
          } else if (i % 5 === 4 && logged.some((e) => e.type === 'milk')) {
            const milk = logged.filter((e) => e.type === 'milk');
            const target = milk[i % milk.length]!;
            const r = await http(writer.base, 'POST', '/api/vega/event/edit', { id: target.id, changes: { ml: 10 * i } }, auth);
            assert.equal(r.status, 200, JSON.stringify(r.body));
            target.ml = 10 * i;
          } else {
            await log(writer.base, i % 3 ? { type: 'milk', ml: 30 + i } : { type: 'nappy', kind: 'dirty' }, i);
          }
          await showsTheLog(other.base, `write ${i}, the other process`);
          await showsTheLog(writer.base, `write ${i}, the writing process`);
        }

        // Logs sent to both processes at once, reads among them: every log lands once, and
        // both processes then show the same log, all of it.
        const burst = await Promise.all(
          Array.from({ length: 24 }, (_, k) => {
            const base = k % 2 ? b.base : a.base;
            if (k % 6 === 5) return http(base, 'GET', '/api/vega/live', undefined, auth).then(() => null);
            return log(base, { type: 'milk', ml: 40 + k }, 30 + k);
          }),
        );
        assert.equal(burst.filter((x) => x !== null).length, 20);
        const fromA = await showsTheLog(a.base, 'A after simultaneous logs');
        const fromB = await showsTheLog(b.base, 'B after simultaneous logs');
        assert.deepEqual(fromA.today, fromB.today);
        assert.deepEqual(fromA.patterns.daily_totals, fromB.patterns.daily_totals);
      } finally {
        for (const p of procs) p.kill('SIGTERM');
        await Promise.all(procs.map((p) => (p.exitCode !== null || p.signalCode !== null ? null : new Promise((r) => p.once('exit', r)))));
        await provisioned.drop();
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
