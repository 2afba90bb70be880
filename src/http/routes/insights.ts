// Spec section "Insights".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { getLive, getPatterns } from '../../services/insights/insights.ts';
import { measurements } from '../../services/log/event-reads.ts';
import { Event, Measurement } from '../../schemas/event.ts';
import { actorOf } from '../auth.ts';
import { LiveStatusSchema, Nutrients7dBlock, NutrientsTodayBlock } from '../../schemas/insights.ts';
import { ChildQuery } from '../../schemas/log.ts';
import { ErrorBody } from '../../schemas/common.ts';
import { childScopeOf } from '../../services/family/children.ts';

const tags = ['Insights'];
const Obj = z.record(z.string(), z.unknown());

export function insightRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/vega/live', {
    config: { child: 'query' },
    schema: { tags, summary: 'Live status derived from the log right now', querystring: ChildQuery, response: { 200: LiveStatusSchema, 404: ErrorBody } },
    handler: async (req) => getLive(ctx, actorOf(req)) as any,
  });

  r.get('/api/vega/stats', {
    config: { child: 'query' },
    schema: { tags, summary: 'Legacy: always an empty object', deprecated: true, querystring: ChildQuery, response: { 200: z.object({}), 404: ErrorBody } },
    // An unknown child is still a 404, as on every read that takes one.
    handler: async (req) => {
      await childScopeOf(ctx, actorOf(req));
      return {};
    },
  });

  r.get('/api/vega/patterns', {
    config: { child: 'query' },
    schema: {
      tags,
      querystring: ChildQuery,
      summary: '14-day totals, typical rhythm, today, nutrients and allergens (solid blocks empty until solids start)',
      response: {
        200: z
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
          .meta({ id: 'Patterns' }),
        404: ErrorBody,
      },
    },
    handler: async (req) => getPatterns(ctx, actorOf(req)) as any,
  });

  r.get('/api/vega/measurements', {
    config: { child: 'query' },
    schema: {
      querystring: ChildQuery,
      tags,
      summary: 'Weight, length and head-circumference events, oldest first, each with its WHO percentile when the sex is known',
      response: {
        200: z.object({
          measurements: z.array(Measurement),
        }),
        404: ErrorBody,
      },
    },
    handler: async (req) => measurements(ctx, actorOf(req)),
  });
}
