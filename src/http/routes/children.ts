// A family's children (issue 25): listed for everyone in the family, changed by admins.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { addChild, archiveChild, deleteChild, editChild, listChildren, setPrimaryChild } from '../../services/family/children-admin.ts';
import { ChildAddBody, ChildArchiveBody, ChildChanged, ChildDeleted, ChildEditBody, ChildIdBody, ChildList } from '../../schemas/children.ts';
import { resource } from '../route.ts';

// Every change is the admin's, may name an unknown child (404) and may break a rule of the family (409).
const change = { auth: 'admin', idempotent: true, errors: [404, 409] } as const;

export function childrenRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Children']);

  r.get('/api/vega/children', {
    texts: true,
    summary: "The family's children in the order they were added, archived ones marked",
    description: 'Every route that reads or writes one child’s log takes `child` (its id): ?child=ID on reads, `child` in the body of writes. Without it, the primary child.',
    response: ChildList,
    run: (actor) => listChildren(ctx, actor),
  });

  r.post('/api/vega/children', {
    texts: true,
    ...change,
    summary: 'Add a child to the family (admin)',
    description: 'The same checks as the profile (400 naming the field). 409 child_name_taken: names are unique within the family, ignoring case. 409 child_limit: at most 10 children, archived ones included.',
    body: ChildAddBody,
    response: ChildChanged,
    run: (actor, { body }) => addChild(ctx, actor, body),
  });

  r.post('/api/vega/children/edit', {
    texts: true,
    ...change,
    summary: "Change a child's name, date of birth or gender (admin)",
    body: ChildEditBody,
    response: ChildChanged,
    run: (actor, { body }) => editChild(ctx, actor, body.id, body.changes),
  });

  r.post('/api/vega/children/archive', {
    texts: true,
    ...change,
    summary: 'Archive a child, or bring one back (admin)',
    description: "An archived child's history stays readable (name the child); it leaves the app's switcher, and logging for them is 409 child_archived. The primary child cannot be archived (409 primary_child).",
    body: ChildArchiveBody,
    response: ChildChanged,
    run: (actor, { body }) => archiveChild(ctx, actor, body.id, body.archived),
  });

  r.post('/api/vega/children/primary', {
    texts: true,
    ...change,
    summary: 'Make a child the primary child: the one every request that names none addresses (admin)',
    body: ChildIdBody,
    response: ChildChanged,
    run: (actor, { body }) => setPrimaryChild(ctx, actor, body.id),
  });

  r.post('/api/vega/children/delete', {
    texts: true,
    ...change,
    summary: 'Delete a child added by mistake (admin): only one with no events, and not the primary child',
    description: '409 child_has_events: archive the child instead; 409 primary_child: make another child primary first.',
    body: ChildIdBody,
    response: ChildDeleted,
    run: (actor, { body }) => deleteChild(ctx, actor, body.id),
  });
}
