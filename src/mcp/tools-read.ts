// Reading tools: live status, a day's log, patterns, solids, growth, profile, family and food
// suggestions. Each calls one read service and presents it with a one-line digest. All but
// list_family are about one child (`child`, else the primary child): insights are never mixed.
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { getLive, getPatterns } from '../services/insights/insights.ts';
import { eventsOfDay, foodSuggestions, measurements } from '../services/log/event-reads.ts';
import { getProfile } from '../services/family/profile.ts';
import { listFamily } from '../services/family/family.ts';
import { DateQuery, EventList, SuggestionsArgs } from '../schemas/log.ts';
import { eventsOfType, medicinesOverview, milestones } from '../services/log/event-history.ts';
import { EVENT_TYPES } from '../domain/types.ts';
import { describeEvent } from '../domain/describe.ts';
import { Measurement } from '../schemas/event.ts';
import { Profile } from '../schemas/profile.ts';
import { FamilyListing } from '../schemas/account.ts';
import { LiveStatusSchema } from '../schemas/insights.ts';
import { formatDuration } from '../domain/patterns-stats.ts';
import { tool, type ToolDef } from './registry-types.ts';
import { countPhrase, futureDateMessage, whenPhrase } from './present.ts';
import { EventHistory, MedicinesView, MilestoneList, PatternsView, SolidsView } from './shapes.ts';
import { ChildrenField, childrenListing } from './children.ts';
import { readReminderSettings } from '../services/notify/reminder-settings.ts';
import { ReminderSettings } from '../schemas/reminders.ts';
import { reminderSummary } from '../domain/reminders.ts';

const read = { scope: 'read', kind: 'read', idempotent: true } as const;
const childRead = { ...read, perChild: true } as const;
const NoArgs = z.strictObject({});

