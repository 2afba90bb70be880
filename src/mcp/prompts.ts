// The three prompts. Each gathers the data it needs through the read services and hands the
// assistant the task plus that data, so one prompt call is enough to write the text. All three
// keep to the service's non-clinical scope, and are about the family's primary child (their
// arguments are unchanged; the text names the child, so a family of several knows whose).
import { z } from 'zod';
import { eventsOfDay, measurements } from '../services/log/event-reads.ts';
import { milestones } from '../services/log/event-history.ts';
import { getLive, getPatterns } from '../services/insights/insights.ts';
import { getProfile } from '../services/family/profile.ts';
import { DateString } from '../schemas/common.ts';
import type { PromptDef } from './registry-types.ts';
import { futureDateMessage, stampLine, stampOf } from './present.ts';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

const NON_CLINICAL =
  'Keep to what the log shows. Do not diagnose, assess symptoms or advise on medication; if something looks worrying, suggest asking a health professional.';

function withData(task: string, data: Record<string, unknown>): string {
  return `${task}\n\n${NON_CLINICAL}\nTimes are family-local; volumes in ml, weights in kg, lengths in cm.\n\nData (JSON):\n${JSON.stringify(data)}`;
}

export const prompts: PromptDef[] = [
  {
    name: 'daily_summary',
    title: 'Daily summary',
    description: "A short, warm summary of the child's day (the primary child's, in a family of several): feeds, sleep, nappies, solids and notes.",
    args: { date: DateString.optional().describe('YYYY-MM-DD, family-local; defaults to today') },
    build: async (env, args) => {
      const date = args.date ?? env.today;
      // Prompts have no tool-error channel: a JSON-RPC invalid-params error says what is wrong.
      const future = futureDateMessage(date, env.today);
      if (future) throw new McpError(ErrorCode.InvalidParams, future);
      const day = await eventsOfDay(env.ctx, env.actor, date);
      const stamp = stampOf(env);
      return {
        description: `Daily summary for ${stamp.child}, ${date}`,
        text: withData(
          `Write a short summary of ${stamp.child}'s day on ${date} for the family: total milk and number of feeds, sleep (naps and night), nappies, solid foods, any temperatures taken, medicines given, tummy time and other activities, milestones and notes. (${stampLine(stamp)})`,
          { ...stamp, date, events: day.events },
        ),
      };
    },
  },
  {
    name: 'handover_note',
    title: 'Handover note for the next caregiver',
    description: "A handover for whoever takes over: where things stand now and what happened today, for the child (the primary child, in a family of several).",
    args: {
      next_caregiver: z.string().max(80).optional().describe('who takes over, e.g. "Grandma"; optional'),
      extra: z.string().max(500).optional().describe('anything the current caregiver wants passed on; optional'),
    },
    build: async (env, args) => {
      const [live, day] = [await getLive(env.ctx, env.actor), await eventsOfDay(env.ctx, env.actor)];
      const stamp = stampOf(env);
      const to = args.next_caregiver ? ` for ${args.next_caregiver}` : '';
      return {
        description: `Handover note${to} about ${stamp.child}`,
        text: withData(
          `Write a brief handover note${to} about ${stamp.child}: asleep or awake right now and since when, the last feed and when the next one is likely due, the last nappy, what was eaten today, any medicine given (which, when, how much and by whom, exactly as logged; never suggest a dose or when to give the next one) and the last temperature taken, and anything to keep in mind.${args.extra ? ` Also pass on: ${args.extra}` : ''} (${stampLine(stamp)})`,
          { ...stamp, live, today: day.events },
        ),
      };
    },
  },
  {
    name: 'health_visitor_summary',
    title: 'Summary for a health visitor appointment',
    description: "A factual, non-clinical summary of the child (the primary child, in a family of several) to take to a health visitor or baby clinic appointment: growth, feeding, sleep and the parents' own questions.",
    args: {
      questions: z.string().max(1000).optional().describe("the parents' own questions to bring to the appointment; optional"),
    },
    build: async (env, args) => {
      const profile = await getProfile(env.ctx, env.actor);
      const growth = await measurements(env.ctx, env.actor);
      const p = await getPatterns(env.ctx, env.actor);
      const stamp = stampOf(env);
      return {
        description: `Appointment summary for ${stamp.child}`,
        text: withData(
          `Prepare a one-page summary of ${stamp.child} (${profile.age_display ?? `born ${profile.dob}`}) to bring to a health visitor appointment: recent weights, lengths and head circumferences, milestones, typical daily milk and feeds, sleep over the last two weeks, solids if started, then a list of the parents' questions for the health visitor.${args.questions ? ` Their questions: ${args.questions}` : ''} Present facts from the log only; leave interpretation to the health visitor. (${stampLine(stamp)})`,
          { ...stamp, profile, measurements: growth.measurements, milestones: (await milestones(env.ctx, env.actor)).milestones, daily_totals: p.daily_totals, patterns: p.patterns },
        ),
      };
    },
  },
];
