// The medicines a family gives and its own settings for each (issue 26): listed for every
// member (a caregiver logging a dose sees them), changed by admins. The numbers are the
// family's, from the packet or prescription; the service never supplies one.
import type { Ctx } from '../context.ts';
import { isUniqueViolation, scopeOf } from '../context.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import { AppError, notFound } from '../../errors.ts';
import { MAX_MEDICINES, medicineKey, type MedicineSetting } from '../../domain/medicines.ts';
import { t } from '../../i18n/text.ts';

/** A medicines row as the rules and the API see it (PostgreSQL hands numbers back as text or real). */
function toSetting(r: { name: string; min_hours: number | null; max_per_24h: number | null }): MedicineSetting {
  return { name: r.name, min_hours: r.min_hours === null ? null : Number(r.min_hours), max_per_24h: r.max_per_24h === null ? null : Number(r.max_per_24h) };
}

export async function medicineSettings(scope: FamilyScope): Promise<MedicineSetting[]> {
  const rows = await scope.selectFrom('medicines').select(['name', 'min_hours', 'max_per_24h']).orderBy('name_key').execute();
  return rows.map(toSetting);
}

export async function listMedicines(ctx: Ctx, actor: Actor) {
  return { medicines: await medicineSettings(scopeOf(ctx, actor)) };
}

export interface MedicineInput {
  name: string;
  min_hours?: number | null;
  max_per_24h?: number | null;
}

/** Saves a medicine's settings; a name the family already has (ignoring case) is replaced. */
export async function saveMedicine(ctx: Ctx, actor: Actor, input: MedicineInput) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const name = input.name.trim().replace(/\s+/g, ' ');
  const key = medicineKey(name);
  const values = { name, min_hours: input.min_hours ?? null, max_per_24h: input.max_per_24h ?? null };
  await scope.transaction(async (tx) => {
    const updated = await tx.updateTable('medicines').set(values).where('name_key', '=', key).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    const count = Number((await tx.selectFrom('medicines').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    if (count >= MAX_MEDICINES) throw new AppError(409, 'medicine_limit', t('error.medicine_limit', { max: MAX_MEDICINES }));
    try {
      await tx.insertInto('medicines', { ...values, name_key: key, created_at: ctx.clock() }).execute();
    } catch (err) {
      // Saved by another request a moment ago: the same medicine, now with these settings.
      if (!isUniqueViolation(err)) throw err;
      await tx.updateTable('medicines').set(values).where('name_key', '=', key).execute();
    }
  });
  return { status: 'ok' as const, medicine: values };
}

export async function deleteMedicine(ctx: Ctx, actor: Actor, name: string) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const key = medicineKey(name);
  return scope.transaction(async (tx) => {
    const row = await tx.selectFrom('medicines').select(['name', 'min_hours', 'max_per_24h']).where('name_key', '=', key).executeTakeFirst();
    if (!row) throw notFound(t('error.medicine_not_found', { name: name.trim() }));
    await tx.deleteFrom('medicines').where('name_key', '=', key).execute();
    // Doses already logged stay in the log; only the settings go.
    return { status: 'ok' as const, removed: toSetting(row) };
  });
}