export const readTools: ToolDef[] = [
  tool({
    ...childRead,
    name: 'get_live_status',
    title: 'Live status right now',
    description:
      'What is going on right now: asleep or awake and for how long, when the next feed is likely due, milk today, last poo, expected bedtime, supplements today, the last temperature and medicines given in the last 24 hours, tummy time today, and any alert (an urgent one, for a fever in a young baby, leads the summary). Use first for "is she due a feed?", "how long has he been awake?".',
    input: NoArgs,
    output: LiveStatusSchema,
    run: async (env) => {
      const live = (await getLive(env.ctx, env.actor)) as unknown as z.infer<typeof LiveStatusSchema>;
      const state = live.asleep ? 'Asleep' : live.awake_minutes !== null ? `Awake for ${formatDuration(live.awake_minutes)}` : 'Awake';
      const feeds = live.feeds_today !== null ? `; ${countPhrase(live.feeds_today, 'feed')} (${live.ml_today ?? 0} ml) today` : '';
      // The urgent fever alert leads: an assistant reading only the summary must still see it.
      const urgent = live.alert_level === 'urgent' && live.alert_msg ? `Urgent: ${live.alert_msg} ` : '';
      return { summary: `${urgent}${state}${feeds}.`, data: live };
    },
  }),
  tool({
    ...childRead,
    name: 'get_day',
    title: "A day's log",
    description:
      'Every event logged on one family-local day, oldest first, with ids (needed by edit_event, delete_event and react_to_event). Without date: today. Use for "what has she eaten today?" or "show me yesterday".',
    // (DateQuery's own `child` is REST's id-only query field; the connector's `child` is added for every per-child tool.)
    input: DateQuery.pick({ date: true }).extend({ date: DateQuery.shape.date.describe('YYYY-MM-DD, family-local; defaults to today') }),
    output: EventList,
    run: async (env, a) => {
      const future = a.date === undefined ? null : futureDateMessage(a.date, env.today);
      if (future) throw new AppError(400, 'future_date', future);
      const r = await eventsOfDay(env.ctx, env.actor, a.date);
      return { summary: `${countPhrase(r.events.length, 'event')} on ${a.date ?? env.today}.`, data: r };
    },
  }),
  tool({
    ...childRead,
    name: 'get_patterns',
    title: 'Patterns over the last 14 days',
    description:
      'Daily totals and the typical rhythm over the last 14 days (sleep, naps, feeds, nappies, medians and trends). Use for "how did she sleep this week?" or "is he feeding more than last week?". For foods, nutrients and allergens use get_nutrients_allergens.',
    input: NoArgs,
    output: PatternsView,
    run: async (env) => {
      const p = await getPatterns(env.ctx, env.actor);
      const data = { patterns: p.patterns, daily_totals: p.daily_totals, age_months: p.age_months, age_display: p.age_display };
      // The rule types are interfaces (no index signature); the view declares them free-form.
      return { summary: `Patterns over ${countPhrase(p.daily_totals.length, 'day')}.`, data: data as unknown as z.input<typeof PatternsView> };
    },
  }),
  tool({
    ...childRead,
    name: 'get_nutrients_allergens',
    title: 'Nutrients and allergens from solids',
    description:
      'Nutrients from solid food today and over 7 days against the reference intakes for the age, allergens eaten today, and a 14-day allergen grid. Use for "has she had egg yet?" or "is he getting enough iron from food?". Empty until solids have started. Informational, not dietary advice.',
    input: NoArgs,
    output: SolidsView,
    run: async (env) => {
      const p = await getPatterns(env.ctx, env.actor);
      const data = {
        solids_started: p.flags.solids_started,
        nutrients_today: p.nutrients_today,
        nutrients_7d: p.nutrients_7d,
        nutrient_targets: p.nutrient_targets,
        allergens_today: p.allergens_today,
        allergen_grid: p.allergen_grid,
      };
      const summary = p.flags.solids_started ? 'Nutrients and allergens from solids.' : 'No solid food logged yet.';
      return { summary, data: data as unknown as z.input<typeof SolidsView> };
    },
  }),
  tool({
    ...childRead,
    name: 'get_measurements',
    title: 'Weight, length and head circumference history',
    description:
      'Every weight (kg), length (cm) and head circumference (type head_circumference, cm) logged, oldest first, each with its WHO growth-chart percentile when the sex is known. Use for "how much does she weigh now?", "what centile is his head?" or a growth overview. Percentiles are informational, never a diagnosis.',
    input: NoArgs,
    output: z.object({ measurements: z.array(Measurement) }),
    run: async (env) => {
      const r = await measurements(env.ctx, env.actor);
      return { summary: `${countPhrase(r.measurements.length, 'measurement')}.`, data: r };
    },
  }),
  tool({
    ...childRead,
    name: 'get_profile',
    title: 'Child profile and family settings',
    description:
      "The child's name, date of birth, age, region (uk or us), units and time zone of the family. Use to learn the child's age or the family's time zone before interpreting times. When the family has several children, also lists them all (names and ids, which one is primary) to pass as `child` to other tools.",
    input: NoArgs,
    output: Profile.extend({ children: ChildrenField }),
    run: async (env) => {
      const p = await getProfile(env.ctx, env.actor);
      const listing = childrenListing(env);
      let summary = `${p.baby_name}, ${p.age_display ?? `born ${p.dob}`}; times in ${p.timezone}.`;
      if (listing.children) {
        const names = listing.children.map((c) => `${c.baby_name} (id ${c.id}${c.primary ? ', primary' : ''}${c.archived ? ', archived' : ''})`);
        summary += ` The family's children: ${names.join(', ')}.`;
      }
      return { summary, data: { ...p, ...listing } };
    },
  }),
  tool({
    ...read,
    name: 'list_family',
    title: 'Family members',
    description: 'The caregivers in the family: username, email, role (admin or member) and when they joined. Use for "who else can see this?". Invites are managed in the app, not here.',
    input: NoArgs,
    output: FamilyListing.pick({ members: true }),
    run: async (env) => {
      const f = await listFamily(env.ctx, env.actor);
      return { summary: `${countPhrase(f.members.length, 'caregiver')}: ${f.members.map((m) => m.username).join(', ')}.`, data: { members: f.members } };
    },
  }),
  tool({
    ...childRead,
    name: 'suggest_foods',
    title: 'Recently eaten foods',
    description:
      'Foods logged in the last 14 days, each once, most recently eaten first. Use to offer quick choices or to reuse the exact spelling before calling log_solid.',
    input: SuggestionsArgs,
    output: z.object({ suggestions: z.array(z.string()) }),
    run: async (env, a) => {
      const r = await foodSuggestions(env.ctx, env.actor, a.limit);
      return { summary: r.suggestions.length ? `Recent foods: ${r.suggestions.join(', ')}.` : 'No solid food logged in the last 14 days.', data: r };
    },
  }),
  // Issue 26: reading one kind of thing back over days, milestones, and medicines given.
  tool({
    ...childRead,
    name: 'get_events',
    title: 'Events of one type over recent days',
    description:
      'Every event of one type over the last days (today included), newest first, with ids: e.g. type temperature for the readings since a fever started, pumping for the sessions this week, activity for tummy time and baths, head_circumference for head measurements. For one whole day of everything use get_day; for milestones get_milestones, for medicines get_medicines.',
    input: z.object({
      type: z.enum(EVENT_TYPES).describe(`the event type: ${EVENT_TYPES.join(', ')}`),
      days: z.number().int().min(1).max(90).default(7).describe('how many family-local days back, today included (1 = today only), 1 to 90; default 7'),
    }),
    output: EventHistory,
    run: async (env, a) => {
      const r = await eventsOfType(env.ctx, env.actor, a.type, a.days);
      const latest = r.events[0];
      const last = latest ? ` The latest: ${describeEvent(latest)} ${whenPhrase(latest.ts, env.today)}.` : '';
      const more = r.truncated ? ` Only the newest ${r.events.length} are listed.` : '';
      return { summary: `${countPhrase(r.events.length, `${a.type} event`)} from ${r.from} to ${r.to}.${last}${more}`, data: r };
    },
  }),
  tool({
    ...childRead,
    name: 'get_milestones',
    title: 'Milestones',
    description:
      'Every milestone logged (first smile, rolled over, first word, …), oldest first, each with its date and the child\'s age on that day. Use for "when did he first roll over?" or a summary for a health visitor.',
    input: NoArgs,
    output: MilestoneList,
    run: async (env) => {
      const r = await milestones(env.ctx, env.actor);
      const list = r.milestones.map((m) => `${m.title} (${m.ts.slice(0, 10)}, ${m.age})`);
      return { summary: list.length ? `${countPhrase(list.length, 'milestone')}: ${list.join('; ')}.` : 'No milestones logged yet.', data: r };
    },
  }),
  tool({
    ...childRead,
    name: 'get_medicines',
    title: 'Medicines given',
    description:
      'Medicines given: for each medicine given in the last 24 hours, when it was last given, by whom, the amount, how many doses in 24 hours and, only where the family set its own minimum interval, "not before HH:MM by your setting"; every dose over the last days; and the family\'s own settings per medicine (from the packet or prescription). A record of what was given: it never suggests a dose, an amount or an interval. Use for "when did she last have Calpol?" or a handover.',
    input: z.object({
      days: z.number().int().min(1).max(60).default(7).describe('how many family-local days of doses to list, today included, 1 to 60; default 7'),
    }),
    output: MedicinesView,
    run: async (env, a) => {
      const r = await medicinesOverview(env.ctx, env.actor, a.days);
      const summary = r.given_24h.length
        ? r.given_24h.map((m) => m.message).join(' ')
        : `No medicine given in the last 24 hours; ${countPhrase(r.doses.length, 'dose')} since ${r.from}.`;
      return { summary, data: r };
    },
  }),
  tool({
    ...read,
    name: 'get_reminders',
    title: 'My reminders',
    description:
      "The calling caregiver's own reminders: which are on (feed due, a feed timer still running, a long sleep, nothing logged, vitamin D not given by a time, a medicine whose family \"not before\" time has passed), each one's threshold, quiet hours, and how many of their devices take push notifications. Reading only: a caregiver changes them in the app's settings or with POST /api/vega/reminders. Use for \"will I be reminded about the next feed?\".",
    input: NoArgs,
    output: ReminderSettings,
    run: async (env) => {
      const r = await readReminderSettings(env.ctx, env.actor);
      return { summary: reminderSummary(r, r.push_devices), data: r };
    },
  }),
];
