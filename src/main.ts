// config → database → migrations → app → listen; prints the address it listens on.
// First, before anything else is loaded: how the heap grows (memory.ts).
import './memory.ts';
import pino from 'pino';
import { loadConfig, ConfigError } from './config.ts';
import { connect } from './db/connect.ts';
import { migrate, SchemaTooNewError } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { prune, PRUNE_EVERY_MS } from './services/housekeeping/prune.ts';
import { startNotifier } from './notifier.ts';
import { cacheBudget } from './services/insights/cache-budget.ts';
import { PRODUCTION_HASH_COST } from './domain/password-hash-cost.ts';

const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

export async function serve(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  cacheBudget.setLimit(config.cacheMemoryBytes);
  const db = connect(config.databaseUrl);
  try {
    await migrate(db);
  } catch (err) {
    // A rollback without restoring the backup: say which releases, touch nothing.
    if (err instanceof SchemaTooNewError) {
      console.error(err.message);
      await db.close();
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp(
    { db, config, clock: Date.now },
    {
      logger: {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie'],
        // Lines are gathered and written 4 KiB at a time (under load, the lines of dozens of
        // requests in one write instead of one write each), and at least every second, so a
        // quiet server's lines still appear at once for whoever tails them. pino flushes what
        // is pending when the process exits.
        stream: pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
      },
    },
  );
  const address = await app.listen({ port: config.port, host: config.host });
  const port = Number(new URL(address).port);
  if (!config.publicUrlFixed) config.publicUrl = `http://localhost:${port}`;
  const shown = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  console.log(`Baby tracker listening on ${shown} (public URL ${config.publicUrl}, database ${db.dialect})`);
  if (config.passwordHashCost < PRODUCTION_HASH_COST) {
    app.log.warn(
      `PASSWORD_HASH_COST=${config.passwordHashCost} is below the production cost ${PRODUCTION_HASH_COST}: passwords set now are far easier to guess from a stolen database. Use it for tests and trials only.`,
    );
  }
  // Expired sessions, tokens, invites, idempotency rows and counters: now, then hourly.
  const housekeeping = async () => {
    try {
      app.log.info({ pruned: await prune(db.kysely, Date.now()) }, 'prune');
    } catch (err) {
      app.log.warn({ err }, 'prune failed; will retry in an hour');
    }
  };
  void housekeeping();
  const pruneTimer = setInterval(housekeeping, PRUNE_EVERY_MS);
  pruneTimer.unref();
  // Reminders and the outbox's delivery (webhooks, push): after the commits, never in a request.
  const stopNotifier = startNotifier({ db, config, clock: Date.now }, app.log);
  const stop = async () => {
    clearInterval(pruneTimer);
    await stopNotifier();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
