// Spec section "Tracker": logging, correcting and reading the family log.
import type { FastifyInstance } from 'fastify';
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
import { idempotencyKeyOf } from '../idempotency.ts';
import { resource } from '../route.ts';

export function trackerRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Tracker']);

  r.post('/api/vega/log', {
    texts: true,
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
    // The service takes the key in its own write: MCP's logging tools share its key space.
    idempotent: 'service',
    child: 'body',
    body: LogBody,
    response: LogResponse,
    errors: [404, 409],
    run: (actor, { body, req }) => logEvent(ctx, actor, body, idempotencyKeyOf(req)),
  });

  r.get('/api/vega/food/suggestions', {
    summary: 'Foods logged in the last 14 days, most recent first',
    validationStatus: 422,
    child: 'query',
    query: SuggestionsQuery,
    response: z.object({ suggestions: z.array(z.string()) }),
    errors: [404],
    run: (actor, { query }) => foodSuggestions(ctx, actor, query.limit),
  });

  r.post('/api/vega/event/edit', {
    texts: true,
    summary: 'Correct an event: only ts, its value fields (those its type takes), author and child_id can change',
    idempotent: true,
    body: EditBody,
    response: MutationResponse,
    errors: [404, 409],
    run: (actor, { body }) => editEvent(ctx, actor, body),
  });

  r.post('/api/vega/event/delete', {
    texts: true,
    summary: 'Delete an event',
    idempotent: true,
    body: IdBody,
    response: MutationResponse,
    errors: [404],
    run: (actor, { body }) => deleteEvent(ctx, actor, body.id),
  });

  r.post('/api/vega/event/react', {
    summary: "Add the calling caregiver's emoji reaction (once per emoji per caregiver)",
    idempotent: true,
    body: ReactBody,
    response: MutationResponse,
    errors: [404],
    run: (actor, { body }) => reactToEvent(ctx, actor, body.id, body.emoji),
  });

  r.post('/api/vega/recipes', {
    summary: 'Save a recipe; log its name as a solid food and its ingredients count as eaten',
    idempotent: true,
    body: RecipeBody,
    response: RecipeResponse,
    run: (actor, { body }) => saveRecipe(ctx, actor, body.name, body.ingredients),
  });

  r.post('/api/vega/undo', {
    texts: true,
    summary: 'Remove the most recently logged event',
    idempotent: true,
    response: UndoResponse,
    run: (actor) => undoLast(ctx, actor),
  });

  r.get('/api/vega/today', {
    summary: "Today's events (family-local day), oldest first, and (1.3.0) their counts per type",
    child: 'query',
    query: ChildQuery,
    response: EventList,
    errors: [404],
    run: (actor) => eventsOfDay(ctx, actor),
  });

  r.get('/api/vega/events', {
    summary: 'The events of one family-local day, oldest first, and (1.3.0) their counts per type',
    child: 'query',
    query: DateQuery,
    response: EventList,
    errors: [404],
    run: (actor, { query }) => eventsOfDay(ctx, actor, query.date),
  });
}
