// A family's children (issue 25): listed for everyone in the family, changed by admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../services/context.ts';
import { addChild, archiveChild, deleteChild, editChild, listChildren, setPrimaryChild } from '../../services/family/children-admin.ts';
import { ChildAddBody, ChildArchiveBody, ChildChanged, ChildDeleted, ChildEditBody, ChildIdBody, ChildList } from '../../schemas/children.ts';
import { ErrorBody, ErrorWithDetailBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';

const tags = ['Children'];
const changed = { 200: ChildChanged, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function childrenRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/vega/children', {
    schema: {
      tags,
      summary: "The family's children in the order they were added, archived ones marked",
      description: 'Every route that reads or writes one child’s log takes `child` (its id): ?child=ID on reads, `child` in the body of writes. Without it, the primary child.',
      response: { 200: ChildList },
    },
    handler: async (req) => listChildren(ctx, actorOf(req)),
  });

  r.post('/api/vega/children', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: 'Add a child to the family (admin)',
      description: 'The same checks as the profile (400 naming the field). 409 child_name_taken: names are unique within the family, ignoring case. 409 child_limit: at most 10 children, archived ones included.',
      body: ChildAddBody,
      response: changed,
    },
    handler: async (req) => addChild(ctx, actorOf(req), req.body),
  });

  r.post('/api/vega/children/edit', {
    config: { auth: 'admin', idempotent: true },
    schema: { tags, summary: "Change a child's name, date of birth or gender (admin)", body: ChildEditBody, response: changed },
    handler: async (req) => editChild(ctx, actorOf(req), req.body.id, req.body.changes),
  });

  r.post('/api/vega/children/archive', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: 'Archive a child, or bring one back (admin)',
      description: "An archived child's history stays readable (name the child); it leaves the app's switcher, and logging for them is 409 child_archived. The primary child cannot be archived (409 primary_child).",
      body: ChildArchiveBody,
      response: changed,
    },
    handler: async (req) => archiveChild(ctx, actorOf(req), req.body.id, req.body.archived),
  });

  r.post('/api/vega/children/primary', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: 'Make a child the primary child: the one every request that names none addresses (admin)',
      body: ChildIdBody,
      response: changed,
    },
    handler: async (req) => setPrimaryChild(ctx, actorOf(req), req.body.id),
  });

  r.post('/api/vega/children/delete', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: 'Delete a child added by mistake (admin): only one with no events, and not the primary child',
      description: '409 child_has_events: archive the child instead; 409 primary_child: make another child primary first.',
      body: ChildIdBody,
      response: { 200: ChildDeleted, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => deleteChild(ctx, actorOf(req), req.body.id),
  });
}
