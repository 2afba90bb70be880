// The contract: every operation in /openapi.json is driven through its success and error
// paths on both databases, and every response (status, headers, body) is checked against the
// served document with ajv. Any undocumented status or body mismatch fails. The document's
// examples are checked against what the same calls really return (same structure, valid
// against the schema); UPDATE_OPENAPI_EXAMPLES=1 re-records them from this run.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { testDatabases } from '../helpers/databases.ts';
import { call, sessionCookieOf, signUp, startApp, type Cred, type Family, type TestApp } from '../helpers/app.ts';
import { Contract, shapeOf } from '../helpers/openapi-contract.ts';
import { EXAMPLES_FILE, type RecordedExamples } from '../../src/http/openapi-enrich.ts';

const RECORD = process.env.UPDATE_OPENAPI_EXAMPLES === '1';
const TEXT_EXAMPLE_CHARS = 400;

for (const d of testDatabases()) {
  describe(`OpenAPI contract [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let c: Contract;
    let admin: Family;
    let member: { cookie: string; token: string };
    let readOnly: string;

    async function req(method: string, url: string, body?: unknown, cred: Cred = {}) {
      const res = await call(t.app, method, url, body, cred);
      c.check(method, url, res, typeof body === 'object' && body !== null ? body : undefined);
      return res;
    }
    const expect = (res: { status: number; text: string }, status: number, label: string) =>
      assert.equal(res.status, status, `${label}: ${res.text.slice(0, 300)}`);

    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
      c = new Contract((await call(t.app, 'GET', '/openapi.json')).body);
    });
    after(async () => t?.close());

    test('discovery, sign-up, sign-in, invites and joining', async () => {
      expect(await req('GET', '/api/health'), 200, 'health');
      expect(await req('GET', '/api'), 200, 'index');
      for (const p of ['/.well-known/tracker-connector.json', '/llms.txt', '/.well-known/agent-instructions.md', '/developers']) {
        expect(await req('GET', p), 200, p);
      }
      expect(await req('GET', '/api/me'), 401, 'me without a credential');
      expect(await req('POST', '/api/analytics', { name: 'app_open' }), 200, 'analytics');
      expect(await req('POST', '/api/analytics', { name: 'x', extra: 1 }), 400, 'analytics with an unknown key');

      const signup = { email: 'contract@example.com', password: 'correct horse', baby_name: 'Ada', dob: '2026-05-01', family_name: 'Contract family' };
      const made = await req('POST', '/api/vega/onboard', signup);
      expect(made, 200, 'onboard');
      expect(await req('POST', '/api/vega/onboard', signup), 409, 'onboard again');
      expect(await req('POST', '/api/vega/onboard', { ...signup, email: 'not an email' }), 400, 'onboard with a bad email');
      expect(await req('POST', '/api/vega/onboard', signup, { headers: { origin: 'https://evil.example' } }), 403, 'onboard cross-origin');

      expect(await req('POST', '/login', { email: signup.email, password: signup.password }), 200, 'login');
      expect(await req('POST', '/login', { email: signup.email, password: 'wrong password' }), 401, 'bad password');
      expect(await req('POST', '/login', { email: signup.email }), 400, 'login without password');
      expect(await req('POST', '/logout'), 200, 'logout');
      expect(await req('POST', '/logout', undefined, { headers: { origin: 'https://evil.example' } }), 403, 'logout cross-origin');

      const cookie = sessionCookieOf(made);
      const tok = await req('POST', '/api/vega/token', { label: 'contract' }, { cookie });
      expect(tok, 200, 'token');
      admin = { email: signup.email, password: signup.password, cookie, token: tok.body.token, username: 'contract' };
      expect(await req('GET', '/api/me', undefined, { token: admin.token }), 200, 'me');

      const invite = await req('POST', '/api/vega/invite', undefined, { token: admin.token });
      expect(invite, 200, 'invite');
      const joinBody = { code: invite.body.code, email: 'member@example.com', password: 'correct horse' };
      expect(await req('POST', '/api/vega/join', { ...joinBody, code: 'nope' }), 404, 'join with an unknown code');
      const joined = await req('POST', '/api/vega/join', joinBody);
      expect(joined, 200, 'join');
      expect(await req('POST', '/api/vega/join', { ...joinBody, email: 'other@example.com' }), 410, 'join with a used code');
      expect(await req('POST', '/api/vega/join', { ...joinBody, password: 1 }), 400, 'join with a bad body');
      const memberCookie = sessionCookieOf(joined);
      const memberTok = await req('POST', '/api/vega/token', { label: 'member' }, { cookie: memberCookie });
      member = { cookie: memberCookie, token: memberTok.body.token };
      const ro = await req('POST', '/api/vega/token', { label: 'reader', scopes: ['read'] }, { token: admin.token });
      readOnly = ro.body.token;
      expect(await req('POST', '/api/vega/token', { label: 'escalate', scopes: ['write'] }, { token: readOnly }), 403, 'read token making a write token');
      expect(await req('POST', '/api/vega/token', { scopes: [] }, { token: admin.token }), 400, 'token with no scopes');

      expect(await req('POST', '/api/vega/invite', undefined, { token: member.token }), 403, 'member invites');
      const second = await req('POST', '/api/vega/invite', undefined, { token: admin.token });
      expect(await req('POST', '/api/vega/invite/revoke', { token: second.body.code }, { token: admin.token }), 200, 'revoke invite');
      expect(await req('POST', '/api/vega/invite/revoke', { token: 'no-such-code' }, { token: admin.token }), 404, 'revoke unknown invite');
      expect(await req('POST', '/api/vega/invite/revoke', {}, { token: admin.token }), 422, 'revoke without token');
    });

    test('family, tokens and profile', async () => {
      expect(await req('GET', '/api/vega/family', undefined, { token: admin.token }), 200, 'family');
      expect(await req('GET', '/api/vega/family'), 401, 'family without credential');
      expect(await req('GET', '/api/vega/growth-summary', undefined, { token: admin.token }), 200, 'growth summary');
      expect(await req('GET', '/api/vega/growth-summary', undefined, { token: member.token }), 403, 'growth summary as member');
      expect(await req('GET', '/api/vega/export', undefined, { token: admin.token }), 200, 'export');
      expect(await req('GET', '/api/vega/export', undefined, { token: member.token }), 403, 'export as member');

      const list = await req('GET', '/api/vega/tokens', undefined, { token: admin.token });
      expect(list, 200, 'tokens');
      const reader = list.body.tokens.find((x: any) => x.label === 'reader');
      const spare = await req('POST', '/api/vega/token', { label: 'spare' }, { token: admin.token });
      const spareId = (await call(t.app, 'GET', '/api/vega/tokens', undefined, { token: admin.token })).body.tokens.find((x: any) => x.label === 'spare').id;
      assert.ok(reader && spare.status === 200);
      expect(await req('POST', '/api/vega/token/revoke', { id: spareId }, { token: admin.token }), 200, 'revoke token');
      expect(await req('POST', '/api/vega/token/revoke', { id: 'nope' }, { token: admin.token }), 404, 'revoke unknown token');
      expect(await req('POST', '/api/vega/token/revoke', { id: 5 }, { token: admin.token }), 422, 'revoke with a number');

      expect(await req('GET', '/api/vega/profile', undefined, { token: admin.token }), 200, 'profile');
      expect(await req('POST', '/api/vega/profile', { baby_name: 'Ada Lovelace' }, { token: admin.token }), 200, 'profile update');
      expect(await req('POST', '/api/vega/profile', { dob: 'yesterday' }, { token: admin.token }), 400, 'profile bad dob');
      expect(await req('POST', '/api/vega/profile', { baby_name: 'X' }, { token: member.token }), 403, 'profile as member');
    });

    test('the log: writes, corrections, reads, and the error statuses every write shares', async () => {
      const tok = { token: admin.token };
      const milk = await req('POST', '/api/vega/log', { type: 'milk', ml: 120, ts: '2026-11-22T09:00:00' }, tok);
      expect(milk, 200, 'log milk');
      expect(await req('POST', '/api/vega/log', { type: 'solid', foods: ['banana'], meal_type: 'meal', ts: '2026-11-22T08:00:00' }, tok), 200, 'log solid');
      expect(await req('POST', '/api/vega/log', { type: 'weight', kg: 7.2, ts: '2026-11-22T07:00:00' }, tok), 200, 'log weight');
      expect(await req('POST', '/api/vega/log', { type: 'milk', ml: 900 }, tok), 400, 'log too much milk');
      expect(await req('POST', '/api/vega/log', { type: 'milk', ml: 10 }), 401, 'log without credential');
      expect(await req('POST', '/api/vega/log', { type: 'milk', ml: 10 }, { token: readOnly }), 403, 'log with a read token');
      expect(await req('POST', '/api/vega/log', '<ml>10</ml>', { ...tok, headers: { 'content-type': 'application/xml' } }), 415, 'log as text');
      expect(await req('POST', '/api/vega/log', '{"type":', { ...tok, headers: { 'content-type': 'application/json' } }), 400, 'log bad JSON');
      expect(await req('POST', '/api/vega/log', { type: 'note', note: 'x'.repeat(70 * 1024) }, tok), 413, 'log too large');

      const id = milk.body.event.id;
      expect(await req('POST', '/api/vega/event/edit', { id, changes: { ml: 130 } }, tok), 200, 'edit');
      expect(await req('POST', '/api/vega/event/edit', { id: 'ffffffff', changes: { ml: 130 } }, tok), 404, 'edit unknown');
      expect(await req('POST', '/api/vega/event/edit', { id, changes: { kg: 3 } }, tok), 400, 'edit a field that cannot change');
      expect(await req('POST', '/api/vega/event/react', { id, emoji: '❤️' }, tok), 200, 'react');
      expect(await req('POST', '/api/vega/event/react', { id: 'ffffffff', emoji: '❤️' }, tok), 404, 'react unknown');
      expect(await req('POST', '/api/vega/recipes', { name: 'Green mash', ingredients: ['peas', 'potato'] }, tok), 200, 'recipe');
      expect(await req('POST', '/api/vega/recipes', { name: '', ingredients: [] }, tok), 400, 'recipe empty');

      expect(await req('GET', '/api/vega/food/suggestions?limit=5', undefined, tok), 200, 'suggestions');
      expect(await req('GET', '/api/vega/food/suggestions?limit=0', undefined, tok), 422, 'suggestions limit 0');
      expect(await req('GET', '/api/vega/today', undefined, tok), 200, 'today');
      expect(await req('GET', '/api/vega/events?date=2026-11-22', undefined, tok), 200, 'events');
      expect(await req('GET', '/api/vega/events?date=2026-02-30', undefined, tok), 400, 'events bad date');
      expect(await req('GET', '/api/vega/live', undefined, tok), 200, 'live');
      expect(await req('GET', '/api/vega/stats', undefined, tok), 200, 'stats');
      expect(await req('GET', '/api/vega/patterns', undefined, tok), 200, 'patterns');
      expect(await req('GET', '/api/vega/measurements', undefined, tok), 200, 'measurements');
      expect(await req('GET', '/api/vega/live'), 401, 'live without credential');

      expect(await req('POST', '/api/vega/event/delete', { id }, tok), 200, 'delete');
      expect(await req('POST', '/api/vega/event/delete', { id }, tok), 404, 'delete again');
      expect(await req('POST', '/api/vega/undo', undefined, tok), 200, 'undo');
      expect(await req('POST', '/api/vega/undo', undefined, { token: readOnly }), 403, 'undo with a read token');
    });

    test('the feed timer: start, switch, stop, cancel and their errors', async () => {
      const tok = { token: admin.token };
      expect(await req('POST', '/api/vega/feed/stop', {}, tok), 409, 'stop with none running');
      expect(await req('POST', '/api/vega/feed/switch', {}, tok), 409, 'switch with none running');
      expect(await req('POST', '/api/vega/feed/cancel', undefined, tok), 409, 'cancel with none running');
      expect(await req('POST', '/api/vega/feed/start', { side: 'middle' }, tok), 400, 'start on no side');
      expect(await req('POST', '/api/vega/feed/start', { side: 'left', ts: '2026-11-22T11:50:00' }, tok), 200, 'start');
      expect(await req('POST', '/api/vega/feed/start', { side: 'right' }, tok), 409, 'start again');
      expect(await req('POST', '/api/vega/feed/switch', { side: 'up' }, tok), 400, 'switch to no side');
      expect(await req('POST', '/api/vega/feed/switch', {}, tok), 200, 'switch');
      expect(await req('POST', '/api/vega/feed/stop', { ts: '2026-11-22T11:40:00' }, tok), 400, 'stop before it started');
      expect(await req('POST', '/api/vega/feed/stop', {}, tok), 200, 'stop');
      expect(await req('POST', '/api/vega/feed/start', { side: 'right' }, tok), 200, 'start another');
      expect(await req('POST', '/api/vega/feed/cancel', {}, tok), 200, 'cancel');
    });

    test('access: members and roles, password, sessions', async () => {
      const tok = { token: admin.token };
      const session = { cookie: admin.cookie, headers: { origin: 'http://tracker.test' } };
      const inv = await req('POST', '/api/vega/invite', {}, { cookie: admin.cookie });
      const joined = await req('POST', '/api/vega/join', { code: inv.body.code, email: `leaver.${Date.now()}@example.com`, password: 'correct horse', username: 'leaver' });
      const leaver = { cookie: sessionCookieOf(joined), headers: { origin: 'http://tracker.test' } };
      expect(await req('POST', '/api/vega/member/role', { username: 'leaver', role: 'admin' }, leaver), 403, 'role by a member');
      expect(await req('POST', '/api/vega/member/role', { username: 'leaver', role: 'admin' }, tok), 200, 'make admin');
      expect(await req('POST', '/api/vega/member/role', { username: 'nobody', role: 'admin' }, tok), 404, 'role of nobody');
      expect(await req('POST', '/api/vega/member/role', { username: 'leaver', role: 'member' }, tok), 200, 'make member');
      expect(await req('POST', '/api/vega/member/remove', { username: 'nobody' }, tok), 404, 'remove nobody');
      expect(await req('POST', '/api/vega/member/remove', { username: 'contract' }, leaver), 403, 'a member removing the admin');
      // Reset links: issued before the removal below (the reset ends the leaver's sessions).
      expect(await req('POST', '/api/vega/member/reset', { username: 'nobody' }, tok), 404, 'reset link for nobody');
      expect(await req('POST', '/api/vega/member/reset', { username: 'contract' }, leaver), 403, 'reset link by a member');
      const link = await req('POST', '/api/vega/member/reset', { username: 'leaver' }, tok);
      expect(link, 200, 'reset link');
      const resetCode = new URL(link.body.reset_url).searchParams.get('code');
      const anon = { headers: { origin: 'http://tracker.test' } };
      expect(await req('POST', '/api/vega/reset', { code: resetCode, new_password: 'abc' }, anon), 400, 'reset with a short password');
      expect(await req('POST', '/api/vega/reset', { code: 'nope', new_password: 'another horse' }, anon), 410, 'reset with an unknown code');
      expect(await req('POST', '/api/vega/reset', { code: resetCode, new_password: 'another horse' }, anon), 200, 'reset');
      expect(await req('POST', '/api/vega/member/remove', { username: 'leaver' }, tok), 200, 'remove');
      expect(await req('GET', '/api/vega/sessions', undefined, session), 200, 'sessions');
      expect(await req('POST', '/api/vega/sessions/revoke', { id: 'nope' }, tok), 404, 'revoke unknown session');
      const other = sessionCookieOf(await call(t.app, 'POST', '/login', { email: admin.email, password: admin.password }));
      const otherId = (await call(t.app, 'GET', '/api/vega/sessions', undefined, { cookie: other })).body.sessions.find((s: any) => s.current).id;
      expect(await req('POST', '/api/vega/sessions/revoke', { id: otherId }, tok), 200, 'revoke a session');
      expect(await req('POST', '/api/vega/sessions/revoke-others', undefined, session), 200, 'revoke the others');
      expect(await req('POST', '/api/vega/sessions/revoke-others', undefined), 401, 'revoke others without a credential');
      expect(await req('POST', '/api/vega/password', { current_password: 'wrong one', new_password: 'another horse' }, tok), 400, 'password wrong');
      expect(await req('POST', '/api/vega/password', { current_password: admin.password, new_password: admin.password }, session), 200, 'password');
    });

    test('Idempotency-Key on every REST write: replayed exactly, 422 for another body, documented', async () => {
      const tok = { token: admin.token };
      const milk = await req('POST', '/api/vega/log', { type: 'milk', ml: 60, ts: '2026-11-22T10:00:00' }, tok);
      const id = milk.body.event.id;
      const writes: [string, unknown, unknown][] = [
        ['/api/vega/log', { type: 'milk', ml: 70, ts: '2026-11-22T10:05:00' }, { type: 'milk', ml: 71, ts: '2026-11-22T10:05:00' }],
        ['/api/vega/event/edit', { id, changes: { ml: 65 } }, { id, changes: { ml: 66 } }],
        ['/api/vega/event/react', { id, emoji: '👍' }, { id, emoji: '🎉' }],
        ['/api/vega/recipes', { name: 'Pear mash', ingredients: ['pear'] }, { name: 'Pear mash', ingredients: ['apple'] }],
        ['/api/vega/event/delete', { id }, { id: 'ffffffff' }],
        ['/api/vega/undo', undefined, { id }],
      ];
      for (const [path, body, other] of writes) {
        const headers = { 'idempotency-key': `contract-${path}` };
        const first = await req('POST', path, body, { ...tok, headers });
        expect(first, 200, path);
        const again = await call(t.app, 'POST', path, body, { ...tok, headers });
        assert.equal(again.text, first.text, `${path}: a retry replays the first response exactly`);
        const reused = await req('POST', path, other, { ...tok, headers });
        expect(reused, 422, `${path} with another body`);
        assert.equal(reused.body.error, 'idempotency_key_reused');
        const op = c.operation('POST', path)!.op;
        assert.ok(op.parameters.some((p: any) => p.name === 'Idempotency-Key' && p.in === 'header'), `${path} documents the header`);
        assert.match(op.description, /Idempotency-Key/);
      }
    });

    test('question answering: answers, notes, 402 and 403', async () => {
      const tok = { token: admin.token };
      expect(await req('POST', '/api/ask', { question: 'How much milk today?' }, tok), 200, 'ask');
      expect(await req('POST', '/api/ask', { question: 'remember: #sleep likes the blue blanket' }, tok), 200, 'remember');
      expect(await req('POST', '/api/ask', { question: 'remember: #x read tokens cannot' }, { token: readOnly }), 403, 'remember with read token');
      expect(await req('POST', '/api/ask', { question: '' }, tok), 400, 'empty question');
      const notes = await req('GET', '/api/ask/notes', undefined, tok);
      expect(notes, 200, 'notes');
      expect(await req('POST', '/api/ask/notes/delete', { ts: notes.body.notes[0].ts }, tok), 200, 'delete note');
      expect(await req('POST', '/api/ask/notes/delete', { ts: '2000-01-01T00:00:00' }, tok), 404, 'delete unknown note');
      expect(await req('POST', '/api/ask/notes/delete', {}, tok), 422, 'delete note without ts');

      const free: Family = await signUp(t.app, { email: 'free@example.com', family_name: 'Free family' });
      const me = await call(t.app, 'GET', '/api/me', undefined, { token: free.token });
      await t.ctx.db.kysely.updateTable('families').set({ plan: 'free' }).where('id', '=', me.body.family_id).execute();
      expect(await req('POST', '/api/ask', { question: 'How much milk today?' }, { token: free.token }), 402, 'ask on the free plan');

      expect(await req('DELETE', '/api/vega/family', { confirm: 'wrong name' }, { token: free.token }), 400, 'delete family wrong name');
      expect(await req('DELETE', '/api/vega/family', { confirm: 'Free family' }, { token: free.token }), 200, 'delete family');
    });

    test('import, CSV export and report: success and errors', async () => {
      const tok = { token: admin.token };
      const csv = 'Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\nDiaper,2026-11-20 10:15,,,,,Both,\nPump,2026-11-20 11:00,,,,,,\n';
      expect(await req('POST', '/api/vega/import', { format: 'huckleberry', dry_run: true, data: csv }, tok), 200, 'import dry run');
      expect(await req('POST', '/api/vega/import', { format: 'huckleberry', data: csv }, tok), 200, 'import');
      expect(await req('POST', '/api/vega/import', { format: 'csv', data: csv }, tok), 400, 'import unknown format');
      expect(await req('POST', '/api/vega/import', { format: 'babybuddy', data: 'text' }, tok), 400, 'import wrong data');
      expect(await req('POST', '/api/vega/import', { format: 'huckleberry', data: csv }, { token: member.token }), 403, 'import as a member');
      // first an empty range: the recorded example is the header row, the same on every run
      expect(await req('GET', '/api/vega/export.csv?from=2020-01-01&to=2020-01-31', undefined, tok), 200, 'csv export, nothing in range');
      expect(await req('GET', '/api/vega/export.csv?from=2026-11-01&to=2026-11-22', undefined, tok), 200, 'csv export');
      expect(await req('GET', '/api/vega/export.csv?from=2026-11-22&to=2026-11-01', undefined, tok), 400, 'csv export upside-down range');
      expect(await req('GET', '/api/vega/export.csv', undefined, { token: member.token }), 403, 'csv export as a member');
      expect(await req('GET', '/api/vega/report?from=2026-11-15&to=2026-11-22', undefined, tok), 200, 'report');
      expect(await req('GET', '/api/vega/report?from=2026-10-01&to=2026-11-22', undefined, tok), 400, 'report over 31 days');
      expect(await req('POST', '/api/vega/import', JSON.stringify({ format: 'huckleberry', data: 'x'.repeat(21 * 1024 * 1024) }), { ...tok, headers: { 'content-type': 'application/json' } }), 413, 'import too large');
    });

    test('children: list, add, edit, archive, primary, delete, and a child named on reads and writes', async () => {
      const tok = { token: admin.token };
      const listed = await req('GET', '/api/vega/children', undefined, tok);
      expect(listed, 200, 'children');
      const first = listed.body.children[0].id as string;
      const added = await req('POST', '/api/vega/children', { baby_name: 'Tom', dob: '2026-05-01', gender: 'boy' }, tok);
      expect(added, 200, 'add a child');
      const tom = added.body.child.id as string;
      expect(await req('POST', '/api/vega/children', { baby_name: 'tom', dob: '2026-05-01' }, tok), 409, 'a second Tom');
      expect(await req('POST', '/api/vega/children', { baby_name: 'Bea', dob: 'soon' }, tok), 400, 'add with a bad dob');
      expect(await req('POST', '/api/vega/children', { baby_name: 'Bea', dob: '2026-05-01' }, { token: member.token }), 403, 'add as a member');
      expect(await req('POST', '/api/vega/children/edit', { id: tom, changes: { baby_name: 'Thomas' } }, tok), 200, 'edit a child');
      expect(await req('POST', '/api/vega/children/edit', { id: 'nochild', changes: { gender: 'boy' } }, tok), 404, 'edit an unknown child');
      expect(await req('POST', '/api/vega/children/primary', { id: tom }, tok), 200, 'make primary');
      expect(await req('POST', '/api/vega/children/archive', { id: tom, archived: true }, tok), 409, 'archive the primary child');
      expect(await req('POST', '/api/vega/children/primary', { id: first }, tok), 200, 'primary back');
      expect(await req('POST', '/api/vega/children/primary', { id: 'nochild' }, tok), 404, 'primary unknown');
      const bea = (await req('POST', '/api/vega/children', { baby_name: 'Bea', dob: '2026-06-01' }, tok)).body.child.id as string;
      expect(await req('POST', '/api/vega/children/delete', { id: bea }, tok), 200, 'delete a child added by mistake');
      expect(await req('POST', '/api/vega/children/delete', { id: first }, tok), 409, 'delete the primary child');

      const logged = await req('POST', '/api/vega/log', { type: 'nappy', kind: 'wet', child: tom }, tok);
      expect(logged, 200, 'log for Tom');
      expect(await req('POST', '/api/vega/log', { type: 'nappy', kind: 'wet', child: 'nochild' }, tok), 404, 'log for an unknown child');
      for (const path of ['/api/vega/today', '/api/vega/live', '/api/vega/patterns', '/api/vega/measurements', '/api/vega/stats', '/api/vega/profile']) {
        expect(await req('GET', `${path}?child=${tom}`, undefined, tok), 200, `${path} for Tom`);
      }
      expect(await req('GET', '/api/vega/live?child=nochild', undefined, tok), 404, 'live of an unknown child');
      expect(await req('GET', `/api/vega/tokens?child=${tom}`, undefined, tok), 400, 'child on a route that takes none');
      expect(await req('POST', '/api/vega/event/edit', { id: logged.body.event.id, changes: { child_id: first } }, tok), 200, 'move an event to another child');
      expect(await req('POST', '/api/vega/children/archive', { id: tom, archived: true }, tok), 200, 'archive Tom');
      expect(await req('POST', '/api/vega/log', { type: 'nappy', kind: 'wet', child: tom }, tok), 409, 'log for an archived child');
      expect(await req('POST', '/api/vega/children/delete', { id: tom }, tok), 200, 'Tom had no events left');
    });

    test('medicines: the family list with its own settings, a dose warned against it, the new event types', async () => {
      const tok = { token: admin.token };
      expect(await req('POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4, max_per_24h: 4 }, tok), 200, 'save a medicine');
      expect(await req('POST', '/api/vega/medicines', { name: 'Calpol', min_hours: -1 }, tok), 400, 'a negative interval');
      expect(await req('POST', '/api/vega/medicines', { name: 'Ibuprofen' }, { token: member.token }), 403, 'save as a member');
      expect(await req('GET', '/api/vega/medicines', undefined, tok), 200, 'list medicines');
      expect(await req('POST', '/api/vega/log', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T06:00:00' }, tok), 200, 'log a dose');
      expect(await req('POST', '/api/vega/log', { type: 'temperature', celsius: 37.8, method: 'armpit', ts: '2026-11-22T06:05:00' }, tok), 200, 'log a temperature');
      expect(await req('POST', '/api/vega/log', { type: 'temperature', celsius: 38, fahrenheit: 100.4 }, tok), 400, 'both scales');
      expect(await req('POST', '/api/vega/medicines/delete', { name: 'calpol' }, tok), 200, 'remove a medicine');
      expect(await req('POST', '/api/vega/medicines/delete', { name: 'Calpol' }, tok), 404, 'remove it again');
    });

    test('reminders: the caller\'s own settings, read and partly changed', async () => {
      const tok = { token: member.token };
      expect(await req('GET', '/api/vega/reminders', undefined, tok), 200, 'read reminders');
      expect(await req('POST', '/api/vega/reminders', { reminders: { feed_due: { enabled: true, minutes_before: 15 } }, quiet_hours: { start: '22:00', end: '07:00' } }, tok), 200, 'turn a reminder on');
      expect(await req('POST', '/api/vega/reminders', { reminders: { feed_due: { minutes_before: 500 } } }, tok), 400, 'a lead time out of range');
      expect(await req('POST', '/api/vega/reminders', { reminders: { feed_due: { enabled: false } } }, { token: readOnly }), 403, 'change reminders with a read-only token');
    });

    test("preferences: the caller's own language and formats, read and changed", async () => {
      const tok = { token: member.token };
      expect(await req('GET', '/api/vega/preferences', undefined, tok), 200, 'read preferences');
      expect(await req('POST', '/api/vega/preferences', { language: 'de', hour_cycle: 'h23' }, tok), 200, 'choose German and a 24-hour clock');
      expect(await req('POST', '/api/vega/preferences', { language: 'klingon' }, tok), 400, 'an unsupported language');
      expect(await req('POST', '/api/vega/preferences', { language: 'en' }, { token: readOnly }), 403, 'change preferences with a read-only token');
      expect(await req('POST', '/api/vega/preferences', { language: null, hour_cycle: null }, tok), 200, 'back to the browser');
    });

    test('push: the key, a device subscribed, listed, tested and removed', async () => {
      const tok = { token: member.token };
      const browser = createECDH('prime256v1');
      browser.generateKeys();
      const endpoint = 'https://push.example.com/send/contract-device';
      const keys = { p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      expect(await req('GET', '/api/vega/push/key', undefined, tok), 200, 'the VAPID public key');
      expect(await req('POST', '/api/vega/push/test', {}, tok), 409, 'test with no device');
      expect(await req('POST', '/api/vega/push/subscribe', { endpoint, keys }, tok), 200, 'subscribe a device');
      expect(await req('POST', '/api/vega/push/subscribe', { endpoint: 'http://10.0.0.5/push', keys }, tok), 400, 'a private endpoint');
      expect(await req('GET', '/api/vega/push/subscriptions', undefined, tok), 200, 'list devices');
      expect(await req('POST', '/api/vega/push/test', {}, tok), 200, 'send a test');
      expect(await req('POST', '/api/vega/push/unsubscribe', { endpoint }, tok), 200, 'unsubscribe');
      expect(await req('POST', '/api/vega/push/unsubscribe', {}, tok), 400, 'unsubscribe without an endpoint');
    });

    test('webhooks: added, listed, tested, rotated, enabled and deleted by an admin', async () => {
      const tok = { token: admin.token };
      expect(await req('GET', '/api/vega/webhooks', undefined, tok), 200, 'list webhooks (none)');
      const made = await req('POST', '/api/vega/webhooks', { url: 'https://hooks.example.com/baby', events: ['event.created', 'reminder.fired'] }, tok);
      expect(made, 200, 'add a webhook');
      const id = made.body.webhook.id;
      expect(await req('POST', '/api/vega/webhooks', { url: 'http://192.168.1.10/hook', events: ['event.created'] }, tok), 400, 'a private receiver');
      expect(await req('POST', '/api/vega/webhooks', { url: 'https://hooks.example.com/x', events: ['event.created'] }, { token: member.token }), 403, 'add as a member');
      expect(await req('GET', '/api/vega/webhooks', undefined, tok), 200, 'list webhooks');
      expect(await req('POST', '/api/vega/webhooks/test', { id }, tok), 200, 'send a test');
      expect(await req('POST', '/api/vega/webhooks/test', { id: 'nope' }, tok), 404, 'test an unknown webhook');
      expect(await req('POST', '/api/vega/webhooks/rotate', { id }, tok), 200, 'rotate the secret');
      expect(await req('POST', '/api/vega/webhooks/rotate', { id: 'nope' }, tok), 404, 'rotate an unknown webhook');
      expect(await req('POST', '/api/vega/webhooks/enable', { id }, tok), 200, 'enable');
      expect(await req('POST', '/api/vega/webhooks/enable', { id: 'nope' }, tok), 404, 'enable an unknown webhook');
      expect(await req('POST', '/api/vega/webhooks/delete', { id }, tok), 200, 'delete');
      expect(await req('POST', '/api/vega/webhooks/delete', { id }, tok), 404, 'delete it again');
    });

    test('home assistant: read, turned on and off by an admin', async () => {
      const tok = { token: admin.token };
      expect(await req('GET', '/api/vega/home-assistant', undefined, tok), 200, 'read (off)');
      expect(await req('POST', '/api/vega/home-assistant', { enabled: true }, tok), 200, 'turn on');
      expect(await req('GET', '/api/vega/home-assistant', undefined, { token: member.token }), 200, 'read as a member');
      expect(await req('POST', '/api/vega/home-assistant', { enabled: 'yes' }, tok), 400, 'enabled not a boolean');
      expect(await req('POST', '/api/vega/home-assistant', { enabled: false }, { token: member.token }), 403, 'turn off as a member');
      expect(await req('POST', '/api/vega/home-assistant', { enabled: false }, tok), 200, 'turn off');
    });

    test('every authenticated read without a credential is a documented 401', async () => {
      for (const { method, path, op } of c.ops) {
        if (method === 'GET' && op.responses['401']) expect(await req('GET', path), 401, `${path} without credential`);
      }
    });

    test('every response matched the document; every operation was driven to success and to an error', () => {
      assert.deepEqual(c.problems, [], c.problems.join('\n'));
      const byOp = new Map<string, Set<number>>();
      for (const s of c.seen) byOp.set(s.operationId, (byOp.get(s.operationId) ?? new Set()).add(s.status));
      const missing: string[] = [];
      for (const { method, path, op } of c.ops) {
        const statuses = [...(byOp.get(op.operationId) ?? [])];
        const hasError = Object.keys(op.responses).some((s) => s.startsWith('4'));
        if (!statuses.some((s) => s < 300)) missing.push(`${method} ${path}: no success driven`);
        if (hasError && !statuses.some((s) => s >= 400)) missing.push(`${method} ${path}: no error driven`);
      }
      assert.deepEqual(missing, []);
      const statuses = c.seen.length;
      assert.ok(statuses > 100, `only ${statuses} responses checked`);
      console.log(`# contract [${d.name}]: ${c.ops.length} operations, ${statuses} responses validated, 0 problems`);
    });

    test('every operation has operationId, tag, summary, description and real examples', () => {
      const firstOk = new Map<string, (typeof c.seen)[number]>();
      for (const s of c.seen) if (s.status < 300 && !firstOk.has(s.operationId)) firstOk.set(s.operationId, s);
      const bad: string[] = [];
      const ids = new Set<string>();
      for (const { method, path, op } of c.ops) {
        const where = `${method} ${path}`;
        if (!/^[a-z][A-Za-z0-9]+$/.test(op.operationId ?? '')) bad.push(`${where}: operationId`);
        if (ids.has(op.operationId)) bad.push(`${where}: duplicate operationId`);
        ids.add(op.operationId);
        if (!op.tags?.length || !c.doc.tags.some((t: any) => t.name === op.tags[0])) bad.push(`${where}: tag`);
        if (!op.summary || !op.description) bad.push(`${where}: summary/description`);
        if (RECORD) continue;
        const real = firstOk.get(op.operationId);
        const [status, response] = Object.entries<any>(op.responses).find(([s]) => s.startsWith('2'))!;
        const [type, media] = Object.entries<any>(response.content ?? {})[0] ?? [];
        const example = media?.examples?.recorded?.value;
        if (example === undefined) {
          bad.push(`${where}: no response example`);
          continue;
        }
        const err = c.validate(`/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}/content/${type.replace(/\//g, '~1')}/schema`, example);
        if (err) bad.push(`${where}: example does not match its schema: ${err}`);
        if (typeof example === 'string') {
          if (!real?.text.startsWith(example)) bad.push(`${where}: text example is not what is served`);
        } else if (!real || !assertShape(example, real.body)) {
          bad.push(`${where}: example differs in structure from the real response`);
        }
        const reqMedia = op.requestBody?.content?.['application/json'];
        if (reqMedia && reqMedia.examples?.recorded?.value === undefined) bad.push(`${where}: no request example`);
      }
      assert.deepEqual(bad, []);
    });

    test('every write to the log (Tracker tag, feed timer routes) documents Idempotency-Key', () => {
      const missing = c.ops
        .filter(({ method, path, op }) => method === 'POST' && (op.tags?.includes('Tracker') || path.startsWith('/api/vega/feed/')))
        .filter(({ op }) => !(op.parameters ?? []).some((p: any) => p.in === 'header' && p.name === 'Idempotency-Key'))
        .map(({ path }) => `${path}: add config: { idempotent: true }`);
      assert.deepEqual(missing, []);
    });

    test('recorded examples (UPDATE_OPENAPI_EXAMPLES=1 rewrites them from this run)', { skip: !RECORD || d.name !== 'sqlite' }, () => {
      const out: RecordedExamples = { operations: {}, errors: {} };
      for (const s of c.seen) {
        if (s.status < 300 && !out.operations[s.operationId]) {
          const text = typeof s.body === 'string';
          out.operations[s.operationId] = {
            ...(s.request !== undefined ? { request: s.request } : {}),
            status: s.status,
            response: text ? s.text.slice(0, TEXT_EXAMPLE_CHARS) : s.body,
            ...(text ? { truncated: true } : {}),
          };
        }
        const body = s.body as any;
        const code = body?.error ?? (Array.isArray(body?.detail) ? 'validation' : undefined);
        if (s.status >= 400 && typeof code === 'string') {
          out.errors[s.status] ??= {};
          out.errors[s.status][code] ??= s.body;
        }
      }
      // Tokens and invite codes from this run are secrets in form only (a throwaway database),
      // but a published document should not look like it leaks any: same shape, plain filler.
      const secrets = c.seen.flatMap((s) => [(s.body as any)?.token, (s.body as any)?.code, resetCodeOf((s.body as any)?.reset_url)]).filter((v) => typeof v === 'string' && v.length >= 16);
      let text = JSON.stringify(out, null, 2);
      for (const secret of new Set<string>(secrets)) {
        const filler = secret.replace(/^(bt_)?(.*)$/, (_m, p: string | undefined, rest: string) => (p ?? '') + 'EXAMPLE'.padEnd(rest.length, '0'));
        text = text.split(secret).join(filler);
      }
      writeFileSync(EXAMPLES_FILE, text + '\n');
    });
  });
}

/** The code in a reset link (a secret like an invite code). */
function resetCodeOf(url: unknown): string | undefined {
  return typeof url === 'string' ? (new URL(url).searchParams.get('code') ?? undefined) : undefined;
}

function assertShape(example: unknown, real: unknown): boolean {
  return JSON.stringify(shapeOf(example)) === JSON.stringify(shapeOf(real));
}
