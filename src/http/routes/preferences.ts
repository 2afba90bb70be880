// A caregiver's own language and formats (issue 39): any signed-in caregiver, for themselves;
// read with the read scope, changed with the write scope.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import type { Actor } from '../../services/actor.ts';
import { savedPreferences, SUPPORTED_LANGUAGES, updatePreferences, type SavedPreferences } from '../../services/access/preferences.ts';
import { Preferences, PreferencesUpdate } from '../../schemas/preferences.ts';
import { catalogueFor, negotiateLanguage, usualWeekStart } from '../../i18n/languages.ts';
import { usualHourCycle } from '../../i18n/text.ts';
import { resource } from '../route.ts';

/** The saved choices, the supported languages, and what this request is answered in. */
function answer(req: FastifyRequest, actor: Actor, saved: SavedPreferences) {
  const header = req.headers['accept-language'];
  const language = saved.language ?? negotiateLanguage(header) ?? 'en';
  const catalogue = catalogueFor(language, actor.region ?? actor.family?.region, header);
  return {
    ...saved,
    languages: SUPPORTED_LANGUAGES,
    in_effect: {
      language,
      hour_cycle: saved.hour_cycle ?? usualHourCycle(catalogue),
      week_start: saved.week_start ?? usualWeekStart(catalogue),
    },
  };
}

export function preferencesRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Preferences']);

  r.get('/api/vega/preferences', {
    summary: "The caller's own language, clock and week start, and the languages on offer",
    description:
      "Each caregiver chooses for themselves, on every device: the service's texts (error messages, live status messages, warnings, reminders) " +
      'are written in the saved language, else in the best match for Accept-Language, else in English. Field names and codes never change.',
    response: Preferences,
    run: async (actor, { req }) => answer(req, actor, await savedPreferences(ctx, actor)),
  });

  r.post('/api/vega/preferences', {
    summary: "Change the caller's own language, clock or week start (any subset); answers as GET does",
    description: 'A key left out keeps its value; null goes back to the default. An unsupported language or an unknown value is a 400 naming the field, and nothing is saved.',
    idempotent: true,
    body: PreferencesUpdate,
    response: Preferences,
    run: async (actor, { req, body }) => answer(req, actor, await updatePreferences(ctx, actor, body)),
  });
}
