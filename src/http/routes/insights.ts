// Spec section "Insights".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { getLive, getPatterns } from '../../services/insights/insights.ts';
import { measurements } from '../../services/log/event-reads.ts';
import { Event, Measurement } from '../../schemas/event.ts';
import { actorOf } from '../auth.ts';
import { LiveStatusSchema } from '../../schemas/insights.ts';

const tags = ['Insights'];
const Obj = z.record(z.string(), z.unknown());

export function insightRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/vega/live', {
    schema: { tags, summary: 'Live status derived from the log right now', response: { 200: LiveStatusSchema } },
    handler: async (req) => getLive(ctx, actorOf(req)) as any,
  });

  r.get('/api/vega/stats', {
    schema: { tags, summary: 'Legacy: always an empty object', deprecated: true, response: { 200: z.object({}) } },
    handler: async () => ({}),
  });

  r.get('/api/vega/patterns', {
    schema: {
      tags,
      summary: '14-day totals, typical rhythm, today, nutrients and allergens (solid blocks empty until solids start)',
      response: {
        200: z
          .object({
            patterns: Obj,
            daily_totals: z.array(Obj),
            today: z.array(Event),
            nutrients_7d: Obj,
            nutrients_today: Obj,
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
      },
    },
    handler: async (req) => getPatterns(ctx, actorOf(req)) as any,
  });

  r.get('/api/vega/measurements', {
    schema: {
      tags,
      summary: 'Weight and length events, oldest first, each with its WHO percentile when the sex is known',
      response: {
        200: z.object({
          measurements: z.array(Measurement),
        }),
      },
    },
    handler: async (req) => measurements(ctx, actorOf(req)),
  });
}
