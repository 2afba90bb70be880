// Import, CSV export and the printable report: request and response shapes.
import { z } from 'zod';
import { DateString } from './common.ts';

export const ImportBody = z
  .strictObject({
    format: z.enum(['tracker', 'babybuddy', 'huckleberry']).describe("tracker: this service's own export object; babybuddy: an object keyed by Baby Buddy endpoint; huckleberry: the text of Huckleberry's CSV export"),
    dry_run: z.boolean().optional().describe('true: report what would happen and change nothing'),
    data: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .describe('the file: an object (tracker, babybuddy) or the CSV text (huckleberry)'),
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
  })
  .meta({ id: 'ImportResult' });

export const RangeQuery = z.object({
    from: DateString.optional().describe('first day, YYYY-MM-DD, family-local (default: the first event)'),
    to: DateString.optional().describe('last day, YYYY-MM-DD, inclusive (default: the last event)'),
  });
