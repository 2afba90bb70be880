// The shared breastfeed timer and breastfeeding detail on milk events (issue 12), on both
// databases: every status of start/switch/stop/cancel, the live keys, two caregivers racing
// to start, two processes sharing one database, and a timer that survives a restart.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, sessionCookieOf, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { twoInstances } from '../helpers/instances.ts';
import type { FastifyInstance } from 'fastify';

const MIN = 60_000;

async function joinCaregiver(app: FastifyInstance, admin: Family, username: string): Promise<{ cookie: string; token: string }> {
  const inv = await call(app, 'POST', '/api/vega/invite', {}, { cookie: admin.cookie });
  assert.equal(inv.status, 200, inv.text);
  const joined = await call(app, 'POST', '/api/vega/join', {
    code: inv.body.code, email: `${username}.${Date.now()}@example.com`, password: 'correct horse', username,
  });
  assert.equal(joined.status, 200, joined.text);
  const cookie = sessionCookieOf(joined);
  const tok = await call(app, 'POST', '/api/vega/token', { label: 'b' }, { cookie });
  return { cookie, token: tok.body.token };
}

for (const d of testDatabases()) {
  describe(`feed timer and breastfeeding detail [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    test('milk events take side and duration_min; other types and bad values are 400 naming the field', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      const ok = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 0, side: 'left', duration_min: 14, ts: '2026-11-22T09:00:00' }, tok);
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.event.side, 'left');
      assert.equal(ok.body.event.duration_min, 14);
      assert.equal(ok.body.live.last_breast_side, 'left');
      const bottle = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90, duration_min: 20, ts: '2026-11-22T10:00:00' }, tok);
      assert.equal(bottle.status, 200, bottle.text);
      assert.equal(bottle.body.event.side, null);
      assert.equal(bottle.body.event.duration_min, 20);
      assert.equal(bottle.body.live.last_breast_side, 'left', 'a bottle does not change the side to start on');

      const wrongType = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', side: 'left' }, tok);
      assertError(wrongType, 400, 'invalid_event');
      assert.deepEqual(wrongType.body.detail.map((x: any) => x.loc), [['body', 'side']]);
      assert.match(wrongType.body.message, /side/);
      const sleepDuration = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', duration_min: 30 }, tok);
      assertError(sleepDuration, 400, 'invalid_event');
      assert.deepEqual(sleepDuration.body.detail.map((x: any) => x.loc), [['body', 'duration_min']]);
      for (const bad of [{ side: 'middle' }, { duration_min: 0 }, { duration_min: 181 }, { duration_min: 2.5 }]) {
        const r = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 0, ...bad }, tok);
        assertError(r, 400, 'bad_request', JSON.stringify(bad));
        assert.equal(r.body.detail[0].loc[1], Object.keys(bad)[0]);
      }
      const today = await call(t.app, 'GET', '/api/vega/today', undefined, tok);
      assert.equal(today.body.events.length, 2, 'nothing was saved by the refused requests');

      const edit = await call(t.app, 'POST', '/api/vega/event/edit', { id: ok.body.event.id, changes: { side: 'both', duration_min: 25 } }, tok);
      assert.equal(edit.status, 200, edit.text);
      assert.equal(edit.body.event.side, 'both');
      assert.equal(edit.body.event.duration_min, 25);
      const clear = await call(t.app, 'POST', '/api/vega/event/edit', { id: bottle.body.event.id, changes: { duration_min: null } }, tok);
      assert.equal(clear.body.event.duration_min, null);
      const exported = await call(t.app, 'GET', '/api/vega/export', undefined, tok);
      const feed = exported.body.events.find((e: any) => e.id === ok.body.event.id);
      assert.equal(feed.side, 'both');
      assert.equal(feed.duration_min, 25);
      assert.equal('last_side' in feed, false, 'the internal end side is never exported');
    });

    test('start, switch, stop: one milk event with side both, the whole duration and each side kept', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      t.clock.set('2026-11-22T12:00:00Z');
      const start = await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, tok);
      assert.equal(start.status, 200, start.text);
      assert.equal(start.body.status, 'ok');
      assert.deepEqual(start.body.feed, {
        started_at: '2026-11-22T12:00:00', side: 'left', sides: { left_min: 0, right_min: 0 }, started_by: f.username, elapsed_min: 0, stale: false,
      });
      assert.deepEqual(start.body.live.feeding, start.body.feed);

      t.clock.advance(9 * MIN);
      const sw = await call(t.app, 'POST', '/api/vega/feed/switch', {}, tok);
      assert.equal(sw.status, 200, sw.text);
      assert.equal(sw.body.feed.side, 'right');
      assert.deepEqual(sw.body.feed.sides, { left_min: 9, right_min: 0 });
      const same = await call(t.app, 'POST', '/api/vega/feed/switch', { side: 'right' }, tok);
      assert.equal(same.body.feed.side, 'right', 'naming the side already feeding changes nothing');

      t.clock.advance(7 * MIN);
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, tok);
      assert.deepEqual(live.body.feeding.sides, { left_min: 9, right_min: 7 });
      assert.equal(live.body.feeding.elapsed_min, 16);

      const stop = await call(t.app, 'POST', '/api/vega/feed/stop', {}, tok);
      assert.equal(stop.status, 200, stop.text);
      assert.equal(stop.body.status, 'ok');
      assert.equal(stop.body.removed, null);
      assert.equal(stop.body.event.type, 'milk');
      assert.equal(stop.body.event.ts, '2026-11-22T12:00:00', 'logged at the feed start time');
      assert.equal(stop.body.event.ml, 0);
      assert.equal(stop.body.event.side, 'both');
      assert.equal(stop.body.event.duration_min, 16);
      assert.equal(stop.body.event.author, f.username);
      assert.equal(stop.body.live.feeding, null);
      assert.equal(stop.body.live.last_breast_side, 'right', 'a both feed ended on the right: start on the left next');

      const events = await call(t.app, 'GET', '/api/vega/today', undefined, tok);
      assert.equal(events.body.events.filter((e: any) => e.type === 'milk').length, 1);
      assertError(await call(t.app, 'POST', '/api/vega/feed/stop', {}, tok), 409, 'no_feed_in_progress');
      assertError(await call(t.app, 'POST', '/api/vega/feed/switch', {}, tok), 409, 'no_feed_in_progress');
      assertError(await call(t.app, 'POST', '/api/vega/feed/cancel', undefined, tok), 409, 'no_feed_in_progress');
    });

    test('one side only, with ml; a very short feed counts as 1 minute; cancel logs nothing', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      t.clock.set('2026-11-22T12:00:00Z');
      await call(t.app, 'POST', '/api/vega/feed/start', { side: 'right', ts: '2026-11-22T11:48:00' }, tok);
      const stop = await call(t.app, 'POST', '/api/vega/feed/stop', { ml: 30, ts: '2026-11-22T11:59:40' }, tok);
      assert.equal(stop.status, 200, stop.text);
      assert.deepEqual([stop.body.event.side, stop.body.event.duration_min, stop.body.event.ml, stop.body.event.ts], ['right', 12, 30, '2026-11-22T11:48:00']);

      await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, tok);
      t.clock.advance(10_000);
      const short = await call(t.app, 'POST', '/api/vega/feed/stop', {}, tok);
      assert.equal(short.body.event.duration_min, 1);
      assert.equal(short.body.event.side, 'left');

      await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, tok);
      const cancel = await call(t.app, 'POST', '/api/vega/feed/cancel', undefined, tok);
      assert.equal(cancel.status, 200, cancel.text);
      assert.equal(cancel.body.cancelled.side, 'left');
      assert.equal(cancel.body.live.feeding, null);
      const milk = (await call(t.app, 'GET', '/api/vega/today', undefined, tok)).body.events.filter((e: any) => e.type === 'milk');
      assert.equal(milk.length, 2, 'cancel logged nothing');
    });

    test('bad input is 400 with detail and changes nothing; a read-only token is 403', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      t.clock.set('2026-11-22T12:00:00Z');
      for (const body of [{}, { side: 'both' }, { side: 'left', ts: '2026-11-22T12:30:00' }, { side: 'left', ts: '22/11/2026 11:00' }, { side: 'left', extra: 1 }]) {
        const r = await call(t.app, 'POST', '/api/vega/feed/start', body, tok);
        assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
        assert.equal(typeof r.body.message, 'string');
      }
      const old = await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left', ts: '2026-11-22T08:00:00' }, tok);
      assertError(old, 400, 'invalid_timestamp');
      assert.equal((await call(t.app, 'GET', '/api/vega/live', undefined, tok)).body.feeding, null, 'no timer was started');

      const ro = await call(t.app, 'POST', '/api/vega/token', { label: 'ro', scopes: ['read'] }, { cookie: f.cookie });
      for (const path of ['start', 'switch', 'stop', 'cancel']) {
        assertError(await call(t.app, 'POST', `/api/vega/feed/${path}`, { side: 'left' }, { token: ro.body.token }), 403, 'insufficient_scope', path);
      }
      assertError(await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }), 401, 'unauthorized');

      await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, tok);
      t.clock.advance(5 * MIN);
      assertError(await call(t.app, 'POST', '/api/vega/feed/switch', { side: 'both' }, tok), 400, 'bad_request');
      for (const body of [{ ts: '2026-11-22T11:00:00' }, { ts: '2026-11-22T13:00:00' }, { ml: 900 }]) {
        const r = await call(t.app, 'POST', '/api/vega/feed/stop', body, tok);
        assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      }
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, tok);
      assert.equal(live.body.feeding.side, 'left', 'the refused requests left the timer running');
      assert.equal((await call(t.app, 'GET', '/api/vega/today', undefined, tok)).body.events.length, 0);
    });

    test('a second start is 409 feed_in_progress with the running feed; families do not share timers', async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      t.clock.set('2026-11-22T12:00:00Z');
      await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, { token: a.token });
      t.clock.advance(3 * MIN);
      const again = await call(t.app, 'POST', '/api/vega/feed/start', { side: 'right' }, { token: a.token });
      assertError(again, 409, 'feed_in_progress');
      assert.equal(again.body.feed.side, 'left');
      assert.equal(again.body.feed.elapsed_min, 3);
      const other = await call(t.app, 'POST', '/api/vega/feed/start', { side: 'right' }, { token: b.token });
      assert.equal(other.status, 200, 'another family has its own timer');
      assert.equal((await call(t.app, 'GET', '/api/vega/live', undefined, { token: a.token })).body.feeding.side, 'left');
    });

    test('a timer left running over 3 hours is stale; stop asks for the real end time', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      t.clock.set('2026-11-22T08:00:00Z');
      await call(t.app, 'POST', '/api/vega/feed/start', { side: 'right' }, tok);
      t.clock.advance(2 * 3600_000);
      assert.equal((await call(t.app, 'GET', '/api/vega/live', undefined, tok)).body.feeding.stale, false);
      t.clock.advance(3600_000 + MIN);
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, tok);
      assert.equal(live.body.feeding.stale, true);
      const stop = await call(t.app, 'POST', '/api/vega/feed/stop', {}, tok);
      assertError(stop, 409, 'feed_stale');
      assert.match(stop.body.message, /ts/);
      assert.equal((await call(t.app, 'GET', '/api/vega/today', undefined, tok)).body.events.length, 0, 'no 3-hour feed was logged');
      const tooLong = await call(t.app, 'POST', '/api/vega/feed/stop', { ts: '2026-11-22T11:01:00' }, tok);
      assertError(tooLong, 400, 'feed_too_long');
      const real = await call(t.app, 'POST', '/api/vega/feed/stop', { ts: '2026-11-22T08:25:00' }, tok);
      assert.equal(real.status, 200, real.text);
      assert.equal(real.body.event.duration_min, 25);
      assert.equal(real.body.event.side, 'right');
    });

    test('asleep_since follows the open sleep', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      t.clock.set('2026-11-22T12:00:00Z');
      const sleep = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', ts: '2026-11-22T11:20:00' }, tok);
      assert.equal(sleep.body.live.asleep_since, '2026-11-22T11:20:00');
      const wake = await call(t.app, 'POST', '/api/vega/log', { type: 'wake' }, tok);
      assert.equal(wake.body.live.asleep_since, null);
    });

    test('two caregivers press start at the same moment: exactly one 200, the rest 409', async () => {
      const f = await signUp(t.app);
      const b = await joinCaregiver(t.app, f, 'partner');
      t.clock.set('2026-11-22T12:00:00Z');
      const presses = Array.from({ length: 8 }, (_, i) =>
        call(t.app, 'POST', '/api/vega/feed/start', { side: i % 2 ? 'left' : 'right' }, { token: i % 2 ? f.token : b.token }),
      );
      const results = await Promise.all(presses);
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) assert.equal(r.body.error, 'feed_in_progress');
      const winner = results.find((r) => r.status === 200)!;
      const seenByB = await call(t.app, 'GET', '/api/vega/live', undefined, { token: b.token });
      assert.deepEqual(seenByB.body.feeding, winner.body.feed, "the other caregiver sees the same running feed");
    });
  });

  describe(`feed timer across processes and restarts [${d.name}]`, { skip: d.skip }, () => {
    test('two instances on one database race to start: one wins; both see it; it survives a restart', async () => {
      const env = await twoInstances(d.name);
      const one = await env.open();
      const two = await env.open();
      try {
        const f = await signUp(one.app);
        const b = await joinCaregiver(one.app, f, 'grandpa');
        env.clock.set('2026-11-22T12:00:00Z');
        const results = await Promise.all([
          call(one.app, 'POST', '/api/vega/feed/start', { side: 'left' }, { token: f.token }),
          call(two.app, 'POST', '/api/vega/feed/start', { side: 'right' }, { token: b.token }),
          call(one.app, 'POST', '/api/vega/feed/start', { side: 'right' }, { token: f.token }),
          call(two.app, 'POST', '/api/vega/feed/start', { side: 'left' }, { token: b.token }),
        ]);
        assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409], results.map((r) => r.text).join('\n'));
        const side = results.find((r) => r.status === 200)!.body.feed.side;
        env.clock.advance(4 * MIN);
        const viaTwo = await call(two.app, 'GET', '/api/vega/live', undefined, { token: f.token });
        assert.equal(viaTwo.body.feeding.side, side);
        assert.equal(viaTwo.body.feeding.elapsed_min, 4);

        await one.close();
        await two.close();
        const again = await env.open();
        try {
          env.clock.advance(6 * MIN);
          const live = await call(again.app, 'GET', '/api/vega/live', undefined, { token: b.token });
          assert.equal(live.body.feeding?.side, side, 'the timer survived the restart');
          assert.equal(live.body.feeding.elapsed_min, 10);
          const stop = await call(again.app, 'POST', '/api/vega/feed/stop', {}, { token: b.token });
          assert.equal(stop.status, 200, stop.text);
          assert.equal(stop.body.event.duration_min, 10);
        } finally {
          await again.close();
        }
      } finally {
        await one.close().catch(() => {});
        await two.close().catch(() => {});
        await env.drop();
      }
    });
  });
}
