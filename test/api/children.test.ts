// Several children in one family (issue 25), on both databases: every route and status of
// /api/vega/children, a child named on reads and writes, twins logged at once (no event on the
// wrong child), a feed timer each racing, insights per child equal to a one-child family with
// the same log, and no child id ever crossing families.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, joinFamily, signUp, startApp, type TestApp } from '../helpers/app.ts';

type Cred = { token: string };

async function addChild(app: FastifyInstance, cred: Cred, baby_name: string, dob = '2026-05-01', gender?: string): Promise<string> {
  const r = await call(app, 'POST', '/api/vega/children', { baby_name, dob, ...(gender ? { gender } : {}) }, cred);
  assert.equal(r.status, 200, r.text);
  return r.body.child.id;
}

async function childIds(app: FastifyInstance, cred: Cred): Promise<Record<string, string>> {
  const r = await call(app, 'GET', '/api/vega/children', undefined, cred);
  return Object.fromEntries(r.body.children.map((c: { baby_name: string; id: string }) => [c.baby_name, c.id]));
}

const today = (app: FastifyInstance, cred: Cred, child?: string) =>
  call(app, 'GET', `/api/vega/today${child ? `?child=${child}` : ''}`, undefined, cred);

for (const d of testDatabases()) {
  describe(`children [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    test('the child made at sign-up is the primary child; a family with one child sees no child ids anywhere', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', gender: 'girl' });
      const tok = { token: f.token };
      const list = await call(t.app, 'GET', '/api/vega/children', undefined, tok);
      assert.equal(list.status, 200, list.text);
      assert.equal(list.body.children.length, 1);
      const [ada] = list.body.children;
      assert.match(ada.id, /^[0-9a-f]{12}$/);
      assert.deepEqual(
        { ...ada, id: undefined },
        { id: undefined, baby_name: 'Ada', dob: '2026-05-01', gender: 'girl', age_months: 6.7, age_display: '6 months', archived: false, primary: true },
      );
      const logged = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-22T10:00:00' }, tok);
      assert.equal(logged.status, 200, logged.text);
      assert.equal('child_id' in logged.body.event, false);
      assert.equal('child_id' in (await today(t.app, tok)).body.events[0], false);
      assert.equal('child_id' in (await call(t.app, 'GET', '/api/vega/profile', undefined, tok)).body, false);
      const exp = await call(t.app, 'GET', '/api/vega/export', undefined, tok);
      assert.equal('children' in exp.body, false);
      assert.equal('child_id' in exp.body.events[0], false);
      // Naming the only child is allowed and changes nothing.
      const named = await today(t.app, tok, ada.id);
      assert.deepEqual(named.body, (await today(t.app, tok)).body);
    });

    test('add, edit, archive, make primary and delete; every refusal is clear and changes nothing', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada' });
      const tok = { token: f.token };
      const member = await joinFamily(t.app, f, 'nanny');
      const before = () => call(t.app, 'GET', '/api/vega/children', undefined, tok).then((r) => r.body);

      const added = await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Tom', dob: '2024-03-10', gender: 'boy' }, tok);
      assert.equal(added.status, 200, added.text);
      assert.deepEqual({ ...added.body.child, id: undefined, age_months: undefined, age_display: undefined }, {
        id: undefined, baby_name: 'Tom', dob: '2024-03-10', gender: 'boy', age_months: undefined, age_display: undefined, archived: false, primary: false,
      });
      assert.equal(added.body.child.age_display, '2 years 8 months');
      const tom = added.body.child.id;
      const snapshot = await before();

      // Bad input: 400 naming the field; duplicates and limits 409; members 403. Nothing changes.
      const noName = await call(t.app, 'POST', '/api/vega/children', { dob: '2026-01-01' }, tok);
      assertError(noName, 400);
      assert.deepEqual(noName.body.detail.map((x: { loc: string[] }) => x.loc), [['body', 'baby_name']]);
      const future = await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Bea', dob: '2027-01-01' }, tok);
      assertError(future, 400, 'invalid_dob');
      assertError(await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Bea', dob: '2026-01-01', gender: 'dragon' }, tok), 400);
      assertError(await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Bea', dob: '2026-01-01', extra: 1 }, tok), 400);
      assertError(await call(t.app, 'POST', '/api/vega/children', { baby_name: ' TOM ', dob: '2026-01-01' }, tok), 409, 'child_name_taken');
      assertError(await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Bea', dob: '2026-01-01' }, { token: member.token }), 403, 'forbidden');
      assertError(await call(t.app, 'POST', '/api/vega/children/edit', { id: tom, changes: { baby_name: 'ada' } }, tok), 409, 'child_name_taken');
      assertError(await call(t.app, 'POST', '/api/vega/children/edit', { id: tom, changes: {} }, tok), 400, 'nothing_to_change');
      assertError(await call(t.app, 'POST', '/api/vega/children/edit', { id: 'nochild', changes: { gender: 'boy' } }, tok), 404, 'child_not_found');
      assertError(await call(t.app, 'POST', '/api/vega/children/archive', { id: tom, archived: true }, { token: member.token }), 403, 'forbidden');
      assertError(await call(t.app, 'POST', '/api/vega/children/delete', { id: tom }, { token: member.token }), 403, 'forbidden');
      assert.deepEqual(await before(), snapshot);

      // Members read the list.
      const seen = await call(t.app, 'GET', '/api/vega/children', undefined, { token: member.token });
      assert.deepEqual(seen.body, snapshot);

      const edited = await call(t.app, 'POST', '/api/vega/children/edit', { id: tom, changes: { baby_name: 'Thomas', dob: '2024-03-11' } }, tok);
      assert.equal(edited.status, 200, edited.text);
      assert.deepEqual([edited.body.child.baby_name, edited.body.child.dob, edited.body.child.gender], ['Thomas', '2024-03-11', 'boy']);

      // Primary: the child every request that names none is about.
      const ada = (await childIds(t.app, tok)).Ada!;
      const made = await call(t.app, 'POST', '/api/vega/children/primary', { id: tom }, tok);
      assert.equal(made.status, 200, made.text);
      assert.equal(made.body.child.primary, true);
      assert.equal((await call(t.app, 'GET', '/api/vega/profile', undefined, tok)).body.baby_name, 'Thomas');
      assertError(await call(t.app, 'POST', '/api/vega/children/delete', { id: tom }, tok), 409, 'primary_child');
      assertError(await call(t.app, 'POST', '/api/vega/children/archive', { id: tom, archived: true }, tok), 409, 'primary_child');
      assert.equal((await call(t.app, 'POST', '/api/vega/children/primary', { id: ada }, tok)).status, 200);

      // Archived: history readable, no new logs, still counted; back again.
      await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-22T10:00:00', child: tom }, tok);
      const archived = await call(t.app, 'POST', '/api/vega/children/archive', { id: tom, archived: true }, tok);
      assert.equal(archived.body.child.archived, true);
      assertError(await call(t.app, 'POST', '/api/vega/children/primary', { id: tom }, tok), 409, 'child_archived');
      const refused = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'dirty', child: tom }, tok);
      assertError(refused, 409, 'child_archived');
      assertError(await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left', child: tom }, tok), 409, 'child_archived');
      assert.equal((await today(t.app, tok, tom)).body.events.length, 1, 'history stays readable');
      assertError(await call(t.app, 'POST', '/api/vega/children/delete', { id: tom }, tok), 409, 'child_has_events');
      assert.equal((await call(t.app, 'POST', '/api/vega/children/archive', { id: tom, archived: false }, tok)).body.child.archived, false);

      // Delete: only a child added by mistake.
      const bea = await addChild(t.app, tok, 'Bea');
      const del = await call(t.app, 'POST', '/api/vega/children/delete', { id: bea }, tok);
      assert.deepEqual(del.body, { ok: true, deleted: bea });
      assertError(await call(t.app, 'GET', `/api/vega/live?child=${bea}`, undefined, tok), 404, 'child_not_found');
      assert.deepEqual(Object.keys(await childIds(t.app, tok)).sort(), ['Ada', 'Thomas']);
    });

    test('at most 10 children, archived ones included; the 11th is 409 child_limit', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      for (let i = 2; i <= 10; i++) await addChild(t.app, tok, `Child ${i}`);
      const one = (await childIds(t.app, tok))['Child 2']!;
      await call(t.app, 'POST', '/api/vega/children/archive', { id: one, archived: true }, tok);
      const eleventh = await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Child 11', dob: '2026-05-01' }, tok);
      assertError(eleventh, 409, 'child_limit');
      assert.equal(Object.keys(await childIds(t.app, tok)).length, 10);
    });

    test('a child on reads and writes: unknown ids 404, routes that take none 400, events say whose they are', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada' });
      const tok = { token: f.token };
      const tom = await addChild(t.app, tok, 'Tom');
      const ada = (await childIds(t.app, tok)).Ada!;
      const r = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90, ts: '2026-11-22T09:00:00', child: tom }, tok);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.event.child_id, tom);
      const primary = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 150, ts: '2026-11-22T09:30:00' }, tok);
      assert.equal(primary.body.event.child_id, ada, 'no child: the primary child');
      assert.equal(primary.body.live.ml_today, 150, "the answer's live status is Ada's alone");
      assert.equal(r.body.live.ml_today, 90);

      const reads = ['/api/vega/today', '/api/vega/events?date=2026-11-22', '/api/vega/live', '/api/vega/patterns', '/api/vega/measurements', '/api/vega/stats',
        '/api/vega/profile', '/api/vega/growth-summary', '/api/vega/food/suggestions', '/api/vega/report?from=2026-11-22&to=2026-11-22', '/api/vega/export.csv'];
      for (const path of reads) {
        const sep = path.includes('?') ? '&' : '?';
        const ok = await call(t.app, 'GET', `${path}${sep}child=${tom}`, undefined, tok);
        assert.equal(ok.status, 200, `${path}: ${ok.text}`);
        const bad = await call(t.app, 'GET', `${path}${sep}child=ffffffffffff`, undefined, tok);
        assertError(bad, 404, 'child_not_found', path);
        assert.match(bad.body.message, /Ada \(id [0-9a-f]{12}\), Tom \(id [0-9a-f]{12}\)/);
      }
      assert.deepEqual((await today(t.app, tok, tom)).body.events.map((e: { ml: number; child_id: string }) => [e.ml, e.child_id]), [[90, tom]]);
      assert.deepEqual((await today(t.app, tok, ada)).body.events.map((e: { ml: number }) => e.ml), [150]);
      assert.equal((await call(t.app, 'GET', `/api/vega/live?child=${tom}`, undefined, tok)).body.ml_today, 90);
      assert.equal((await call(t.app, 'GET', `/api/vega/profile?child=${tom}`, undefined, tok)).body.baby_name, 'Tom');
      assert.equal((await call(t.app, 'GET', `/api/vega/patterns?child=${tom}`, undefined, tok)).body.baby_name, 'Tom');
      assert.match((await call(t.app, 'GET', `/api/vega/export.csv?child=${tom}`, undefined, tok)).headers['content-disposition'] as string, /baby-tracker-Tom-/);

      for (const path of ['/api/vega/tokens', '/api/vega/family', '/api/vega/children', '/api/me', '/api/vega/export']) {
        const refused = await call(t.app, 'GET', `${path}?child=${tom}`, undefined, tok);
        assertError(refused, 400, 'bad_request', path);
        assert.deepEqual(refused.body.detail.map((x: { loc: string[] }) => x.loc), [['query', 'child']]);
      }
      const wrongBody = await call(t.app, 'POST', '/api/vega/undo', { child: tom }, tok);
      assertError(wrongBody, 400);
      assert.deepEqual((await today(t.app, tok, tom)).body.events.length, 1, 'the refused undo removed nothing');
      assertError(await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', child: '' }, tok), 400);

      // Moving an event to the other child is an edit of child_id.
      const moved = await call(t.app, 'POST', '/api/vega/event/edit', { id: r.body.event.id, changes: { child_id: ada } }, tok);
      assert.equal(moved.status, 200, moved.text);
      assert.equal(moved.body.event.child_id, ada);
      assert.equal(moved.body.live.ml_today, 240, "the live status answered is the event's child's");
      assert.equal((await today(t.app, tok, tom)).body.events.length, 0);
      assertError(await call(t.app, 'POST', '/api/vega/event/edit', { id: r.body.event.id, changes: { child_id: 'nochild' } }, tok), 404, 'child_not_found');

      // Undo removes the family's most recent log, whichever child, and says whose it was.
      await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'dirty', ts: '2026-11-22T11:00:00', child: tom }, tok);
      const undone = await call(t.app, 'POST', '/api/vega/undo', undefined, tok);
      assert.equal(undone.body.removed.child_id, tom);
      assert.match(undone.body.message, /^Removed Tom's dirty nappy/);
    });

    test('profile: the child named in the body changes; family settings are shared', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada', family_name: 'Lovelace' });
      const tok = { token: f.token };
      const tom = await addChild(t.app, tok, 'Tom');
      const up = await call(t.app, 'POST', '/api/vega/profile', { child: tom, baby_name: 'Tommy', gender: 'boy', family_name: 'Lovelace-Babbage', timezone: 'Europe/Paris' }, tok);
      assert.equal(up.status, 200, up.text);
      assert.deepEqual([up.body.profile.baby_name, up.body.profile.gender, up.body.profile.family_name, up.body.profile.timezone, up.body.profile.child_id],
        ['Tommy', 'boy', 'Lovelace-Babbage', 'Europe/Paris', tom]);
      const adaProfile = await call(t.app, 'GET', '/api/vega/profile', undefined, tok);
      assert.deepEqual([adaProfile.body.baby_name, adaProfile.body.family_name, adaProfile.body.timezone], ['Ada', 'Lovelace-Babbage', 'Europe/Paris']);
      assertError(await call(t.app, 'POST', '/api/vega/profile', { child: tom, baby_name: 'ADA' }, tok), 409, 'child_name_taken');
      assertError(await call(t.app, 'POST', '/api/vega/profile', { child: 'nochild', baby_name: 'X' }, tok), 404, 'child_not_found');
      assert.equal((await call(t.app, 'GET', `/api/vega/profile?child=${tom}`, undefined, tok)).body.baby_name, 'Tommy', 'refusals changed nothing');
    });

    test('twins logged at once by two caregivers: every event on the child it was logged for', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada' });
      const tok = { token: f.token };
      const other = await joinFamily(t.app, f, 'dad');
      const tom = await addChild(t.app, tok, 'Tom');
      const ada = (await childIds(t.app, tok)).Ada!;
      const logs = Array.from({ length: 40 }, (_, i) => {
        const child = i % 2 ? tom : ada;
        const cred = i % 4 < 2 ? tok : { token: other.token };
        return call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 10 + i, ts: `2026-11-22T0${Math.floor(i / 10)}:${String((i % 10) * 5).padStart(2, '0')}:00`, child }, cred);
      });
      const done = await Promise.all(logs);
      for (const r of done) assert.equal(r.status, 200, r.text);
      const adaMls = (await today(t.app, tok, ada)).body.events.map((e: { ml: number }) => e.ml).sort((a: number, b: number) => a - b);
      const tomMls = (await today(t.app, tok, tom)).body.events.map((e: { ml: number }) => e.ml).sort((a: number, b: number) => a - b);
      assert.deepEqual(adaMls, Array.from({ length: 20 }, (_, i) => 10 + 2 * i));
      assert.deepEqual(tomMls, Array.from({ length: 20 }, (_, i) => 11 + 2 * i));
      // Each live status counts its own child's milk only.
      assert.equal((await call(t.app, 'GET', `/api/vega/live?child=${ada}`, undefined, tok)).body.ml_today, adaMls.reduce((a: number, b: number) => a + b, 0));
      assert.equal((await call(t.app, 'GET', `/api/vega/live?child=${tom}`, undefined, tok)).body.ml_today, tomMls.reduce((a: number, b: number) => a + b, 0));
    });

    test('a feed timer each: twins feed together; starting one child twice at once has one winner', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada' });
      const tok = { token: f.token };
      const other = await joinFamily(t.app, f, 'dad');
      const tom = await addChild(t.app, tok, 'Tom');
      const ada = (await childIds(t.app, tok)).Ada!;
      const race = await Promise.all([
        call(t.app, 'POST', '/api/vega/feed/start', { side: 'left', child: ada }, tok),
        call(t.app, 'POST', '/api/vega/feed/start', { side: 'right', child: ada }, { token: other.token }),
        call(t.app, 'POST', '/api/vega/feed/start', { side: 'right', child: tom }, tok),
        call(t.app, 'POST', '/api/vega/feed/start', { side: 'left', child: tom }, { token: other.token }),
      ]);
      const statuses = race.map((r) => r.status);
      assert.deepEqual([statuses.slice(0, 2).sort(), statuses.slice(2).sort()], [[200, 409], [200, 409]], JSON.stringify(race.map((r) => r.body)));
      for (const r of race.filter((x) => x.status === 409)) assertError(r, 409, 'feed_in_progress');
      const adaLive = await call(t.app, 'GET', `/api/vega/live?child=${ada}`, undefined, tok);
      const tomLive = await call(t.app, 'GET', `/api/vega/live?child=${tom}`, undefined, tok);
      assert.ok(adaLive.body.feeding && tomLive.body.feeding, 'both feeding');
      assert.equal(adaLive.body.feeding.side, race.find((r, i) => i < 2 && r.status === 200)!.body.feed.side);
      t.clock.advance(12 * 60_000);
      const stopAda = await call(t.app, 'POST', '/api/vega/feed/stop', { child: ada }, tok);
      assert.equal(stopAda.status, 200, stopAda.text);
      assert.deepEqual([stopAda.body.event.child_id, stopAda.body.event.duration_min], [ada, 12]);
      assert.equal(stopAda.body.live.feeding, null);
      assert.ok((await call(t.app, 'GET', `/api/vega/live?child=${tom}`, undefined, tok)).body.feeding, "Tom's feed runs on");
      const cancel = await call(t.app, 'POST', '/api/vega/feed/cancel', { child: tom }, tok);
      assert.equal(cancel.status, 200, cancel.text);
      assertError(await call(t.app, 'POST', '/api/vega/feed/cancel', { child: tom }, tok), 409, 'no_feed_in_progress');
      assert.equal((await today(t.app, tok, tom)).body.events.length, 0, 'a cancelled feed logs nothing');
      t.clock.set('2026-11-22T12:00:00Z');
    });

    test("each child's insights equal those of a one-child family with the same log", async () => {
      const twins = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', gender: 'girl' });
      const tok = { token: twins.token };
      const tom = await addChild(t.app, tok, 'Tom', '2026-05-01', 'boy');
      const ada = (await childIds(t.app, tok)).Ada!;
      const solo = { Ada: await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', gender: 'girl' }), Tom: await signUp(t.app, { baby_name: 'Tom', dob: '2026-05-01', gender: 'boy' }) };
      const entries = (who: 'Ada' | 'Tom') => [
        { type: 'weight', kg: who === 'Ada' ? 7.1 : 7.9, ts: '2026-11-20T08:00:00' },
        { type: 'milk', ml: who === 'Ada' ? 120 : 150, ts: '2026-11-22T06:00:00' },
        { type: 'sleep', ts: '2026-11-22T07:10:00' },
        { type: 'wake', ts: '2026-11-22T08:20:00' },
        { type: 'solid', foods: who === 'Ada' ? ['egg', 'banana'] : ['peanut butter'], meal_type: 'meal', ts: '2026-11-22T09:00:00' },
        { type: 'nappy', kind: who === 'Ada' ? 'dirty' : 'wet', ts: '2026-11-22T10:00:00' },
        ...(who === 'Tom' ? [{ type: 'sleep', ts: '2026-11-22T11:00:00' }] : []),
      ];
      for (const who of ['Ada', 'Tom'] as const) {
        for (const e of entries(who)) {
          assert.equal((await call(t.app, 'POST', '/api/vega/log', { ...e, child: who === 'Ada' ? ada : tom }, tok)).status, 200);
          assert.equal((await call(t.app, 'POST', '/api/vega/log', e, { token: solo[who].token })).status, 200);
        }
      }
      const strip = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (k, x) => (k === 'id' || k === 'child_id' || k === 'author' ? undefined : x)));
      for (const [who, id] of [['Ada', ada], ['Tom', tom]] as const) {
        for (const path of ['/api/vega/live', '/api/vega/patterns', '/api/vega/measurements', '/api/vega/today', '/api/vega/food/suggestions']) {
          const mine = await call(t.app, 'GET', `${path}?child=${id}`, undefined, tok);
          const theirs = await call(t.app, 'GET', path, undefined, { token: solo[who].token });
          assert.deepEqual(strip(mine.body), strip(theirs.body), `${who} ${path}`);
        }
      }
      // A warning is judged from the child's own log: Tom is asleep, Ada is not.
      const adaSleep = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', child: ada }, tok);
      assert.equal(adaSleep.body.warning, null);
      const tomSleep = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', child: tom }, tok);
      assert.equal(tomSleep.body.warning?.type, 'already_asleep');
    });

    test("no child id crosses families: another family's child is simply not found, on every read and write", async () => {
      const a = await signUp(t.app, { baby_name: 'Ada' });
      const b = await signUp(t.app, { baby_name: 'Bob' });
      const bKid = await addChild(t.app, { token: b.token }, 'Bea');
      const bPrimary = (await childIds(t.app, { token: b.token })).Bob!;
      const logged = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-22T10:00:00', child: bKid }, { token: b.token });
      assert.equal(logged.status, 200);
      const cred = { token: a.token };
      for (const id of [bKid, bPrimary]) {
        for (const path of ['/api/vega/today', '/api/vega/live', '/api/vega/patterns', '/api/vega/measurements', '/api/vega/profile', '/api/vega/events?date=2026-11-22', '/api/vega/report?from=2026-11-22&to=2026-11-22']) {
          const sep = path.includes('?') ? '&' : '?';
          const r = await call(t.app, 'GET', `${path}${sep}child=${id}`, undefined, cred);
          assertError(r, 404, 'child_not_found', path);
          assert.equal(r.text.includes('Bea') || r.text.includes('Bob'), false, 'no hint of the other family');
        }
        for (const [path, body] of [
          ['/api/vega/log', { type: 'nappy', kind: 'wet', child: id }],
          ['/api/vega/feed/start', { side: 'left', child: id }],
          ['/api/vega/profile', { child: id, baby_name: 'Mine now' }],
          ['/api/vega/children/edit', { id, changes: { baby_name: 'Mine now' } }],
          ['/api/vega/children/archive', { id, archived: true }],
          ['/api/vega/children/primary', { id }],
          ['/api/vega/children/delete', { id }],
          ['/api/vega/event/edit', { id: logged.body.event.id, changes: { child_id: id } }],
        ] as const) {
          const r = await call(t.app, 'POST', path, body, cred);
          assertError(r, 404, 'child_not_found', path);
          assert.equal(r.text.includes('Bea') || r.text.includes('Bob'), false, 'no hint of the other family');
        }
      }
      // Moving one of A's own events to B's child is refused too.
      const mine = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-22T10:00:00' }, cred);
      assertError(await call(t.app, 'POST', '/api/vega/event/edit', { id: mine.body.event.id, changes: { child_id: bKid } }, cred), 404, 'child_not_found');
      // B is untouched.
      const bList = await call(t.app, 'GET', '/api/vega/children', undefined, { token: b.token });
      assert.deepEqual(bList.body.children.map((c: { baby_name: string; archived: boolean; primary: boolean }) => [c.baby_name, c.archived, c.primary]).sort(), [['Bea', false, false], ['Bob', false, true]]);
      assert.equal((await today(t.app, { token: b.token }, bKid)).body.events.length, 1);
      assert.equal((await call(t.app, 'GET', '/api/vega/live', undefined, { token: b.token })).body.feeding ?? null, null);
    });
  });
}
