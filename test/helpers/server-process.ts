// The service as its own process, started the way `npm start` would run it (TypeScript through
// tsx, so no build is needed), on a given database; resolves once it prints its address.
import { spawn, type ChildProcess } from 'node:child_process';
import { TEST_HASH_COST } from './app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

export function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<{ proc: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', PASSWORD_HASH_COST: TEST_HASH_COST, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    proc.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, base: m[1]! });
      }
    });
    proc.stderr!.on('data', (chunk) => (out += chunk));
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve())));
}
