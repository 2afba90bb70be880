// Spec section "Insights".
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { getLive, getPatterns } from '../../services/insights/insights.ts';
import { measurements } from '../../services/log/event-reads.ts';
import { Event, Measurement } from '../../schemas/event.ts';
import { LiveStatusSchema, Nutrients7dBlock, NutrientsTodayBlock } from '../../schemas/insights.ts';
import { ChildQuery } from '../../schemas/log.ts';
import { childScopeOf } from '../../services/family/children.ts';
import { resource } from '../route.ts';

const Obj = z.record(z.string(), z.unknown());

const Patterns = z
  .object({
    patterns: Obj,
    daily_totals: z.array(Obj),
    today: z.array(Event),
    nutrients_7d: Nutrients7dBlock,
    nutrients_today: NutrientsTodayBlock,
    nutrient_targets: Obj,
    allergens_today: Obj,
    allergen_grid: Obj,
    baby_name: z.string(),
    dob: z.string(),
    age_months: z.number().nullable(),
    age_display: z.string().nullable(),
    flags: z.looseObject({ solids_started: z.boolean() }),
  })
  .meta({ id: 'Patterns' });

// Each reads one child's log: ?child=ID (404 for an unknown one), else the primary child.
const ofChild = { child: 'query', query: ChildQuery, errors: [404] } as const;

export function insightRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Insights']);

  r.get('/api/vega/live', {
    texts: true,
    ...ofChild,
    summary: 'Live status derived from the log right now',
    response: LiveStatusSchema,
    run: (actor) => getLive(ctx, actor),
  });

  r.get('/api/vega/stats', {
    ...ofChild,
    summary: 'Legacy: always an empty object',
    deprecated: true,
    response: z.object({}),
    // An unknown child is still a 404, as on every read that takes one.
    run: async (actor) => {
      await childScopeOf(ctx, actor);
      return {};
    },
  });

  r.get('/api/vega/patterns', {
    texts: true,
    ...ofChild,
    summary: '14-day totals, typical rhythm, today, nutrients and allergens (solid blocks empty until solids start)',
    response: Patterns,
    // The service types its blocks as interfaces, which TypeScript will not take for the open
    // records the document shows them as (no index signature): the same objects, typed twice.
    run: (actor) => getPatterns(ctx, actor) as unknown as Promise<z.input<typeof Patterns>>,
  });

  r.get('/api/vega/measurements', {
    ...ofChild,
    summary: 'Weight, length and head-circumference events, oldest first, each with its WHO percentile when the sex is known',
    response: z.object({ measurements: z.array(Measurement) }),
    run: (actor) => measurements(ctx, actor),
  });
}
