// Builds the application in-process on an in-memory SQLite database and prints the served
// /openapi.json: what the API linters and the client generator read, without a listener.
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';

export async function servedOpenApi(): Promise<string> {
  const config = loadConfig({ PUBLIC_URL: 'https://tracker.example', DATABASE_URL: 'sqlite::memory:' });
  const handle = connect(config.databaseUrl);
  try {
    await migrate(handle);
    const app = await buildApp({ db: handle, config, clock: () => Date.now() });
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    await app.close();
    if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
    return JSON.stringify(JSON.parse(res.body), null, 2);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write((await servedOpenApi()) + '\n');
}
