// tracker import --family ID --format F FILE: the same import as POST /api/vega/import, run as
// the family's first admin, with a progress line on a terminal.
import { readFileSync } from 'node:fs';
import { withDatabase } from './open-db.ts';
import { AppError } from '../errors.ts';
import { IMPORT_FORMATS, importHistory, type ImportFormat } from '../services/transfer/import.ts';
import type { Actor } from '../services/actor.ts';

export async function importCommand(file: string, opts: { family: string; format: string; dryRun?: boolean }): Promise<void> {
  if (!(IMPORT_FORMATS as readonly string[]).includes(opts.format)) {
    throw new Error(`--format must be one of ${IMPORT_FORMATS.join(', ')} (got '${opts.format}')`);
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read ${file}: ${(err as Error).message}`);
  }
  let data: unknown = text;
  if (opts.format !== 'huckleberry') {
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error(`${file} is not JSON (the ${opts.format} format is a JSON file).`);
    }
  }
  const tty = process.stderr.isTTY;
  await withDatabase(async (db, config) => {
    const admin = await db.kysely
      .selectFrom('users')
      .select(['id', 'username'])
      .where('family_id', '=', opts.family)
      .where('role', '=', 'admin')
      .orderBy('created_at')
      .executeTakeFirst();
    if (!admin) throw new Error(`No family has the id ${opts.family} (or it has no admin).`);
    const actor: Actor = {
      familyId: opts.family,
      userId: admin.id,
      username: admin.username,
      role: 'admin',
      scopes: new Set(['read', 'write']),
      via: 'token',
      tokenId: null,
      sessionHash: null,
    };
    if (tty) process.stderr.write(`Reading ${file}…`);
    try {
      const result = await importHistory({ db, config, clock: () => Date.now() }, actor, { format: opts.format as ImportFormat, dry_run: opts.dryRun === true, data }, (done, total) => {
        if (!tty) return;
        const width = 30;
        const filled = Math.round((done / total) * width);
        process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} events`);
      });
      if (tty) process.stderr.write('\r\x1b[K');
      const verb = result.dry_run ? 'Would import' : 'Imported';
      console.log(`${verb} ${result.new} new event(s); ${result.already_there} already there; ${result.skipped.length} row(s) skipped.`);
      if (result.first_ts) console.log(`From ${result.first_ts} to ${result.last_ts}.`);
      for (const [type, n] of Object.entries(result.counts)) console.log(`  ${type}: ${n}`);
      for (const c of result.children ?? []) {
        const where = c.action === 'created' ? `${c.name} (${result.dry_run ? 'would be added' : `added, id ${c.child_id}`})` : `${c.name} (id ${c.child_id})`;
        console.log(`  ${c.source} → ${where}: ${c.new} new, ${c.already_there} already there`);
      }
      for (const s of result.skipped) console.log(`  skipped ${s.source} line ${s.line}: ${s.reason}`);
    } catch (err) {
      if (tty) process.stderr.write('\n');
      if (err instanceof AppError) throw new Error(err.message);
      throw err;
    }
  });
}
