// Refusals carry what a client needs as data, so the web app words them without reading the
// English of `message`: `detail` names the field, `type` the kind of problem and `ctx` the limit
// broken (the schema's, or the event type's own range).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type TestApp } from '../helpers/app.ts';

for (const d of testDatabases()) {
  describe(`error detail: field, kind and limit [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
      t.clock.set('2026-11-22T12:00:00Z');
    });
    after(async () => t?.close());

    /** Each issue without its English (msg), which a client must not need. */
    const issues = (body: { detail: { msg: string }[] }) => body.detail.map(({ msg, ...rest }) => (assert.equal(typeof msg, 'string'), rest));

    test('a schema limit: characters, and a value', async () => {
      const f = await signUp(t.app);
      const note = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'x'.repeat(301) }, { token: f.token });
      assert.equal(note.status, 400, note.text);
      assert.equal(note.body.error, 'bad_request');
      assert.deepEqual(issues(note.body), [{ loc: ['body', 'note'], type: 'too_big', ctx: { origin: 'string', maximum: 300 } }]);
      const password = await call(t.app, 'POST', '/api/vega/onboard', { email: 'short@example.com', password: 'abc', baby_name: 'Ada', dob: '2026-05-01' });
      assert.equal(password.status, 400, password.text);
      assert.deepEqual(issues(password.body), [{ loc: ['body', 'password'], type: 'too_small', ctx: { origin: 'string', minimum: 6 } }]);
    });

    test("an event type's own range, a thermometer's decimals, too many foods, a rule without a limit", async () => {
      const f = await signUp(t.app);
      const log = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
      // The schema takes ml up to a pumping's 1000; a bottle's own range is 0 to 500.
      const bottle = await log({ type: 'milk', ml: 600 });
      assert.equal(bottle.status, 400, bottle.text);
      assert.equal(bottle.body.error, 'bad_request');
      assert.deepEqual(issues(bottle.body), [{ loc: ['body', 'ml'], type: 'out_of_range', ctx: { origin: 'number', minimum: 0, maximum: 500 } }]);
      const pumped = await log({ type: 'pumping', ml: 1001 });
      assert.deepEqual(issues(pumped.body), [{ loc: ['body', 'ml'], type: 'too_big', ctx: { origin: 'number', maximum: 1000 } }]);
      const head = await log({ type: 'head_circumference', cm: 70 });
      assert.deepEqual(issues(head.body), [{ loc: ['body', 'cm'], type: 'out_of_range', ctx: { origin: 'number', minimum: 25, maximum: 60 } }]);
      const temp = await log({ type: 'temperature', celsius: 38.25 });
      assert.deepEqual(issues(temp.body), [{ loc: ['body', 'celsius'], type: 'out_of_range', ctx: { decimals: 1 } }]);
      const foods = await log({ type: 'solid', foods: Array.from({ length: 31 }, (_, i) => `food ${i}`) });
      assert.equal(foods.status, 400, foods.text);
      assert.deepEqual(issues(foods.body), [{ loc: ['body', 'foods'], type: 'too_big', ctx: { origin: 'array', maximum: 30 } }]);
      // A rule without a limit: the field, and no ctx.
      const unit = await log({ type: 'medicine', medicine: 'Calpol', amount: 2.5 });
      assert.deepEqual(issues(unit.body), [{ loc: ['body', 'unit'], type: 'invalid_event' }]);
    });

    test('a time in the future or too long ago, a date of birth in the future or too long ago', async () => {
      const f = await signUp(t.app);
      const future = await call(t.app, 'POST', '/api/vega/log', { type: 'wake', ts: '2026-11-22T13:00:00' }, { token: f.token });
      assert.equal(future.status, 400, future.text);
      assert.equal(future.body.error, 'future_timestamp');
      assert.deepEqual(issues(future.body), [{ loc: ['body', 'ts'], type: 'future_timestamp' }]);
      const old = await call(t.app, 'POST', '/api/vega/log', { type: 'wake', ts: '2019-01-01T10:00:00' }, { token: f.token });
      assert.equal(old.body.error, 'invalid_timestamp');
      assert.deepEqual(issues(old.body), [{ loc: ['body', 'ts'], type: 'too_old' }]);
      const gap = await call(t.app, 'POST', '/api/vega/log', { type: 'wake', ts: '2026-03-29T01:30:00' }, { token: f.token });
      assert.equal(gap.body.error, 'invalid_timestamp');
      assert.deepEqual(issues(gap.body), [{ loc: ['body', 'ts'], type: 'invalid_timestamp' }]);
      const born = await call(t.app, 'POST', '/api/vega/profile', { dob: '2026-12-01' }, { token: f.token });
      assert.equal(born.status, 400, born.text);
      assert.equal(born.body.error, 'invalid_dob');
      assert.deepEqual(issues(born.body), [{ loc: ['body', 'dob'], type: 'in_future' }]);
      const older = await call(t.app, 'POST', '/api/vega/profile', { dob: '2020-01-01' }, { token: f.token });
      assert.deepEqual(issues(older.body), [{ loc: ['body', 'dob'], type: 'too_old' }]);
    });
  });
}
