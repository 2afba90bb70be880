// Reading the family's own row and turning it into what the rules and presenters need.
import type { Selectable } from 'kysely';
import type { FamiliesTable } from '../../db/schema.ts';
import { FamilyScope, type ChildRow } from '../../db/family-scope.ts';
import { PreparedQuery } from '../../db/prepared.ts';
import type { ChildProfile, Region, Units } from '../../domain/types.ts';
import { unauthorized } from '../../errors.ts';
import { t } from '../../i18n/text.ts';

export type FamilyRow = Selectable<FamiliesTable>;

// Every request reads its family's row (and the version that keys the caches): compiled once.
const familyRow = new PreparedQuery<[string], FamilyRow>(1, (k, familyId) => new FamilyScope(k, familyId, 'sqlite').family().selectAll());
const familyVersionRow = new PreparedQuery<[string], { version: number }>(1, (k, familyId) =>
  new FamilyScope(k, familyId, 'sqlite').family().select('version'),
);

export async function loadFamily(scope: FamilyScope): Promise<FamilyRow> {
  // A read-only request's row came with its credential, a moment ago.
  if (scope.knownFamily) return scope.knownFamily as FamilyRow;
  const [row] = await scope.run(familyRow);
  // The credential resolved moments ago; a missing family means it was deleted meanwhile.
  if (!row) throw unauthorized(t('error.family_gone'));
  return row;
}

/** The family's current version (see migration 008): what cached derivations are keyed by. */
export async function familyVersion(scope: FamilyScope): Promise<number> {
  const [row] = await scope.run(familyVersionRow);
  return row ? Number(row.version) : -1;
}

/**
 * The family's version, with its row locked until the transaction ends (PostgreSQL; SQLite
 * runs one write transaction at a time): between this and the commit, only the caller's own
 * writes can change the version.
 */
export async function lockFamilyVersion(tx: FamilyScope): Promise<number> {
  const row = await tx.forUpdate(tx.family().select('version')).executeTakeFirst();
  return row ? Number(row.version) : -1;
}

/** What the rules need: the child's own fields and the family's settings. */
export function childProfile(f: FamilyRow, c: ChildRow): ChildProfile {
  return {
    baby_name: c.name,
    dob: c.dob,
    gender: c.gender,
    timezone: f.timezone,
    region: f.region as Region,
    units: f.units as Units,
    zone_set_at: f.timezone_set_at ?? null,
  };
}

/**
 * The name the family is known by, which DELETE /api/vega/family must be confirmed with: its
 * family name, else its primary child's name.
 */
export function familyDisplayName(f: FamilyRow, primary: ChildRow): string {
  return f.family_name || primary.name;
}
