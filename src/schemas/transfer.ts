// Import, CSV export and the printable report: request and response shapes.
import { z } from 'zod';
import { ChildId, DateString } from './common.ts';

export const ImportBody = z
  .strictObject({
    format: z.enum(['tracker', 'babybuddy', 'huckleberry']).describe("tracker: this service's own export object; babybuddy: an object keyed by Baby Buddy endpoint; huckleberry: the text of Huckleberry's CSV export"),
    dry_run: z.boolean().optional().describe('true: report what would happen and change nothing'),
    data: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .describe('the file: an object (tracker, babybuddy) or the CSV text (huckleberry)'),
    child: ChildId.optional().describe("the child whose log a one-child file goes into (Huckleberry, a one-child export, Baby Buddy without data.children); defaults to the primary child. A file of several children sends each to its own child: naming one is 400"),
  })
  .meta({ id: 'ImportRequest' });

export const SkippedRow = z
  .object({
    line: z.number().int().describe('the CSV line (header = 1), or the 1-based position in its JSON array; 0 for a whole section'),
    source: z.string().describe('csv, or the JSON section the row came from'),
    reason: z.string(),
  })
  .meta({ id: 'ImportSkippedRow' });

const NewAndOld = z.object({ new: z.number().int(), already_there: z.number().int() });

export const ImportChild = z
  .object({
    source: z.string().describe("the file's child: \"Ada Lovelace (Baby Buddy id 1)\", \"Tom (export id 3f9c0a12b4de)\""),
    child_id: z.string().nullable().describe('the child here its entries go to; null on a dry run for a child that would be created'),
    name: z.string().describe("that child's name here"),
    action: z.enum(['matched', 'created']).describe('matched: a child of the family already (by name; Baby Buddy: and birth date); created: added by this import'),
    new: z.number().int().describe("this child's entries added (or that would be)"),
    already_there: z.number().int(),
  })
  .meta({ id: 'ImportChild' });

export const ImportResult = z
  .object({
    format: z.string(),
    dry_run: z.boolean(),
    counts: z.record(z.string(), z.number().int()).describe('valid rows per event type (new and already there)'),
    first_ts: z.string().nullable().describe('earliest valid event, family-local time'),
    last_ts: z.string().nullable(),
    new: z.number().int().describe('events added (or that would be, on a dry run)'),
    already_there: z.number().int().describe('events the log already had (same type, time and content)'),
    skipped: z.array(SkippedRow).describe('every row not imported, with why'),
    notes: NewAndOld.describe('remembered notes (tracker format only)'),
    recipes: NewAndOld.describe('saved recipes (tracker format only)'),
    children: z
      .array(ImportChild)
      .optional()
      .describe("only for a file of several children (an export of a family of several, Baby Buddy with data.children): where each of the file's children went"),
  })
  .meta({ id: 'ImportResult' });

export const RangeQuery = z.object({
    from: DateString.optional().describe('first day, YYYY-MM-DD, family-local (default: the first event)'),
    to: DateString.optional().describe('last day, YYYY-MM-DD, inclusive (default: the last event)'),
    child: ChildId.optional(),
  });

export const ReportQuery = z.object({
  from: DateString.describe('first day, YYYY-MM-DD, family-local'),
  to: DateString.describe('last day, YYYY-MM-DD, inclusive; at most 31 days after from'),
  child: ChildId.optional(),
});

