// An OpenAI-compatible chat-completions endpoint on a real socket, for the tests of question
// answering with a model: it keeps every request it got and answers what `reply` says.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  url: string | undefined;
  auth: string | undefined;
  body: any;
}

export interface FakeLlm {
  /** the base URL to give as ASK_LLM_URL (with /v1) */
  url: string;
  seen: SeenRequest[];
  close(): void;
}

/** `reply` returns the assistant's text, or null for a 500. */
export async function startFakeLlm(reply: (req: SeenRequest) => string | null): Promise<FakeLlm> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r: SeenRequest = { url: req.url, auth: req.headers.authorization, body: JSON.parse(body) };
      seen.push(r);
      const content = reply(r);
      if (content === null) {
        res.writeHead(500).end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen, close: () => server.close() };
}
