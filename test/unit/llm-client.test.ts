// The LLM client against a real HTTP server on a free local port (no mocked fetch).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { askLlm, chatCompletionsUrl, LlmError } from '../../src/services/ask/llm-client.ts';

interface Seen {
  url: string;
  auth: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}

let server: Server;
let base = '';
const seen: Seen[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const chunk of req) data += chunk;
  return data;
}

before(async () => {
  server = createServer(async (req, res) => {
    const raw = await readBody(req);
    seen.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) });
    if (req.url === '/slow/v1/chat/completions') {
      // Never answers in time; the client must abort.
      setTimeout(() => { if (!res.writableEnded) res.end('{}'); }, 2_000).unref();
      return;
    }
    if (req.url === '/broken/v1/chat/completions') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"boom"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '  Maisie had 900 ml yesterday.  ' } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('askLlm', () => {
  test('returns the model answer and sends model, key, context and question', async () => {
    const answer = await askLlm({ url: `${base}/v1`, model: 'tiny', apiKey: 'sk-test', timeoutMs: 2_000 }, 'SYSTEM', 'CONTEXT', 'How much milk?');
    assert.equal(answer, 'Maisie had 900 ml yesterday.');
    const last = seen[seen.length - 1]!;
    assert.equal(last.url, '/v1/chat/completions');
    assert.equal(last.auth, 'Bearer sk-test');
    assert.equal(last.body.model, 'tiny');
    assert.equal(last.body.messages[0]!.role, 'system');
    assert.equal(last.body.messages[0]!.content, 'SYSTEM', 'the system turn holds the instructions only');
    assert.equal(last.body.messages.length, 2);
    assert.equal(last.body.messages[1]!.role, 'user');
    assert.match(last.body.messages[1]!.content, /\n<log>\nCONTEXT\n<\/log>\n\nQuestion: How much milk\?$/, 'the log is quoted data in the user turn, then the question');
  });

  test('a base URL without /v1 gets it added', async () => {
    await askLlm({ url: base, model: 'tiny', timeoutMs: 2_000 }, 's', 'c', 'q');
    const last = seen[seen.length - 1]!;
    assert.equal(last.url, '/v1/chat/completions');
    assert.equal(last.auth, undefined);
  });

  test('throws on timeout', async () => {
    const t0 = Date.now();
    await assert.rejects(
      askLlm({ url: `${base}/slow/v1`, model: 'tiny', timeoutMs: 200 }, 's', 'c', 'q'),
      (err: unknown) => err instanceof LlmError && /200 ms/.test(err.message),
    );
    assert.ok(Date.now() - t0 < 1_500, 'aborted promptly');
  });

  test('throws on HTTP 500, carrying the status but not the body', async () => {
    await assert.rejects(
      askLlm({ url: `${base}/broken/v1`, model: 'tiny', timeoutMs: 2_000 }, 's', 'c', 'q'),
      (err: unknown) => err instanceof LlmError && err.status === 500 && !err.message.includes('boom'),
    );
  });

  test('throws when nothing listens', async () => {
    await assert.rejects(askLlm({ url: 'http://127.0.0.1:1/v1', model: 'tiny', timeoutMs: 2_000 }, 's', 'c', 'q'), LlmError);
  });
});

describe('chatCompletionsUrl', () => {
  test('accepts a base with or without /v1, or the full endpoint', () => {
    assert.equal(chatCompletionsUrl('https://api.example.com/v1'), 'https://api.example.com/v1/chat/completions');
    assert.equal(chatCompletionsUrl('https://api.example.com/v1/'), 'https://api.example.com/v1/chat/completions');
    assert.equal(chatCompletionsUrl('http://localhost:8000'), 'http://localhost:8000/v1/chat/completions');
    assert.equal(chatCompletionsUrl('https://x.test/openai/v1'), 'https://x.test/openai/v1/chat/completions');
    assert.equal(chatCompletionsUrl('https://x.test/v1/chat/completions'), 'https://x.test/v1/chat/completions');
  });
});
