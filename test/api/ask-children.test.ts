// Questions in a family of several children (issue 25 part 4), over HTTP on both databases: a
// question naming a child answers for that child; one naming none answers for each active child,
// each named, or asks which child; a family of one child is answered as before; one question is
// counted once; the optional model is told which child is which.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm.ts';
import { LLM_CHILDREN_PROMPT, LLM_SYSTEM_PROMPT } from '../../src/domain/answerer/context.ts';

/** A family with Ada (primary), Tom and the archived Kit; feeds at 10:10 (Ada) and 09:45 (Tom). */
async function twoChildren(t: TestApp) {
  const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', timezone: 'Europe/London' });
  const tok = { token: f.token };
  const add = async (baby_name: string) => (await call(t.app, 'POST', '/api/vega/children', { baby_name, dob: '2026-05-01' }, tok)).body.child.id as string;
  const tom = await add('Tom');
  const kit = await add('Kit');
  const log = async (body: Record<string, unknown>) => assert.equal((await call(t.app, 'POST', '/api/vega/log', body, tok)).status, 200);
  await log({ type: 'milk', ml: 120, ts: '2026-11-22T10:10:00' });
  await log({ type: 'nappy', kind: 'dirty', ts: '2026-11-22T11:00:00' });
  await log({ type: 'milk', ml: 90, ts: '2026-11-22T09:45:00', child: tom });
  await log({ type: 'milk', ml: 60, ts: '2026-11-22T08:00:00', child: kit });
  assert.equal((await call(t.app, 'POST', '/api/vega/children/archive', { id: kit, archived: true }, tok)).status, 200);
  return { f, tom, kit };
}

const ADA_FEED = "Ada's last feed was at 10:10 today, 1 h 50 min ago, 120 ml.";
const TOM_FEED = "Tom's last feed was at 09:45 today, 2 h 15 min ago, 90 ml.";

