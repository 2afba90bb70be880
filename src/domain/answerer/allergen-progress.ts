// "Which allergens haven't we tried yet?": the family region's list (UK 14, US 9) split into
// those logged and those not yet logged over the whole log. Logged = in the solids the answerer
// has (the window, and the whole log's solids when the caller gave them) or in the patterns
// endpoint's allergen grid (`last_exposure`, whole log since issue 27), counted the same way
// (recipes expanded, the food table, keyword hints), so the two never disagree. Those introduced
// and not offered for a week or more are named with their days (the grid's `keep_offering`).
import { allergenList } from '../foods-allergens.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { allergenLookup, allergenName } from './allergens.ts';
import { list } from './format.ts';
import { ANSWER_WINDOW_DAYS } from './types.ts';
import { KEEP_OFFERING_DAYS, type AllergenGridWithHistory } from '../food-history.ts';

/** "not yet", "haven't", "still to", "left to": the question asks for the ones not yet had. */
export const NOT_YET = /\b(not|never|yet to|still to|left to|left|remaining|missing|to go|to try|to introduce|untried|haven't|hasn't|havent|hasnt|other)\b/;

export function allergenProgress(log: Log): { had: string[]; notYet: string[] } {
  const of = allergenLookup(log.recipes);
  const seen = new Set<string>();
  for (const e of log.events) if (e.type === 'solid' && e.at <= log.now) for (const f of e.foods ?? []) for (const a of of(f)[log.region]) seen.add(a);
  // The whole log's solids, when the caller gave them (issue 27).
  for (const sp of log.history?.solids ?? []) for (const f of sp.foods) for (const a of of(f)[log.region]) seen.add(a);
  const grid = log.insights?.allergen_grid;
  if (grid && 'last_exposure' in grid && grid.region === log.region) {
    for (const [id, last] of Object.entries(grid.last_exposure)) if (last) seen.add(id);
  }
  const ids = allergenList(log.region).map((a) => a.id);
  return { had: ids.filter((id) => seen.has(id)), notYet: ids.filter((id) => !seen.has(id)) };
}

export function allergenProgressReply(log: Log, askNotYet: boolean): Reply {
  const { had, notYet } = allergenProgress(log);
  const region = log.region === 'us' ? 'the US 9' : 'the UK 14';
  const names = (ids: string[]) => list(ids.map((id) => allergenName(id, log.region)));
  const grid = log.insights?.allergen_grid;
  const whole = log.history?.solids !== undefined || (grid !== null && grid !== undefined && 'first_exposure' in grid);
  const scope = whole ? 'in the log' : `in the last ${ANSWER_WINDOW_DAYS} days of the log`;
  const hadText = had.length === 0 ? `none of ${region} common allergens is logged for ${log.name} ${scope}` : `${log.name} has had ${had.length} of ${region} common allergens ${scope}: ${names(had)}`;
  const notYetText = notYet.length === 0 ? `every one of ${region} is logged` : `not yet logged: ${notYet.length} — ${names(notYet)}`;
  // Introduced and then not offered for a week or more (the patterns grid's keep_offering).
  const keep = grid && 'keep_offering' in grid && grid.region === log.region ? (grid as unknown as AllergenGridWithHistory).keep_offering : [];
  const keepText = keep.length === 0 ? '' : ` Not offered for ${KEEP_OFFERING_DAYS} days or more: ${list(keep.map((k) => `${allergenName(k.id, log.region)} (${k.days_since_last} days)`))}.`;
  const answer = askNotYet
    ? `${cap(notYetText)}. ${cap(hadText)}.${keepText}`
    : `${cap(hadText)}; ${notYetText}.${keepText}`;
  return {
    answer,
    figures: {
      allergens_had: had.join(', '), allergens_not_yet: notYet.join(', '), had_count: had.length, not_yet_count: notYet.length,
      ...(keep.length ? { keep_offering: keep.map((k) => `${k.id}:${k.days_since_last}`).join(', ') } : {}),
    },
  };
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
