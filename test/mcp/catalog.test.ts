// The connector manifest, llms.txt and the live lists agree (all come from one registry), and a
// snapshot of tool names and argument names makes any change to the tool surface show up in
// review.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { signUp, startApp, type TestApp } from '../helpers/app.ts';
import { connect, mcpUrl, newToken, NOW, type Connected } from './harness.ts';

// Update deliberately when the tool surface changes: assistants and their users depend on it.
// `child` (issue 25) is on exactly the tools about one child's log; the family's tools and
// those that find an event by id take none.
const SNAPSHOT: Record<string, string[]> = {
  log_feed: ['author', 'child', 'duration_min', 'idempotency_key', 'ml', 'note', 'side', 'timezone', 'ts'],
  log_sleep: ['author', 'child', 'idempotency_key', 'note', 'state', 'timezone', 'ts'],
  log_nappy: ['author', 'child', 'idempotency_key', 'kind', 'note', 'timezone', 'ts'],
  log_solid: ['author', 'child', 'foods', 'idempotency_key', 'meal_type', 'note', 'timezone', 'ts'],
  log_supplement: ['author', 'child', 'idempotency_key', 'kind', 'note', 'timezone', 'ts', 'ug'],
  log_growth: ['author', 'child', 'cm', 'head_cm', 'idempotency_key', 'kg', 'note', 'timezone', 'ts'],
  log_note: ['author', 'child', 'idempotency_key', 'note', 'timezone', 'ts'],
  // Issue 26: the rest of a baby's day (head circumference is log_growth's head_cm).
  log_temperature: ['author', 'celsius', 'child', 'fahrenheit', 'idempotency_key', 'method', 'note', 'timezone', 'ts'],
  log_medicine: ['amount', 'author', 'child', 'idempotency_key', 'medicine', 'note', 'timezone', 'ts', 'unit'],
  log_pumping: ['author', 'child', 'duration_min', 'idempotency_key', 'ml', 'note', 'side', 'timezone', 'ts'],
  log_activity: ['author', 'child', 'duration_min', 'idempotency_key', 'kind', 'note', 'timezone', 'ts'],
  log_milestone: ['author', 'child', 'idempotency_key', 'note', 'timezone', 'title', 'ts'],
  edit_event: ['changes', 'id', 'idempotency_key'],
  delete_event: ['id', 'idempotency_key'],
  undo_last: ['idempotency_key'],
  react_to_event: ['emoji', 'id', 'idempotency_key'],
  get_live_status: ['child'],
  get_day: ['child', 'date'],
  get_patterns: ['child'],
  get_nutrients_allergens: ['child'],
  get_measurements: ['child'],
  get_profile: ['child'],
  list_family: [],
  suggest_foods: ['child', 'limit'],
  get_events: ['child', 'days', 'type'],
  get_milestones: ['child'],
  get_medicines: ['child', 'days'],
  // Issue 28: the caller's own reminder settings (changed in the app or over REST, not here).
  get_reminders: [],
  save_recipe: ['idempotency_key', 'ingredients', 'name'],
  ask_question: ['child', 'idempotency_key', 'question'],
  list_notes: [],
  delete_note: ['idempotency_key', 'ts'],
};

for (const d of testDatabases()) {
  describe(`MCP catalog agreement [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let c: Connected;
    let base: URL;
    before(async () => {
      t = await startApp(d.name);
      t.clock.set(NOW);
      const f = await signUp(t.app);
      c = await connect(t, await newToken(t, f.cookie));
      base = await mcpUrl(t);
    });
    after(async () => {
      await c?.close();
      await t?.close();
    });

    const get = async (path: string) => fetch(new URL(path, base));

    test('the tool names and argument names match the snapshot', async () => {
      const { tools } = await c.client.listTools();
      const live = Object.fromEntries(tools.map((x) => [x.name, Object.keys(x.inputSchema.properties ?? {}).sort()]));
      assert.deepEqual(live, SNAPSHOT);
      assert.deepEqual(tools.map((x) => x.name), Object.keys(SNAPSHOT));
    });

    test('the manifest lists exactly what the live server lists, with the same schemas', async () => {
      const res = await get('/.well-known/tracker-connector.json');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      const m = await res.json();
      for (const key of ['name', 'version', 'mcp_url', 'auth', 'tools', 'resources', 'prompts', 'privacy_url', 'terms_url']) {
        assert.ok(key in m, `manifest has ${key}`);
      }
      assert.equal(m.mcp_url, 'http://tracker.test/mcp');
      assert.equal(m.version, c.client.getServerVersion()?.version);
      assert.equal(m.auth.type, 'bearer');
      const { tools } = await c.client.listTools();
      assert.deepEqual(
        m.tools.map((x: any) => [x.name, x.title, x.description, x.annotations, x.input_schema]),
        tools.map((x) => [x.name, x.title, x.description, x.annotations, x.inputSchema]),
      );
      const { resources } = await c.client.listResources();
      assert.deepEqual(m.resources.map((r: any) => [r.uri, r.name, r.description]), resources.map((r) => [r.uri, r.name, r.description]));
      const { prompts } = await c.client.listPrompts();
      assert.deepEqual(
        m.prompts.map((p: any) => [p.name, p.description, p.arguments]),
        prompts.map((p) => [p.name, p.description, (p.arguments ?? []).map((a) => ({ name: a.name, description: a.description, required: a.required ?? false }))]),
      );
      for (const url of [m.privacy_url, m.terms_url]) {
        assert.equal((await get(new URL(url).pathname)).status, 200);
      }
    });

    test('llms.txt and agent-instructions.md are the same text and name every tool, resource and prompt', async () => {
      const llms = await get('/llms.txt');
      assert.match(llms.headers.get('content-type') ?? '', /^text\/plain/);
      const text = await llms.text();
      const md = await get('/.well-known/agent-instructions.md');
      assert.equal(md.status, 200);
      assert.equal(await md.text(), text);
      const { tools } = await c.client.listTools();
      const listed = [...text.matchAll(/^- `([a-z_]+)` \(/gm)].map((x) => x[1]);
      assert.deepEqual(listed, tools.map((x) => x.name));
      for (const tool of tools) assert.ok(text.includes(tool.description!), `${tool.name} description`);
      for (const r of (await c.client.listResources()).resources) assert.ok(text.includes(r.uri));
      for (const p of (await c.client.listPrompts()).prompts) assert.ok(text.includes(`\`${p.name}\``));
      for (const must of [/Authorization: Bearer/, /not a medical device/, /millilitres/, /YYYY-MM-DDTHH:MM:SS/, /http:\/\/tracker\.test\/mcp/]) {
        assert.match(text, must);
      }
    });
  });
}
