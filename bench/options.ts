// Command-line options of `npm run bench -- [--quick] [--db sqlite|postgres|both]`.
export type DbChoice = 'sqlite' | 'postgres';

export interface BenchOptions {
  quick: boolean;
  databases: DbChoice[];
  /** seconds per measured round */
  duration: number;
  /** rounds per case, in alternation with the cases it is compared with */
  rounds: number;
  readConnections: number;
  writeConnections: number;
  /** PostgreSQL server to create the scratch database on, or null to skip PostgreSQL */
  pgUrl: string | null;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  let quick = false;
  let db: 'sqlite' | 'postgres' | 'both' = 'both';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') quick = true;
    else if (a === '--db' || a.startsWith('--db=')) {
      const v = a.includes('=') ? a.slice(5) : argv[++i];
      if (v !== 'sqlite' && v !== 'postgres' && v !== 'both') throw new Error(`--db takes sqlite, postgres or both (got ${v})`);
      db = v;
    } else if (a === '--help' || a === '-h') {
      console.log('npm run bench -- [--quick] [--db sqlite|postgres|both]');
      console.log('PostgreSQL runs when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database is created there).');
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  const pgUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || null;
  const databases: DbChoice[] = [];
  if (db !== 'postgres') databases.push('sqlite');
  if (db !== 'sqlite') {
    if (pgUrl) databases.push('postgres');
    else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/tracker_dev');
  }
  if (databases.length === 0) throw new Error('--db postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  return { quick, databases, duration: quick ? 1 : 3, rounds: quick ? 1 : 3, readConnections: 32, writeConnections: 8, pgUrl };
}