const ReportDay = z.object({
  date: z.string(),
  feeds: z.object({
    count: z.number().int(),
    bottle_count: z.number().int(),
    bottle_ml: z.number(),
    breastfeed_count: z.number().int(),
    breastfeed_minutes: z.number().int().describe('sum of the logged durations'),
  }),
  sleep: z.object({
    total_minutes: z.number().int().describe('minutes asleep within the day (a night is split at midnight)'),
    longest_minutes: z.number().int().describe('the longest single sleep that began that day'),
    count: z.number().int(),
  }),
  nappies: z.object({ wet: z.number().int(), dirty: z.number().int(), total: z.number().int() }),
  solids: z.number().int(),
  temperatures: z
    .array(z.object({ ts: z.string(), celsius: z.number(), fahrenheit: z.number(), method: z.string().nullable() }))
    .describe('each temperature logged that day, oldest first'),
  medicines: z
    .array(z.object({ ts: z.string(), medicine: z.string(), amount: z.number().nullable(), unit: z.string().nullable(), author: z.string() }))
    .describe('each dose of medicine given that day, as logged, oldest first'),
  milestones: z.array(z.object({ ts: z.string(), title: z.string() })).describe('milestones logged that day'),
});

const strings = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>);

const ReportText = z
  .object({
    locale: z.string().describe('the BCP 47 locale of these words, for what the page draws itself (a chart\'s axis figures)'),
    title: z.string(),
    running_head: z.string().describe('the line repeated at the top of every printed page'),
    intro: z.string(),
    headings: strings(['days', 'health', 'growth', 'solids', 'notes']),
    columns: strings(['day', 'feeds', 'bottles', 'breastfeeds', 'sleep', 'longest_sleep', 'wet', 'dirty', 'total', 'temperatures', 'medicines', 'milestones', 'date', 'measure', 'value', 'centile']),
    empty: strings(['health', 'growth', 'solids', 'notes']).describe('what each section says when it has nothing'),
    measures: strings(['weight', 'length', 'head_circumference']),
    charts: strings(['weight', 'length', 'head_circumference', 'axis']).describe("each growth chart's label, and the age axis"),
    days: z.array(
      z.object({
        date: z.string(),
        label: z.string(),
        bottles: z.string(),
        breastfeeds: z.string(),
        sleep: z.string(),
        longest_sleep: z.string(),
        temperatures: z.array(z.string()),
        medicines: z.array(z.string()),
      }),
    ).describe('per day of `days`, in its order'),
    totals: strings(['bottles', 'breastfeeds', 'sleep']),
    measurements: z.array(z.object({ date: z.string(), measure: z.string(), value: z.string(), centile: z.string() })).describe('per growth measurement, in its order'),
    new_foods: z.array(z.string()),
    allergens: z.string().nullable().describe('the allergens first eaten in the range, as one sentence; null: none'),
    notes: z.array(z.string()),
  })
  .describe("The same report in words, in the caller's language, clock and decimal mark (issue 39): what the printed page says.");

export const Report = z
  .object({
    baby_name: z.string(),
    dob: z.string(),
    timezone: z.string(),
    from: z.string(),
    to: z.string(),
    generated_at: z.string(),
    days: z.array(ReportDay),
    totals: z.record(z.string(), z.number()),
    growth: z.object({
      sex: z.enum(['boy', 'girl']).nullable().describe('null: no WHO centiles (gender not set)'),
      measurements: z.array(
        z.object({
          ts: z.string(),
          type: z.enum(['weight', 'length', 'head_circumference']),
          value: z.number(),
          unit: z.string(),
          age_days: z.number().int(),
          percentile: z.number().nullable(),
          in_range: z.boolean(),
        }),
      ),
      centile_lines: z.object({
        weight: z.array(z.object({ centile: z.number(), points: z.array(z.object({ age_days: z.number(), value: z.number() })) })),
        length: z.array(z.object({ centile: z.number(), points: z.array(z.object({ age_days: z.number(), value: z.number() })) })),
        head_circumference: z.array(z.object({ centile: z.number(), points: z.array(z.object({ age_days: z.number(), value: z.number() })) })),
      }),
    }),
    solids: z.object({
      new_foods: z.array(z.object({ food: z.string(), first_ts: z.string(), allergens: z.array(z.string()) })),
      new_allergens: z.array(z.object({ allergen: z.string(), name: z.string(), first_ts: z.string(), food: z.string() })),
    }),
    notes: z.array(z.object({ ts: z.string(), author: z.string(), note: z.string() })),
    text: ReportText,
  })
  .meta({ id: 'Report' });