for (const d of testDatabases()) {
  describe(`questions in a family of several children [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid', ASK_DAILY_LIMIT: '50' });
      t.clock.set('2026-11-22T12:00:00Z');
      f = (await twoChildren(t)).f;
    });
    after(async () => t?.close());

    const ask = async (question: string, fam = f) => {
      const r = await call(t.app, 'POST', '/api/ask', { question }, { token: fam.token });
      assert.equal(r.status, 200, r.text);
      return r.body;
    };

    test("a question naming a child is answered from that child's log only", async () => {
      const r = await ask('When did Tom last feed?');
      assert.equal(r.answer, TOM_FEED);
      assert.equal(r.model, 'builtin-rules-v1');
      assert.equal(r.context_used, true);
      assert.equal((await ask("What time was tom's last feed?")).answer, TOM_FEED, 'any case, possessive');
      assert.equal((await ask('When did Ada last feed?')).answer, ADA_FEED);
      // An archived child named is answered: its history stays readable.
      assert.equal((await ask('When did Kit last feed?')).answer, "Kit's last feed was at 08:00 today, 4 h ago, 60 ml.");
    });

    test('a question naming none is answered for each active child, each on a line naming the child', async () => {
      const r = await ask('When did she last feed?');
      assert.equal(r.answer, `${ADA_FEED}\n${TOM_FEED}`);
      assert.ok(!r.answer.includes('Kit'), 'an archived child is left out');
      assert.equal(r.context_used, true);
      const poo = await ask('Did she poo today?');
      assert.equal(poo.answer, 'Ada: Yes. Ada had 1 dirty nappy (poos) so far today.\nTom: No. Tom had 0 dirty nappies (poos) so far today.');
      const both = await ask('How much milk did Ada and Tom have today?');
      assert.equal(both.answer, 'Ada had 120 ml of milk over 1 feed so far today.\nTom had 90 ml of milk over 1 feed so far today.');
    });

    test('a mood question naming none asks which child; one question is counted once', async () => {
      const before = (await ask('remember: #calm she likes the blue blanket')).usage_limit.daily_used;
      const which = await ask('Why is she so grumpy?');
      assert.equal(which.answer, "Which child do you mean: Ada or Tom? Ask again with the child's name in the question.");
      assert.equal(which.context_used, false);
      assert.equal(which.usage_limit.daily_used, before + 1);
      const each = await ask('When did she last feed?');
      assert.equal(each.usage_limit.daily_used, before + 2, 'answered for two children, counted once');
      const named = await ask('Why is Tom so grumpy?');
      assert.match(named.answer, /^The log can't tell me why Tom is grumpy/);
      assert.ok(!named.answer.includes('Ada'));
    });

    test('remembered notes stay the family\'s: quoted once after the answers', async () => {
      await ask('remember: the bottle teat was changed to a faster flow');
      const r = await ask('How big was her last bottle?');
      const lines = r.answer.split('\n');
      assert.equal(lines.length, 3, r.answer);
      assert.match(lines[0], /^Ada/);
      assert.match(lines[1], /^Tom/);
      assert.match(lines[2], /^You noted on Sun 22 Nov: "the bottle teat was changed to a faster flow"\.$/);
      assert.equal(r.saved_notes.length, 1);
    });

    test('a family of one child is answered exactly as before', async () => {
      const one = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', timezone: 'Europe/London' });
      await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 120, ts: '2026-11-22T10:10:00' }, { token: one.token });
      assert.equal((await ask('When did she last feed?', one)).answer, ADA_FEED);
      assert.equal((await ask('Why is she so grumpy?', one)).answer.startsWith("The log can't tell me why Ada is grumpy"), true);
      // A second child archived: the only active child is answered for, as a family of one.
      const tom = (await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Tom', dob: '2026-05-01' }, { token: one.token })).body.child.id;
      await call(t.app, 'POST', '/api/vega/children/archive', { id: tom, archived: true }, { token: one.token });
      assert.equal((await ask('When did she last feed?', one)).answer, ADA_FEED);
    });
  });

  describe(`questions about several children with a model [${d.name}]`, { skip: d.skip }, () => {
    let llm: FakeLlm;
    let t: TestApp;
    let f: Family;
    before(async () => {
      llm = await startFakeLlm(() => 'From the model.');
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid', ASK_LLM_URL: llm.url, ASK_LLM_MODEL: 'tiny-test-model' });
      t.clock.set('2026-11-22T12:00:00Z');
      f = (await twoChildren(t)).f;
    });
    after(async () => {
      await t?.close();
      llm?.close();
    });

    const sent = async (question: string) => {
      llm.seen.length = 0;
      const r = await call(t.app, 'POST', '/api/ask', { question }, { token: f.token });
      assert.equal(r.status, 200, r.text);
      return { r: r.body, messages: llm.seen[0]?.body.messages as { role: string; content: string }[] | undefined };
    };

    test('naming none: the model gets each active child under its own heading and is told to keep them apart', async () => {
      const { r, messages } = await sent('When did she last feed?');
      assert.equal(r.answer, 'From the model.');
      const [system, user] = messages!;
      assert.equal(system!.content, `${LLM_SYSTEM_PROMPT} ${LLM_CHILDREN_PROMPT}`);
      assert.match(user!.content, /This log covers 2 children of the family: Ada, Tom\./);
      const adaAt = user!.content.indexOf('=== Ada ===');
      const tomAt = user!.content.indexOf('=== Tom ===');
      assert.ok(adaAt > 0 && tomAt > adaAt, user!.content);
      assert.ok(user!.content.slice(adaAt, tomAt).includes('Child: Ada') && user!.content.slice(adaAt, tomAt).includes('10:10 milk 120 ml'));
      assert.ok(user!.content.slice(tomAt).includes('Child: Tom') && user!.content.slice(tomAt).includes('09:45 milk 90 ml'));
      assert.ok(!user!.content.includes('Kit'), 'an archived child is left out');
    });

    test("naming one: the model gets that child's context only, with the one-child prompt", async () => {
      const { messages } = await sent('When did Tom last feed?');
      const [system, user] = messages!;
      assert.equal(system!.content, LLM_SYSTEM_PROMPT);
      assert.ok(user!.content.includes('Child: Tom') && !user!.content.includes('Ada') && !user!.content.includes('==='));
    });

    test('asking which child needs no model', async () => {
      const { r, messages } = await sent('Why is she so grumpy?');
      assert.equal(messages, undefined);
      assert.equal(r.model, 'builtin-rules-v1');
      assert.match(r.answer, /^Which child do you mean: Ada or Tom\?/);
    });
  });
}
