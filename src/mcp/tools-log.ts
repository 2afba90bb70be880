// Logging tools: one per kind of thing a caregiver logs, each for one child (`child`, else the
// primary child). Each maps its arguments onto the log request shape (LogBody) and calls
// logEvent, which also makes retries with the same idempotency key safe and judges the soft
// warnings (a possible duplicate, a dose outside the family's own medicine settings) that the
// confirmation then carries.
import { z } from 'zod';
import { logEvent } from '../services/log/events.ts';
import { LogBody, LogResponse, valueFields } from '../schemas/log.ts';
import { ACTIVITY_KINDS, NAPPY_KINDS, SUPPLEMENT_KINDS, type EventType } from '../domain/types.ts';
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
  // An urgent alert (a fever in a young baby) must reach the caregiver through whoever logged it.
  if (r.live.alert_level === 'urgent' && r.live.alert_msg) summary += ` Urgent: ${r.live.alert_msg}`;
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
      // A feed's own range (the shared ml field also serves pumping, up to 1000).
      ml: valueFields.ml.max(500).describe('millilitres drunk, integer 0 to 500; 0 means a breastfeed'),
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
    title: 'Log a weight, length or head circumference',
    description:
      `Log one growth measurement: a weight in kilograms (kg), a length in centimetres (cm) or a head circumference in centimetres (head_cm), one per call (call again to log another). Convert pounds or inches to metric first. get_measurements lists them with their WHO centiles. ${NOTE}`,
    input: when.extend({
      kg: valueFields.kg.optional().describe('weight in kilograms, 0.5 to 30; give one of kg, cm or head_cm'),
      // A length's own range (the shared cm field also serves head circumference, 25 to 60).
      cm: valueFields.cm.min(40).max(120).optional().describe('length in centimetres, 40 to 120; give one of kg, cm or head_cm'),
      head_cm: valueFields.cm.max(60).optional().describe('head circumference in centimetres, 25 to 60 (the tape around the widest part of the head); give one of kg, cm or head_cm'),
    }),
    run: (env, { kg, cm, head_cm, ...a }, key) => {
      const given = [kg, cm, head_cm].filter((v) => v !== undefined).length;
      if (given !== 1) {
        throw badRequest('Give exactly one of kg (a weight), cm (a length) or head_cm (a head circumference) per call.', 'invalid_event');
      }
      if (kg !== undefined) return logged(env, { type: 'weight', kg, ...a }, key);
      if (cm !== undefined) return logged(env, { type: 'length', cm, ...a }, key);
      return logged(env, { type: 'head_circumference', cm: head_cm, ...a }, key);
    },
  }),
  tool({
    ...common,
    name: 'log_note',
    title: 'Log a note',
    description: `Log a free-text note in the family log (who visited, anything worth remembering for the day), at most 300 characters. For a milestone use log_milestone. ${NOTE}`,
    input: when.extend({ note: valueFields.note.min(1).describe('the note, 1 to 300 characters') }),
    run: (env, a, key) => logged(env, { type: 'note', ...a }, key),
  }),
  // Issue 26: the rest of a baby's day. Each is its own kind of thing, so each has its own tool.
  tool({
    ...common,
    name: 'log_temperature',
    title: 'Log a temperature reading',
    description:
      `Log a temperature reading in degrees Celsius (celsius) or Fahrenheit (fahrenheit, for a family that reads °F), one of the two, with how it was taken when known. Only records the reading: it never assesses it. When the live status raises an urgent alert (a fever in a young baby), the confirmation says so; pass it on to the caregiver. ${NOTE}`,
    input: when.extend({
      celsius: valueFields.celsius.optional().describe('degrees Celsius, 34.0 to 43.0, one decimal as the thermometer shows it; give celsius or fahrenheit, not both'),
      fahrenheit: valueFields.fahrenheit.optional().describe('degrees Fahrenheit, 93.2 to 109.4, one decimal, instead of celsius; give celsius or fahrenheit, not both'),
      method: valueFields.method.optional().describe('how it was taken: armpit, ear, forehead, rectal or oral; optional'),
    }),
    // Neither or both: the service refuses it with the message REST gives, naming the field.
    run: (env, a, key) => logged(env, { type: 'temperature', ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_medicine',
    title: 'Record a medicine given',
    description:
      `Record a medicine a caregiver has given: its name as on the packet (e.g. "Calpol"), and the amount and unit given when known. It records what was given, nothing more, and never advises a dose, an amount or when to give the next one. If the family set its own minimum hours between doses or maximum doses in 24 hours for this medicine (from the packet or prescription, set by a family admin), a dose outside them is still recorded and the confirmation warns, naming the last dose, who gave it and when. Not for vitamin D, iron or multivitamins (log_supplement). ${NOTE}`,
    input: when.extend({
      medicine: valueFields.medicine.describe('the medicine given, 1 to 80 characters, as named on the packet or prescription'),
      amount: valueFields.amount.optional().describe('how much was given, more than 0 and at most 1000, in unit; give amount and unit together or neither'),
      unit: valueFields.unit.optional().describe('the unit of amount: ml, mg, drops, tablet, sachet, puff or dose'),
    }),
    run: (env, a, key) => logged(env, { type: 'medicine', ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_pumping',
    title: 'Log a pumping session',
    description:
      `Log breast milk pumped (expressed): the volume in ml, and the side and how long it took when known. This is milk pumped, not a feed the baby drank (log_feed). Pumped ml per day appear in get_patterns. ${NOTE}`,
    input: when.extend({
      ml: valueFields.ml.describe('millilitres pumped, integer 0 to 1000'),
      side: valueFields.side.optional().describe('left, right or both; optional'),
      duration_min: valueFields.duration_min.max(180).optional().describe('how long the session took, whole minutes 1 to 180; optional'),
    }),
    run: (env, a, key) => logged(env, { type: 'pumping', ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_activity',
    title: 'Log tummy time, a bath or another activity',
    description:
      `Log an activity: tummy time, a bath, skin-to-skin, time outdoors, reading or play, with how long it lasted when known. Tummy time today counts towards the live status's daily tummy-time figure. ${NOTE}`,
    input: when.extend({
      kind: z.enum(ACTIVITY_KINDS).describe(`what the activity was: ${ACTIVITY_KINDS.join(', ')}`),
      duration_min: valueFields.duration_min.optional().describe('how long it lasted, whole minutes 1 to 720; optional'),
    }),
    run: (env, a, key) => logged(env, { type: 'activity', ...a }, key),
  }),
  tool({
    ...common,
    name: 'log_milestone',
    title: 'Log a milestone',
    description:
      `Log a milestone in a few words, e.g. "first smile", "rolled over", "first word: mama". get_milestones lists them all with the child's age on each. ${NOTE}`,
    input: when.extend({ title: valueFields.title.describe('what happened, 1 to 80 characters') }),
    run: (env, a, key) => logged(env, { type: 'milestone', ...a }, key),
  }),
];
