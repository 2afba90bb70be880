// Moving history in and out: import from other trackers, CSV export and the printable report.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { buildReport } from '../../services/insights/report.ts';
import { ErrorBody, ErrorWithDetailBody } from '../../schemas/common.ts';
import { ImportBody, ImportResult, RangeQuery, Report, ReportQuery } from '../../schemas/transfer.ts';
import { actorOf } from '../auth.ts';

const tags = ['Import and export'];

// The importers (three file formats and a CSV parser) and the CSV writer are loaded with the
// first import or CSV export, not at start: most servers never run either.
const importer = () => import('../../services/transfer/import.ts');
const csvExporter = () => import('../../services/transfer/csv-export.ts');

/** The import route alone accepts bodies this large (every other route keeps BODY_LIMIT). */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

export function transferRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/vega/import', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { auth: 'admin', child: 'body' },
    schema: {
      tags,
      summary: 'Import a history (this service’s export, Baby Buddy or Huckleberry); dry_run previews it; one transaction; admin only',
      description:
        "A file of one child goes into `child` (default: the primary child). A file of several children (an export of a family of several, Baby Buddy with data.children) sends each child's entries to its own child here, " +
        'matched by name ignoring case (Baby Buddy: and birth date) or created when missing; the answer\'s `children` says where each went, and a dry run creates no child. ' +
        '409 child_limit (more than 10 children), child_mismatch (a Baby Buddy child of the same name born on another day), child_archived (new entries for an archived child), ' +
        "children_changed (the family's children changed during the import). 400 invalid_import also for entries of several children with no list to tell them apart, or `child` named for a file of several.",
      body: ImportBody,
      response: { 200: ImportResult, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody },
    },
    handler: async (req) => (await importer()).importHistory(ctx, actorOf(req), req.body),
  });

  r.get('/api/vega/export.csv', {
    config: { auth: 'admin', child: 'query' },
    schema: {
      tags,
      summary: 'The log as CSV (RFC 4180, UTF-8): one row per event, family-local times, streamed; admin only',
      querystring: RangeQuery,
      produces: ['text/csv'],
      response: { 200: z.string().describe('the CSV file: a header row, then one row per event'), 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req, reply) => {
      const { stream, filename } = await (await csvExporter()).exportCsv(ctx, actorOf(req), req.query);
      reply.header('Content-Disposition', `attachment; filename="${filename}"`);
      return reply.type('text/csv; charset=utf-8').send(stream as never);
    },
  });

  r.get('/api/vega/report', {
    config: { child: 'query' },
    schema: {
      tags,
      summary: 'The printable report’s data for up to 31 days: feeds, sleep and nappies per day, growth with WHO centiles, new solids and allergens, notes',
      querystring: ReportQuery,
      response: { 200: Report, 400: ErrorWithDetailBody, 404: ErrorBody },
    },
    handler: async (req) => buildReport(ctx, actorOf(req), req.query),
  });
}
