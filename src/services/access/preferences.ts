// One caregiver's language and formats (issue 39): read and changed by the caregiver alone, for
// themselves, kept on their own row.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import { knownPreferences, LANGUAGES, OWN_NAMES, type KnownPreferences } from '../../i18n/languages.ts';

export type SavedPreferences = KnownPreferences;

export type PreferencesPatch = Partial<SavedPreferences>;

export async function savedPreferences(ctx: Ctx, actor: Actor): Promise<SavedPreferences> {
  const row = await scopeOf(ctx, actor)
    .selectFrom('users')
    .select(['language', 'hour_cycle', 'week_start'])
    .where('id', '=', actor.userId)
    .executeTakeFirst();
  return knownPreferences(row);
}

/** Saves the keys given (validated by the route's schema); the whole saved set after it. */
export async function updatePreferences(ctx: Ctx, actor: Actor, patch: PreferencesPatch): Promise<SavedPreferences> {
  const set: PreferencesPatch = {};
  if (patch.language !== undefined) set.language = patch.language;
  if (patch.hour_cycle !== undefined) set.hour_cycle = patch.hour_cycle;
  if (patch.week_start !== undefined) set.week_start = patch.week_start;
  if (Object.keys(set).length) await scopeOf(ctx, actor).updateTable('users').set(set).where('id', '=', actor.userId).execute();
  return savedPreferences(ctx, actor);
}

export const SUPPORTED_LANGUAGES = LANGUAGES.map((tag) => ({ tag, name: OWN_NAMES[tag] }));
