// Questions about what the log records since 1.3.0 (issue 26) through POST /api/ask and the
// connector's ask_question, on both databases: medicines given (two caregivers), a temperature
// this morning, tummy time, pumping, a milestone and a head circumference older than the answer
// window. Dosing questions stay with the guardrail; a question about medicines given is
// answered by the built-in answerer even when a model is configured.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, joinFamily, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm.ts';
import { connect, newToken } from '../mcp/harness.ts';

const NOW = '2026-11-22T12:00:00Z'; // 12:00 in London

async function logAll(t: TestApp, token: string, events: Record<string, unknown>[]) {
  for (const e of events) {
    const r = await call(t.app, 'POST', '/api/vega/log', e, { token });
    assert.equal(r.status, 200, `${JSON.stringify(e)}: ${r.text}`);
  }
}

async function family(t: TestApp) {
  const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-10', gender: 'girl' });
  const gran = await joinFamily(t.app, f, 'grandma');
  await logAll(t, f.token, [
    { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T06:00:00' },
    { type: 'temperature', celsius: 37.9, method: 'armpit', ts: '2026-11-22T07:15:00' },
    { type: 'activity', kind: 'tummy_time', duration_min: 10, ts: '2026-11-22T08:10:00' },
    { type: 'activity', kind: 'tummy_time', duration_min: 12, ts: '2026-11-22T11:00:00' },
    { type: 'pumping', ml: 120, side: 'left', ts: '2026-11-21T06:00:00' },
    { type: 'pumping', ml: 150, ts: '2026-11-21T18:00:00' },
    // Older than the 60-day answer window: still found.
    { type: 'milestone', title: 'Rolled over', ts: '2026-08-15T10:00:00' },
    { type: 'head_circumference', cm: 40.2, ts: '2026-09-01T09:00:00' },
  ]);
  await logAll(t, gran.token, [{ type: 'medicine', medicine: 'calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T10:00:00' }]);
  return { f, gran };
}

for (const d of testDatabases()) {
  describe(`asking about medicines, temperatures, tummy time, pumping and milestones [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    let granName: string;
    const ask = async (question: string) => {
      const r = await call(t.app, 'POST', '/api/ask', { question }, { token: f.token });
      assert.equal(r.status, 200, r.text);
      return r.body;
    };
    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
      t.clock.set(NOW);
      const made = await family(t);
      f = made.f;
      granName = made.gran.username;
    });
    after(async () => {
      await t?.close();
    });

    test('"when did she last have Calpol?" is answered from the log: the last dose, who gave it, the doses of the last 24 hours', async () => {
      const a = await ask('When did she last have Calpol?');
      assert.equal(a.guardrail, null);
      assert.equal(a.model, 'builtin-rules-v1');
      assert.equal(a.answer, `Ada last had Calpol at 10:00 today, 2 h ago: 2.5 ml, given by ${granName}. In the last 24 hours: Calpol twice (06:00 and 10:00).`);
      assert.equal((await ask('how many doses of Calpol has she had today?')).answer, `Ada had 2 doses of Calpol so far today: 06:00 (2.5 ml, given by ${f.username}) and 10:00 (2.5 ml, given by ${granName}), 5 ml in all.`);
    });

    test('how much medicine to give stays refused by the guardrail, with no figure in the answer', async () => {
      for (const q of ['How much Calpol can I give her?', 'what dose of ibuprofen for a 6 month old', 'When can she have Calpol again?']) {
        const a = await ask(q);
        assert.equal(a.guardrail, 'medication', q);
        assert.equal(a.model, null);
        assert.match(a.answer, /pharmacist/);
        assert.doesNotMatch(a.answer, /\d+(\.\d+)?\s*(ml|mg)\b|Calpol|10:00/i, q);
      }
    });

    test('temperature this morning, tummy time today, pumping yesterday, the first roll and the head circumference', async () => {
      assert.equal((await ask("What was her temperature this morning?")).answer, "Ada's temperature this morning: 37.9 °C (100.2 °F) at 07:15 (armpit).");
      assert.equal((await ask('How much tummy time today?')).answer, 'Ada had 22 min of tummy time so far today in 2 sessions (08:10 for 10 min and 11:00 for 12 min).');
      assert.equal((await ask('How much did I pump yesterday?')).answer, 'Pumped for Ada yesterday (Sat 21 Nov): 270 ml in 2 sessions (06:00 120 ml (left side) and 18:00 150 ml).');
      assert.match((await ask('When did she first roll over?')).answer, /^Ada's log has "Rolled over" on Sat 15 Aug at 10:00, at 3 months/);
      const head = await ask('What centile is her head circumference?');
      assert.match(head.answer, /^Ada's latest head circumference is 40\.2 cm, logged at 09:00 on Tue 1 Sep: around the \d+(st|nd|rd|th) percentile on the WHO growth charts/);
    });

    test("a temperature answer carries live status's urgent alert for a 6-week-old, as the live card does", async () => {
      const bo = await signUp(t.app, { baby_name: 'Bo', dob: '2026-10-11', gender: 'boy' });
      await logAll(t, bo.token, [{ type: 'temperature', celsius: 38.2, method: 'rectal', ts: '2026-11-22T09:00:00' }]);
      const live = (await call(t.app, 'GET', '/api/vega/live', undefined, { token: bo.token })).body;
      assert.equal(live.alert_level, 'urgent');
      const r = await call(t.app, 'POST', '/api/ask', { question: 'What was his temperature this morning?' }, { token: bo.token });
      assert.equal(r.body.guardrail, null);
      assert.equal(r.body.answer, `Bo's temperature this morning: 38.2 °C (100.8 °F) at 09:00 (rectal). ${live.alert_msg}`);
    });

    test("the connector's ask_question answers the same", async () => {
      const c = await connect(t, await newToken(t, f.cookie));
      const r = (await c.client.callTool({ name: 'ask_question', arguments: { question: 'When did she last have Calpol?' } })) as unknown as { structuredContent: { answer: string; guardrail: string | null } };
      assert.equal(r.structuredContent.answer, (await ask('When did she last have Calpol?')).answer);
      assert.equal(r.structuredContent.guardrail, null);
      await c.close();
    });
  });

  describe(`asking about medicines given with a model configured [${d.name}]`, { skip: d.skip }, () => {
    let llm: FakeLlm;
    let t: TestApp;
    let f: Family;
    before(async () => {
      llm = await startFakeLlm(() => 'From the model: 22 minutes.');
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid', ASK_LLM_URL: llm.url, ASK_LLM_MODEL: 'tiny-test-model' });
      t.clock.set(NOW);
      f = (await family(t)).f;
    });
    after(async () => {
      await t?.close();
      llm?.close();
    });

    test('a question about medicines given is answered by the built-in answerer; the model never sees it', async () => {
      llm.seen.length = 0;
      const r = await call(t.app, 'POST', '/api/ask', { question: 'When did she last have Calpol?' }, { token: f.token });
      assert.equal(r.status, 200);
      assert.equal(r.body.model, 'builtin-rules-v1');
      assert.equal(r.body.guardrail, null);
      assert.match(r.body.answer, /^Ada last had Calpol at 10:00 today/);
      assert.equal(llm.seen.length, 0);
      const other = await call(t.app, 'POST', '/api/ask', { question: 'How much tummy time today?' }, { token: f.token });
      assert.equal(other.body.answer, 'From the model: 22 minutes.');
      assert.equal(llm.seen.length, 1);
      const sent = JSON.stringify(llm.seen[0].body);
      assert.match(sent, /08:10 tummy time 10 min/, 'the new types reach the model context');
      assert.doesNotMatch(sent, /Calpol|2\.5 ml/, 'which medicine and how much stay out of it');
    });
  });
}
