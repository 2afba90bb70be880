// Property: live status, patterns and today's events served through the per-family cache (keyed by the
// version the database bumps on every change) always equal a from-scratch derivation, for
// random logs and random edit sequences: logs (also back-dated), edits of time and values,
// deletes, undo, reactions, recipes, the feed timer, the 1.3.0 types (temperatures around the
// fever thresholds, medicines, pumping, tummy time) and the family's medicine settings (a
// family table: cached with the live window by version), time-zone changes, the clock crossing
// local midnight and a DST change. Run on both databases, and with two instances (two
// processes' caches) on one database, writing through one and reading through the other.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp } from '../helpers/app.ts';
import { twoInstances } from '../helpers/instances.ts';
import { instantToLocal } from '../../src/domain/time.ts';
import { assertSame, familyIdOf, randomWrite, rng } from '../helpers/cache-property.ts';

const HOUR = 3600_000;

for (const d of testDatabases()) {
  describe(`cached live and patterns equal a from-scratch derivation [${d.name}]`, { skip: d.skip }, () => {
    for (const seed of [1, 2, 3]) {
      test(`random logs and edits, seed ${seed}: one instance, then two instances sharing the database`, async () => {
        const env = await twoInstances(d.name);
        const a = await env.open();
        const b = await env.open();
        try {
          const r = rng(seed);
          // Start just before the October clock change in London, 15 days of room behind.
          env.clock.set('2026-10-24T21:30:00Z');
          // Born 2026-08-01: just under 3 months at the start, so temperatures cross both fever thresholds.
          const f = await signUp(a.app, { timezone: 'Europe/London', dob: '2026-08-01' });
          const familyId = await familyIdOf(a.app, f);
          let zone = 'Europe/London';
          const history: string[] = [];
          for (let i = 0; i < 70; i++) {
            if (i === 45) {
              zone = 'America/New_York';
              await call(a.app, 'POST', '/api/vega/profile', { timezone: zone }, { cookie: f.cookie });
              history.push('timezone → New York');
            }
            // Reads warm each instance's cache before the write, so a stale entry would show.
            if (i % 3 === 0) await call(b.app, 'GET', '/api/vega/live', undefined, { token: f.token });
            history.push(await randomWrite(i % 2 ? b.app : a.app, f, env.clock, zone, r));
            const reader = i % 2 ? a : b;
            await assertSame(reader, f, familyId, env.clock, history.slice(-4).join('; '));
            await assertSame(i % 2 ? b : a, f, familyId, env.clock, history.slice(-4).join('; '));
          }
        } finally {
          await a.close();
          await b.close();
          await env.drop();
        }
      });
    }

    test('concurrent logs on one family, through two instances at once, with reads among them', async () => {
      const env = await twoInstances(d.name);
      const a = await env.open();
      const b = await env.open();
      try {
        env.clock.set('2026-11-20T09:30:00Z');
        const f = await signUp(a.app, { timezone: 'Europe/London', dob: '2026-06-01' });
        const familyId = await familyIdOf(a.app, f);
        const tok = { token: f.token };
        const r = rng(7);
        for (let round = 0; round < 4; round++) {
          // Each instance's caches are warm, then 24 logs race (some back-dated) with reads.
          await call(a.app, 'GET', '/api/vega/live', undefined, tok);
          await call(b.app, 'GET', '/api/vega/patterns', undefined, tok);
          const burst = Array.from({ length: 24 }, (_, i) => {
            const app = i % 3 === 0 ? b.app : a.app;
            if (i % 5 === 4) return call(app, 'GET', i % 2 ? '/api/vega/live' : '/api/vega/patterns', undefined, tok);
            const ts = instantToLocal(Math.floor((env.clock.now - r.int(20) * HOUR) / 1000) * 1000, 'Europe/London');
            const body = r.pick([{ type: 'nappy', kind: 'wet' }, { type: 'milk', ml: 90 }, { type: 'solid', foods: ['egg'] }, { type: 'sleep' }, { type: 'wake' }]);
            return call(app, 'POST', '/api/vega/log', { ...body, ts }, tok);
          });
          const answers = await Promise.all(burst);
          assert.ok(answers.every((x) => x.status === 200), answers.map((x) => x.status).join());
          // Each log's answer carries its own event into live (no answer is from before it).
          for (const x of answers.filter((y) => y.body.event)) assert.ok(x.body.live, 'live in every log answer');
          env.clock.advance(7 * 60_000);
          await assertSame(a, f, familyId, env.clock, `round ${round}, instance a`);
          await assertSame(b, f, familyId, env.clock, `round ${round}, instance b`);
        }
        const today = await call(a.app, 'GET', '/api/vega/events?date=2026-11-20', undefined, tok);
        assert.ok(today.body.events.length > 0);
      } finally {
        await a.close();
        await b.close();
        await env.drop();
      }
    });
  });
}
