// Notes remembered by the question-answering feature ("remember: …").
import type { Ctx } from '../context.ts';
import { retryOnUniqueViolation, scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import { badRequest, fieldProblem, notFound } from '../../errors.ts';
import { instantToLocal } from '../../domain/time.ts';
import type { Note } from '../../domain/answerer/index.ts';
import { loadFamily } from '../family/family-row.ts';
import { t } from '../../i18n/text.ts';

const MAX_NOTE = 500;

/** #hashtags become tags, so "remember: #teething started on the left" is findable by tag. */
export function tagsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/#([\p{L}\p{N}_-]{1,30})/gu)].map((m) => m[1].toLowerCase()))];
}

export async function loadNotes(scope: FamilyScope): Promise<Note[]> {
  const rows = await scope.selectFrom('notes').select(['ts', 'text', 'tags']).orderBy('ts').execute();
  return rows.map((r) => ({ ts: r.ts, text: r.text, tags: JSON.parse(r.tags) as string[] }));
}

export async function listNotes(ctx: Ctx, actor: Actor) {
  return { notes: await loadNotes(scopeOf(ctx, actor)) };
}

/** Saves a note; its ts (family-local, to the second) is its identifier, so a clash moves on a second. */
export async function saveNote(ctx: Ctx, actor: Actor, rawText: string): Promise<Note> {
  const text = rawText.trim();
  if (!text) throw badRequest(t('error.empty_note'), 'empty_note');
  if (text.length > MAX_NOTE) {
    throw fieldProblem('note_too_long', t('error.note_too_long', { max: MAX_NOTE }), 'question', 'too_big', { origin: 'string', maximum: MAX_NOTE });
  }
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const tags = tagsOf(text);
  // Two notes in the same second (or two requests at once) would share a ts: move back a
  // second until it is free; a concurrent writer taking it first makes us look again.
  return retryOnUniqueViolation(() =>
    scope.transaction(async (tx) => {
      let at = Math.floor(ctx.clock() / 1000) * 1000;
      for (;;) {
        const ts = instantToLocal(at, family.timezone);
        const taken = await tx.selectFrom('notes').select('ts').where('ts', '=', ts).executeTakeFirst();
        if (!taken) {
          await tx.insertInto('notes', { ts, text, tags: JSON.stringify(tags), created_at: ctx.clock() }).execute();
          return { ts, text, tags };
        }
        at -= 1000;
      }
    }),
  );
}

export async function deleteNote(ctx: Ctx, actor: Actor, ts: string) {
  const r = await scopeOf(ctx, actor).deleteFrom('notes').where('ts', '=', ts).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound(t('error.note_not_found', { ts }));
  return { ok: true as const };
}
