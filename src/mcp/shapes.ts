// Output shapes of the MCP presentation that the REST API has no name for: the two halves of
// the patterns response (routines vs. solids) that get_patterns and get_nutrients_allergens
// present separately, so an assistant fetches only what the question needs. Their inner
// objects stay free-form, as in the spec's Patterns response.
import { z } from 'zod';

const Obj = z.record(z.string(), z.unknown());

export const PatternsView = z.object({
  patterns: Obj.describe('typical rhythm over the last 14 days: sleep, feeds, nappies, medians and trends'),
  daily_totals: z.array(Obj).describe('one entry per family-local day, the last 14 days'),
  age_months: z.number().nullable(),
  age_display: z.string().nullable(),
});

export const SolidsView = z.object({
  solids_started: z.boolean().describe('false until a solid food is logged; the blocks below are empty until then'),
  nutrients_today: Obj,
  nutrients_7d: Obj,
  nutrient_targets: Obj.describe('daily reference intakes for the age band and region (UK RNI or US DRI)'),
  allergens_today: Obj,
  allergen_grid: Obj.describe('the last 14 days: which common allergens were eaten on which day'),
});
