// Logging tools: one per kind of thing a caregiver logs, each for one child (`child`, else the
// primary child). Each maps its arguments onto the log request shape (LogBody) and calls
// logEvent, which also makes retries with the same idempotency key safe.
import { z } from 'zod';
import { logEvent } from '../services/log/events.ts';
import { LogBody, LogResponse, valueFields } from '../schemas/log.ts';
import { NAPPY_KINDS, SUPPLEMENT_KINDS, type EventType } from '../domain/types.ts';
import { badRequest } from '../errors.ts';
import type { LogInput } from '../schemas/log.ts';
import { tool, type Env, type ToolDef } from './registry-types.ts';
import { whenPhrase } from './present.ts';
import { describeEvent } from '../domain/describe.ts';

// The fields every logging tool takes besides its own values.
const when = LogBody.pick({ ts: true, note: true, author: true, timezone: true });

const NOTE = 'Write tool: needs a token with the write scope. Pass idempotency_key (e.g. a UUID) so a retry never logs twice.';

async function logged(env: Env, input: LogInput, key: string | undefined) {
  // A named child goes into the request as REST's body carries it (by id): the idempotency key
  // space is POST /api/vega/log's, and its digest is of the request, so the same key for
  // another child is refused rather than answered with the first child's log.
  const request = env.actor.child ? { ...input, child: env.child.id } : input;
  const r = await logEvent(env.ctx, env.actor, request, key);
  let summary = `Logged ${describeEvent(r.event)} for ${env.child.name} ${whenPhrase(r.event.ts, env.today)} (id ${r.event.id}).`;
  if (r.warning) summary += ` Note: ${r.warning.message}`;
  if (r.unknown_foods.length) summary += ` No nutrient data for: ${r.unknown_foods.join(', ')}.`;
  return { summary, data: r };
}

const common = { scope: 'write', kind: 'write', idempotent: false, keyed: 'service', perChild: true, output: LogResponse } as const;

export const logTools: ToolDef[] = [
  tool({
    ...common,
    name: 'log_feed',
    title: 'Log a milk feed',
    description:
      `Log a milk feed: a bottle with its volume in ml, or a breastfeed (ml = 0) with the side and how long it took when known. Use when a caregiver says the baby drank or fed, e.g. "120 ml at 3:10" or "fed on the left for 15 minutes". ${NOTE}`,
    input: when.extend({
      ml: valueFields.ml.describe('millilitres drunk, integer 0 to 500; 0 means a breastfeed'),
      side: valueFields.side.optional().describe('breastfeed: left, right or both; optional'),
      duration_min: valueFields.duration_min.optional().describe('how long the feed took, whole minutes 1 to 180; optional'),
    }),
    run: (env, a, key) => logged(env, { type: 'milk', ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_sleep',
    title: 'Log falling asleep or waking up',
    description:
      `Log that the baby fell asleep (state "asleep") or woke up (state "awake"), for naps and night sleep alike. Sleep spans and the live status are worked out from these pairs. ${NOTE}`,
    input: when.extend({
      state: z.enum(['asleep', 'awake']).describe('"asleep" when the baby fell asleep, "awake" when the baby woke up'),
    }),
    run: (env, { state, ...a }, key) => logged(env, { type: (state === 'asleep' ? 'sleep' : 'wake') as EventType, ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_nappy',
    title: 'Log a nappy change or a poo',
    description:
      `Log a nappy change: wet, dirty, both or dry. Use kind "poo" for a poo that was not in a nappy (e.g. on the potty). ${NOTE}`,
    input: when.extend({
      kind: z.enum([...NAPPY_KINDS, 'poo']).describe('wet, dirty, both or dry for a nappy change; poo for a poo outside a nappy'),
    }),
    run: (env, { kind, ...a }, key) => logged(env, kind === 'poo' ? { type: 'poop', ...a } : { type: 'nappy', kind, ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_solid',
    title: 'Log solid food',
    description:
      `Log a meal or snack of solid food with the foods eaten (or a saved recipe's name). Nutrients and allergen exposure are tracked from these. Use suggest_foods to reuse recent spellings. ${NOTE}`,
    input: when.extend({ foods: valueFields.foods, meal_type: valueFields.meal_type.optional().describe('meal or snack; optional') }),
    run: (env, a, key) => logged(env, { type: 'solid', ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_supplement',
    title: 'Log a supplement',
    description: `Log a vitamin D, iron or multivitamin supplement given to the baby, optionally with its dose in micrograms. Not for medicines. ${NOTE}`,
    input: when.extend({
      kind: z.enum(SUPPLEMENT_KINDS).describe('vitd (vitamin D), iron or multivitamin'),
      ug: valueFields.ug.optional().describe('dose in micrograms, integer 0 to 100000; optional'),
    }),
    run: (env, a, key) => logged(env, { type: 'supplement', ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_growth',
    title: 'Log a weight or length',
    description:
      `Log one growth measurement: a weight in kilograms (kg) or a length in centimetres (cm), one per call (call twice to log both). Convert pounds or inches to metric first. ${NOTE}`,
    input: when.extend({
      kg: valueFields.kg.optional().describe('weight in kilograms, 0.5 to 30; give kg or cm, not both'),
      cm: valueFields.cm.optional().describe('length in centimetres, 40 to 120; give kg or cm, not both'),
    }),
    run: (env, { kg, cm, ...a }, key) => {
      if ((kg === undefined) === (cm === undefined)) {
        throw badRequest('Give exactly one of kg (a weight) or cm (a length) per call.', 'invalid_event');
      }
      return logged(env, kg !== undefined ? { type: 'weight', kg, ...a } : { type: 'length', cm, ...a }, key);
    },
  }),
  tool({
    ...common,
    name: 'log_note',
    title: 'Log a note',
    description: `Log a free-text note in the family log (a milestone, who visited, anything worth remembering for the day), at most 300 characters. ${NOTE}`,
    input: when.extend({ note: valueFields.note.min(1).describe('the note, 1 to 300 characters') }),
    run: (env, a, key) => logged(env, { type: 'note', ...a }, key),
  }),
];
