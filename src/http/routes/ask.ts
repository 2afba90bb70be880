// Spec section "Question answering (paid plan)".
import type { FastifyInstance } from 'fastify';
import { AskBody, AskResponse, NoteDeleteBody, NoteList } from '../../schemas/ask.ts';
import type { Ctx } from '../../services/context.ts';
import { askQuestion } from '../../services/ask/ask.ts';
import { deleteNote, listNotes } from '../../services/ask/notes.ts';
import { Ok } from '../../schemas/common.ts';
import { resource } from '../route.ts';
import { wordsOf } from '../request-words.ts';

export function askRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Question answering']);

  r.post('/api/ask', {
    summary: 'Ask about the family’s own log, or save a note with "remember: …" (paid plan)',
    // read for a question, write for a "remember:" note: checked by the service
    scope: 'handler',
    body: AskBody,
    response: AskResponse,
    errors: [402, 'UsageLimitReached'],
    // In the caregiver's language (issue 39): the answer, a guardrail's text, the model's language.
    run: (actor, { body, req }) => askQuestion(ctx, actor, body.question, wordsOf(req)),
  });

  r.get('/api/ask/notes', {
    summary: 'The notes remembered for answering questions',
    response: NoteList,
    run: (actor) => listNotes(ctx, actor),
  });

  r.post('/api/ask/notes/delete', {
    summary: 'Delete a remembered note by its ts',
    validationStatus: 422,
    body: NoteDeleteBody,
    response: Ok,
    errors: [404],
    run: (actor, { body }) => deleteNote(ctx, actor, body.ts),
  });
}
