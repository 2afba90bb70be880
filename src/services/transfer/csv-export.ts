// One child's log as CSV (the primary child's unless the request names another) (RFC 4180, UTF-8): one row per event, a header naming every column,
// family-local timestamps. Events are read in pages (event-pages.ts) and streamed through csv-stringify, so a
// long history is never held in memory at once.
import { namesChildren } from '../../domain/children.ts';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Ctx } from '../context.ts';
import { childScopeOf } from '../family/children.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import { loadFamily } from '../family/family-row.ts';
import { badRequest } from '../../errors.ts';
import { dayBounds, localDateOf } from '../../domain/time.ts';
import { toLogEvent } from '../log/event-rows.ts';
import { eventPages } from '../log/event-pages.ts';
import { t } from '../../i18n/text.ts';

export const CSV_COLUMNS = [
  'id', 'date', 'time', 'timestamp', 'type', 'author', 'ml', 'side', 'duration_min', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'reactions',
  // 1.3.0: after the earlier columns, so a spreadsheet reading columns by position still works.
  'celsius', 'fahrenheit', 'method', 'medicine', 'amount', 'unit', 'title',
] as const;

const PAGE = 1000;

export interface CsvRange {
  from?: string;
  to?: string;
}

/** Checks the range and returns the stream (the caller sends it) and a file name. */
export async function exportCsv(ctx: Ctx, actor: Actor, range: CsvRange): Promise<{ stream: Readable; filename: string }> {
  requireAdmin(actor);
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const zone = family.timezone;
  if (range.from && range.to && range.from > range.to) throw badRequest(t('error.range_reversed', { from: range.from, to: range.to }), 'invalid_range');
  const lo = range.from ? dayBounds(range.from, zone)[0] : Number.MIN_SAFE_INTEGER;
  const hi = range.to ? dayBounds(range.to, zone)[1] : Number.MAX_SAFE_INTEGER;

  async function* rows() {
    for await (const page of eventPages(scope, lo, hi, PAGE)) {
      for (const r of page) {
        const e = toLogEvent(r, zone);
        yield [
          e.id, e.ts.slice(0, 10), e.ts.slice(11), e.ts, e.type, e.author, e.ml, e.side, e.duration_min, e.kind,
          e.foods?.join('; ') ?? null, e.meal_type, e.kg, e.cm, e.ug, e.note,
          e.reactions?.map((x) => `${x.emoji} ${x.username}`).join('; ') ?? null,
          e.celsius, e.fahrenheit, e.method, e.medicine, e.amount, e.unit, e.title,
        ];
      }
    }
  }

  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], record_delimiter: '\r\n', quoted_match: /^[=+\-@]/ });
  const source = Readable.from(rows());
  source.on('error', (err) => csv.destroy(err));
  source.pipe(csv);
  const today = localDateOf(ctx.clock(), zone);
  // In a family of several children the file says whose log it is.
  const whose = namesChildren(scope.children) ? `${scope.child.name.replace(/[^\p{L}\p{N}_-]+/gu, '-')}-` : '';
  return { stream: csv, filename: `baby-tracker-${whose}${range.from ?? 'start'}-to-${range.to ?? today}.csv` };
}
