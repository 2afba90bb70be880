// Spec section "Question answering (paid plan)".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AskBody, AskResponse, NoteDeleteBody, NoteList, UsageLimitErrorBody } from '../../schemas/ask.ts';
import type { Ctx } from '../../services/context.ts';
import { askQuestion } from '../../services/ask/ask.ts';
import { deleteNote, listNotes } from '../../services/ask/notes.ts';
import { ErrorBody, Ok, ValidationErrorBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';

const tags = ['Question answering'];

export function askRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/ask', {
    // read for a question, write for a "remember:" note: checked by the service
    config: { scope: 'handler' },
    schema: {
      tags,
      summary: 'Ask about the family’s own log, or save a note with "remember: …" (paid plan)',
      body: AskBody,
      response: { 200: AskResponse, 400: ErrorBody, 402: ErrorBody, 403: ErrorBody, 429: UsageLimitErrorBody },
    },
    handler: async (req) => askQuestion(ctx, actorOf(req), req.body.question),
  });
  r.get('/api/ask/notes', {
    schema: { tags, summary: 'The notes remembered for answering questions', response: { 200: NoteList } },
    handler: async (req) => listNotes(ctx, actorOf(req)),
  });
  r.post('/api/ask/notes/delete', {
    config: { validationStatus: 422 },
    schema: {
      tags,
      summary: 'Delete a remembered note by its ts',
      body: NoteDeleteBody,
      response: { 200: Ok, 404: ErrorBody, 422: ValidationErrorBody },
    },
    handler: async (req) => deleteNote(ctx, actorOf(req), req.body.ts),
  });
}
