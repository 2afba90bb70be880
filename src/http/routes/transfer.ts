// Moving history in and out: import from other trackers, CSV export and the printable report.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { buildReport } from '../../services/insights/report.ts';
import { ImportBody, ImportResult, RangeQuery, Report, ReportQuery } from '../../schemas/transfer.ts';
import { resource } from '../route.ts';
import { wordsOf } from '../request-words.ts';

// The importers (three file formats and a CSV parser) and the CSV writer are loaded with the
// first import or CSV export, not at start: most servers never run either.
const importer = () => import('../../services/transfer/import.ts');
const csvExporter = () => import('../../services/transfer/csv-export.ts');

/** The import route alone accepts bodies this large (every other route keeps BODY_LIMIT). */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

export function transferRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Import and export']);

  r.post('/api/vega/import', {
    summary: 'Import a history (this service’s export, Baby Buddy or Huckleberry); dry_run previews it; one transaction; admin only',
    description:
      "A file of one child goes into `child` (default: the primary child). A file of several children (an export of a family of several, Baby Buddy with data.children) sends each child's entries to its own child here, " +
      'matched by name ignoring case (Baby Buddy: and birth date) or created when missing; the answer\'s `children` says where each went, and a dry run creates no child. ' +
      '409 child_limit (more than 10 children), child_mismatch (a Baby Buddy child of the same name born on another day), child_archived (new entries for an archived child), ' +
      "children_changed (the family's children changed during the import). 400 invalid_import also for entries of several children with no list to tell them apart, or `child` named for a file of several.",
    auth: 'admin',
    child: 'body',
    bodyLimit: IMPORT_BODY_LIMIT,
    body: ImportBody,
    response: ImportResult,
    errors: [404, 409],
    run: async (actor, { body }) => (await importer()).importHistory(ctx, actor, body),
  });

  r.get('/api/vega/export.csv', {
    summary: 'The log as CSV (RFC 4180, UTF-8): one row per event, family-local times, streamed; admin only',
    auth: 'admin',
    child: 'query',
    query: RangeQuery,
    produces: ['text/csv'],
    response: z.string().describe('the CSV file: a header row, then one row per event'),
    errors: [404],
    run: async (actor, { query, reply }) => {
      const { stream, filename } = await (await csvExporter()).exportCsv(ctx, actor, query);
      reply.header('Content-Disposition', `attachment; filename="${filename}"`);
      return reply.type('text/csv; charset=utf-8').send(stream);
    },
  });

  r.get('/api/vega/report', {
    summary: 'The printable report’s data for up to 31 days: feeds, sleep and nappies per day, growth with WHO centiles, new solids and allergens, notes',
    child: 'query',
    query: ReportQuery,
    response: Report,
    errors: [404],
    run: (actor, { query, req }) => buildReport(ctx, actor, query, wordsOf(req)),
  });
}
