// Output shapes of the MCP presentation that the REST API has no name for: the two halves of
// the patterns response (routines vs. solids) that get_patterns and get_nutrients_allergens
// present separately, so an assistant fetches only what the question needs (their inner
// objects stay free-form, as in the spec's Patterns response), and the reads of issue 26
// (get_events, get_milestones, get_medicines), built from the REST shapes Event and Medicine.
import { z } from 'zod';
import { EVENT_TYPES } from '../domain/types.ts';
import { Event } from '../schemas/event.ts';
import { Medicine } from '../schemas/medicines.ts';
import { LiveMedicine } from '../schemas/insights.ts';
import { HISTORY_LIMIT } from '../services/log/event-history.ts';

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
  allergen_grid: Obj.describe('which common allergens were eaten on each of the last 14 days, and over the whole log: first and last exposure, days since, and keep_offering (introduced, then not offered for 7 days or more)'),
});

// Issue 26: the history of one type, milestones and medicines given. Events are the API's Event.

export const EventHistory = z.object({
  type: z.enum(EVENT_TYPES),
  from: z.string().describe('the first family-local day covered, YYYY-MM-DD'),
  to: z.string().describe('the last family-local day covered (today), YYYY-MM-DD'),
  events: z.array(Event).describe('newest first'),
  truncated: z.boolean().describe(`true when more than ${HISTORY_LIMIT} events matched and the oldest were left out`),
});

export const MilestoneList = z.object({
  milestones: z.array(Event.extend({ age: z.string().describe("the child's age on the milestone's day, e.g. \"4 months 1 week\"") })).describe('oldest first'),
});

export const MedicinesView = z.object({
  given_24h: z.array(LiveMedicine).describe("each medicine given in the last 24 hours, most recent first, as live status's medicines"),
  doses: z.array(Event).describe('every dose logged over the days asked for, newest first'),
  from: z.string().describe('the first family-local day of doses, YYYY-MM-DD'),
  to: z.string().describe('today, YYYY-MM-DD'),
  settings: z.array(Medicine).describe("the family's medicines with its own settings from the packet or prescription (set by a family admin)"),
});
