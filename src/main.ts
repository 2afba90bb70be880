// config → database → migrations → app → listen; prints the address it listens on.
import { loadConfig, ConfigError } from './config.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';

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
  const db = connect(config.databaseUrl);
  await migrate(db);
  const app = await buildApp(
    { db, config, clock: Date.now },
    { logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] } },
  );
  const address = await app.listen({ port: config.port, host: config.host });
  const port = Number(new URL(address).port);
  if (!config.publicUrlFixed) config.publicUrl = `http://localhost:${port}`;
  const shown = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  console.log(`Baby tracker listening on ${shown} (public URL ${config.publicUrl}, database ${db.dialect})`);
  const stop = async () => {
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
