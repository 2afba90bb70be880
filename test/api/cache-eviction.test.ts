// The caches' memory budget (CACHE_MEMORY_MB; src/services/insights/cache-budget.ts) forgets
// entries under pressure; answers must not change. Several families write and read in a random
// order under a budget that holds only a few of their entries, so reads keep meeting evicted
// families, half-evicted ones (the window kept, the day's events gone) and carries arriving for
// entries no longer there. Every live, patterns and today answer must equal a from-scratch
// derivation, on both databases; and with a budget of 0 nothing is kept and all is still right.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { signUp, type Family } from '../helpers/app.ts';
import { twoInstances } from '../helpers/instances.ts';
import { assertSame, familyIdOf, randomWrite, rng } from '../helpers/cache-property.ts';
import { cacheBudget } from '../../src/services/insights/cache-budget.ts';
import { DEFAULT_CACHE_MEMORY_MB } from '../../src/config.ts';

after(() => cacheBudget.setLimit(DEFAULT_CACHE_MEMORY_MB * 1024 * 1024));

for (const d of testDatabases()) {
  describe(`answers are the same when the caches evict [${d.name}]`, { skip: d.skip }, () => {
    for (const limitKb of [48, 0]) {
      test(`five families, random writes and reads, a budget of ${limitKb} KB`, async () => {
        const env = await twoInstances(d.name);
        const a = await env.open();
        try {
          env.clock.set('2026-11-20T08:00:00Z');
          const families: { f: Family; id: string }[] = [];
          for (let i = 0; i < 5; i++) {
            const f = await signUp(a.app, { timezone: i % 2 ? 'America/New_York' : 'Europe/London', dob: '2026-07-01' });
            families.push({ f, id: await familyIdOf(a.app, f) });
          }
          cacheBudget.setLimit(limitKb * 1024);
          const evictionsBefore = cacheBudget.evictions;
          const r = rng(limitKb + 11);
          for (let i = 0; i < 60; i++) {
            const writer = r.pick(families);
            const zone = families.indexOf(writer) % 2 ? 'America/New_York' : 'Europe/London';
            const what = await randomWrite(a.app, writer.f, env.clock, zone, r);
            const reader = r.pick(families);
            await assertSame(a, reader.f, reader.id, env.clock, `step ${i} (${what})`);
            assert.ok(cacheBudget.bytes <= cacheBudget.limitBytes, `${cacheBudget.bytes} B held, budget ${cacheBudget.limitBytes} B`);
          }
          if (limitKb === 0) assert.equal(cacheBudget.entries, 0, 'a budget of 0 keeps nothing');
          else assert.ok(cacheBudget.entries > 0, 'some entries are kept');
          assert.ok(cacheBudget.evictions - evictionsBefore > 20, `evictions happened (${cacheBudget.evictions - evictionsBefore})`);
        } finally {
          await a.close();
          await env.drop();
        }
      });
    }
  });
}
