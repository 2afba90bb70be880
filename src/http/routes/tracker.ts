// Spec section "Tracker": logging, correcting and reading the family log.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { deleteEvent, editEvent, logEvent, reactToEvent, undoLast } from '../../services/log/events.ts';
import { eventsOfDay, foodSuggestions } from '../../services/log/event-reads.ts';
import { saveRecipe } from '../../services/log/recipes.ts';
import {
  ChildQuery,
  DateQuery,
  EditBody,
  EventList,
  IdBody,
  LogBody,
  LogResponse,
  MutationResponse,
  ReactBody,
  RecipeBody,
  RecipeResponse,
  SuggestionsQuery,
  UndoResponse,
} from '../../schemas/log.ts';
import { ErrorBody, ErrorWithDetailBody, ValidationErrorBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';
import { idempotencyKeyOf } from '../idempotency.ts';

const tags = ['Tracker'];

export function trackerRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/vega/log', {
    config: { idempotent: 'service', child: 'body' },
    schema: {
      tags,
      summary: 'Log an event. A warning is soft: the event is still saved',
      description:
        'Required per type: milk → ml (0 = breastfeed; side left/right/both and duration_min 1–180 optional, milk only); nappy → kind (wet, dirty, both, dry); solid → foods; ' +
        'note → note; supplement → kind (vitd, iron, multivitamin), ug optional; weight → kg; length → cm. ' +
        'Since 1.3.0: temperature → celsius (34.0–43.0, one decimal) or fahrenheit (93.2–109.4), not both; method optional (armpit, ear, forehead, rectal, oral); ' +
        'medicine → medicine (the name, 1–80 characters), amount and unit optional but together (ml, mg, drops, tablet, sachet, puff, dose); ' +
        'pumping → ml (0–1000), side and duration_min (1–180) optional; head_circumference → cm (25–60); ' +
        'activity → kind (tummy_time, bath, skin_to_skin, outdoors, reading, play), duration_min (1–720) optional; milestone → title (1–80 characters). ' +
        'sleep, wake and poop need nothing. A field that does not belong to the type is a 400 naming it. ' +
        "A dose logged sooner than the family's own min_hours for that medicine, or past its max_per_24h (GET /api/vega/medicines), is still logged, with the warning medicine_too_soon or medicine_max_doses. " +
        'The Idempotency-Key header works as on every REST write (below).',
      body: LogBody,
      response: { 200: LogResponse, 400: ErrorWithDetailBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => logEvent(ctx, actorOf(req), req.body, idempotencyKeyOf(req)),
  });

  r.get('/api/vega/food/suggestions', {
    config: { validationStatus: 422, child: 'query' },
    schema: {
      tags,
      summary: 'Foods logged in the last 14 days, most recent first',
      querystring: SuggestionsQuery,
      response: { 200: z.object({ suggestions: z.array(z.string()) }), 404: ErrorBody, 422: ValidationErrorBody },
    },
    handler: async (req) => foodSuggestions(ctx, actorOf(req), req.query.limit),
  });

  r.post('/api/vega/event/edit', {
    config: { idempotent: true },
    schema: {
      tags,
      summary: 'Correct an event: only ts, its value fields (those its type takes), author and child_id can change',
      body: EditBody,
      response: { 200: MutationResponse, 400: ErrorWithDetailBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => editEvent(ctx, actorOf(req), req.body),
  });

  r.post('/api/vega/event/delete', {
    config: { idempotent: true },
    schema: { tags, summary: 'Delete an event', body: IdBody, response: { 200: MutationResponse, 400: ErrorBody, 404: ErrorBody } },
    handler: async (req) => deleteEvent(ctx, actorOf(req), req.body.id),
  });

  r.post('/api/vega/event/react', {
    config: { idempotent: true },
    schema: {
      tags,
      summary: "Add the calling caregiver's emoji reaction (once per emoji per caregiver)",
      body: ReactBody,
      response: { 200: MutationResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => reactToEvent(ctx, actorOf(req), req.body.id, req.body.emoji),
  });

  r.post('/api/vega/recipes', {
    config: { idempotent: true },
    schema: {
      tags,
      summary: 'Save a recipe; log its name as a solid food and its ingredients count as eaten',
      body: RecipeBody,
      response: { 200: RecipeResponse, 400: ErrorBody },
    },
    handler: async (req) => saveRecipe(ctx, actorOf(req), req.body.name, req.body.ingredients),
  });

  r.post('/api/vega/undo', {
    config: { idempotent: true },
    schema: { tags, summary: 'Remove the most recently logged event', response: { 200: UndoResponse } },
    handler: async (req) => undoLast(ctx, actorOf(req)),
  });

  r.get('/api/vega/today', {
    config: { child: 'query' },
    schema: { tags, summary: "Today's events (family-local day), oldest first, and (1.3.0) their counts per type", querystring: ChildQuery, response: { 200: EventList, 404: ErrorBody } },
    handler: async (req) => eventsOfDay(ctx, actorOf(req)),
  });

  r.get('/api/vega/events', {
    config: { child: 'query' },
    schema: {
      tags,
      summary: 'The events of one family-local day, oldest first, and (1.3.0) their counts per type',
      querystring: DateQuery,
      response: { 200: EventList, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => eventsOfDay(ctx, actorOf(req), req.query.date),
  });
}
