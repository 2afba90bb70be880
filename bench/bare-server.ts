// The baseline: a bare node:http server (no framework, no plugins, no logging) answering
// GET /api/vega/today with the very same database work as the service — the same token
// lookup and the same day read, through the same Kysely instance and driver — and the same
// JSON. The service-vs-bare ratio is then what fastify, validation, security headers, the
// auth hook and request logging cost on top of the database read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Ctx } from '../src/services/context.ts';
import { actorFromToken } from '../src/services/auth.ts';
import { eventsOfDay } from '../src/services/event-reads.ts';

export async function startBareServer(ctx: Ctx): Promise<{ base: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const answer = async () => {
      const actor = m ? await actorFromToken(ctx, m[1]) : null;
      if (!actor) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
        return;
      }
      // A Content-Length as fastify sends, rather than chunked encoding.
      const body = Buffer.from(JSON.stringify(await eventsOfDay(ctx, actor)));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
    };
    answer().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
