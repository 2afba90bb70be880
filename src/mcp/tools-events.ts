// Correcting the log: edit, delete, undo and react. Each calls one service from events.ts; a
// retry with the same idempotency_key returns the stored first result (scope mcp:<tool>).
// None takes `child`: an event is found by its id (or is the family's last log, for undo)
// whichever child it belongs to, and the answer's stamp names that child.
import { z } from 'zod';
import { deleteEvent, editEvent, reactToEvent, undoLast } from '../services/log/events.ts';
import { EditBody, IdBody, MutationResponse, ReactBody, UndoResponse } from '../schemas/log.ts';
import { tool, type ToolDef } from './registry-types.ts';
import { eventPhrase } from './present.ts';

const NOTE = 'Write tool: needs a token with the write scope; pass idempotency_key so a retry does not act twice.';
const EventId = IdBody.shape.id.describe('the event id: 8 hexadecimal characters, as shown by get_day or a log_* result');

/** The child an event belongs to: events name it once the family has several (else the primary child's). */
const childOf = (e: object | null): string | undefined => (e as { child_id?: string } | null)?.child_id;

export const eventTools: ToolDef[] = [
  tool({
    name: 'edit_event',
    title: 'Correct a logged event',
    description:
      `Correct an event already in the log: its time (ts), ml, foods, note, meal_type, kind or author. The type cannot change (delete and log again instead). Find the id with get_day. ${NOTE}`,
    scope: 'write',
    kind: 'write',
    idempotent: true,
    keyed: 'stored',
    input: EditBody.extend({ id: EventId }),
    output: MutationResponse,
    run: async (env, a) => {
      const r = await editEvent(env.ctx, env.actor, a);
      return { summary: `Updated the ${eventPhrase(r.event, env.today)} (id ${r.event.id}).`, data: r, aboutChild: childOf(r.event) };
    },
  }),
  tool({
    name: 'delete_event',
    title: 'Delete a logged event',
    description: `Delete one event from the log by its id, e.g. a feed logged by mistake. Cannot be undone. To remove whatever was logged last, use undo_last. ${NOTE}`,
    scope: 'write',
    kind: 'destructive',
    idempotent: true,
    keyed: 'stored',
    input: IdBody.extend({ id: EventId }),
    output: MutationResponse,
    run: async (env, a) => {
      const r = await deleteEvent(env.ctx, env.actor, a.id);
      return { summary: `Deleted the ${eventPhrase(r.removed, env.today)} (id ${r.removed.id}).`, data: r, aboutChild: childOf(r.removed) };
    },
  }),
  tool({
    name: 'undo_last',
    title: 'Undo the last logged event',
    description: `Remove the most recently logged event (by when it was logged, not by its time), e.g. right after "oops, undo that". In a family of several children it is the family's last log, whichever child it was for; the answer says whose. ${NOTE}`,
    scope: 'write',
    kind: 'destructive',
    idempotent: false,
    keyed: 'stored',
    input: z.strictObject({}),
    output: UndoResponse,
    run: async (env) => {
      const r = await undoLast(env.ctx, env.actor);
      // The message is a Text (i18n/text.ts): the connector writes it in English.
      return { summary: String(r.message), data: r, aboutChild: childOf(r.removed) };
    },
  }),
  tool({
    name: 'react_to_event',
    title: 'React to an event with an emoji',
    description: `Add the caller's emoji reaction (e.g. ❤️ or 👍) to an event in the log, as caregivers do in the app. Reacting twice with the same emoji changes nothing. ${NOTE}`,
    scope: 'write',
    kind: 'write',
    idempotent: true,
    keyed: 'stored',
    input: ReactBody.extend({ id: EventId, emoji: ReactBody.shape.emoji.describe('one emoji, e.g. ❤️ or 👍') }),
    output: MutationResponse,
    run: async (env, a) => {
      const r = await reactToEvent(env.ctx, env.actor, a.id, a.emoji);
      return { summary: `Reacted ${a.emoji.trim()} to the ${eventPhrase(r.event, env.today)}.`, data: r, aboutChild: childOf(r.event) };
    },
  }),
];
