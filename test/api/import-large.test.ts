// A large import in this service's own format (issue 30): a body over 1 MB with characters past
// Latin-1, as every export has, is read as it was sent, whether its length is declared or it
// comes in chunks; its duplicates, its refused rows and a dry run answer as for a small file.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, assertError, type TestApp, type Family } from '../helpers/app.ts';

const TEXTS = ['1–3 years', 'Zoë ate 🍌 at the café', 'Ключ 中文', 'a "quoted" \\ backslash', 'tab\there', 'plain'];

/** An export of `n` notes a minute apart (each long enough to make the file large), newest last. */
function exportOf(n: number) {
  const start = Date.parse('2026-06-01T00:00:00Z');
  const events = Array.from({ length: n }, (_, i) => ({
    ts: new Date(start + i * 60_000).toISOString().slice(0, 19),
    type: 'note',
    note: `${TEXTS[i % TEXTS.length]} ${'x'.repeat(220)} ${i}`,
  }));
  return { profile: { timezone: 'UTC', age_band: { label: '1–3 years' } }, events };
}

/** POSTs the body over a real socket in chunks, with no Content-Length (Transfer-Encoding: chunked). */
function postChunked(port: number, token: string, body: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/vega/import', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    const bytes = Buffer.from(body);
    // Uneven pieces, so some UTF-8 characters are split between two of them.
    for (let i = 0; i < bytes.length; i += 65_537) req.write(bytes.subarray(i, i + 65_537));
    req.end();
  });
}

for (const d of testDatabases()) {
  describe(`import of a large file [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => t?.close());

    const notes = async (f: Family) => ((await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token })).body.events as any[]).map((e) => [e.ts, e.note]);

    test('over 1 MB with characters past Latin-1: every note as sent; an in-file duplicate counted once; a dry run the same answer, nothing changed', async () => {
      const data = exportOf(4500);
      const sent = data.events.map((e) => [e.ts, e.note]);
      data.events.push({ ...data.events[7]! }, { ts: '2026-06-02T00:00:00', type: 'note', note: 'y'.repeat(301) });
      const body = JSON.stringify({ format: 'tracker', data });
      assert.ok(Buffer.byteLength(body) > 1024 * 1024);
      const f = await signUp(t.app, { timezone: 'UTC' });
      const json = { token: f.token, headers: { 'content-type': 'application/json' } };

      const dry = await call(t.app, 'POST', '/api/vega/import', body.replace('{"format":"tracker"', '{"format":"tracker","dry_run":true'), json);
      assert.equal(dry.status, 200, dry.text.slice(0, 300));
      assert.deepEqual(await notes(f), []);

      const imp = await call(t.app, 'POST', '/api/vega/import', body, json);
      assert.equal(imp.status, 200, imp.text.slice(0, 300));
      assert.deepEqual({ ...dry.body, dry_run: false }, imp.body);
      assert.deepEqual([imp.body.new, imp.body.already_there, imp.body.counts], [4500, 1, { note: 4501 }]);
      assert.deepEqual(imp.body.skipped, [{ line: 4502, source: 'events', reason: 'note of a note event must be at most 300 characters (this row: 301 characters)' }]);
      assert.deepEqual(await notes(f), sent);
    });

    test('the same file in chunks, with no declared length: the same answer', async () => {
      const body = JSON.stringify({ format: 'tracker', dry_run: true, data: exportOf(4500) });
      const f = await signUp(t.app, { timezone: 'UTC' });
      const declared = await call(t.app, 'POST', '/api/vega/import', body, { token: f.token, headers: { 'content-type': 'application/json' } });
      const chunked = await postChunked((t.app.server.address() as AddressInfo).port, f.token, body);
      assert.equal(chunked.status, 200);
      assert.deepEqual(chunked.body, declared.body);
      assert.equal(chunked.body.new, 4500);
    });

    test('over 1 MB and not JSON (a character after a backslash is no escape): 400 invalid_json', async () => {
      const f = await signUp(t.app);
      const body = JSON.stringify({ format: 'tracker', data: exportOf(4500) }).replace('1–3 years', '1\\–3 years');
      assertError(await call(t.app, 'POST', '/api/vega/import', body, { token: f.token, headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
      assert.deepEqual(await notes(f), []);
    });
  });
}
