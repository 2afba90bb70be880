// tracker serve | migrate | plan | reset-password | backup | demo | import | prune  (operations.md: Command-line tool)
// How the heap grows, first, as for the server (memory.ts). Each command's code is imported when
// that command runs: loading the whole server (and every other command) made each one slower.
import '../memory.ts';
import { Command, InvalidArgumentError } from 'commander';

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw new InvalidArgumentError('must be a whole number from 1 to 3650');
  return n;
}

const program = new Command();
program
  .name('tracker')
  .description('Baby tracker service: serve it, migrate its database, manage plans, back up, seed a demo family.\n' +
    'Reads the same environment as the server (DATABASE_URL, PUBLIC_URL, ...).')
  .showHelpAfterError();

program.command('serve').description('serve the whole service (same as npm start)').action(async () => (await import('../main.ts')).serve());

program
  .command('migrate')
  .description('bring the database named by DATABASE_URL to the current schema (back it up first: docs/operations.md)')
  .option('--status', 'list applied and pending migrations; change nothing')
  .action(async (opts: { status?: boolean }) => (await import('./migrate.ts')).migrateCommand(opts));

program
  .command('plan')
  .description("set the plan of the family an account belongs to ('paid' enables question answering)")
  .argument('<email>', 'the email of any account in the family')
  .argument('<plan>', 'free or paid')
  .action(async (email: string, plan: string) => (await import('./plan.ts')).planCommand(email, plan));

program
  .command('reset-password')
  .description('print a password reset link for an account (valid for 1 hour, once), to hand to its owner')
  .argument('<email>', 'the email of the account')
  .action(async (email: string) => (await import('./reset-password.ts')).resetPasswordCommand(email));

program
  .command('backup')
  .description('write a consistent copy of the embedded SQLite database (0600), safe while the server runs and writes')
  .option('--verify', 'then open the copy and run integrity_check; exit 1 (keeping no copy) unless it is ok')
  .argument('<file>', 'where to write the copy (a new file)')
  .action(async (file: string, opts: { verify?: boolean }) => (await import('./backup.ts')).backupCommand(file, opts));

program
  .command('demo')
  .description('create a demo family with realistic history; prints its sign-in and a token')
  .option('--days <n>', 'days of history', positiveInt, 30)
  .action(async (opts: { days: number }) => (await import('./demo.ts')).demoCommand(opts.days));

program
  .command('import')
  .description("import a history into a family: this service's export (tracker), Baby Buddy (babybuddy) or Huckleberry's CSV (huckleberry)")
  .requiredOption('--family <id>', 'the family id (GET /api/me shows it)')
  .requiredOption('--format <format>', 'tracker, babybuddy or huckleberry')
  .option('--dry-run', 'report what would be imported and change nothing')
  .argument('<file>', 'the file to import')
  .action(async (file: string, opts: { family: string; format: string; dryRun?: boolean }) => (await import('./import.ts')).importCommand(file, opts));

program
  .command('prune')
  .description('delete expired sessions, tokens, invites, reset links, idempotency rows and counters (the server also does this hourly)')
  .action(async () => (await import('./prune.ts')).pruneCommand());

program.parseAsync(process.argv).catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
