// The words a request's answer is written in (issue 39): the caregiver's saved language, else
// the best match for the request's Accept-Language, else English; English British or American
// by the family's region; times in the caregiver's saved hour cycle or the language's usual.
// Worked out at most once per request, and only when the answer has text to write.
import type { FastifyRequest } from 'fastify';
import { catalogueFor, negotiateLanguage } from '../i18n/languages.ts';
import { wordsFor, type Words } from '../i18n/text.ts';

const chosen = new WeakMap<FastifyRequest, Words>();

export function wordsOf(req: FastifyRequest): Words {
  let words = chosen.get(req);
  if (!words) {
    const actor = req.actor;
    const header = req.headers['accept-language'];
    const language = actor?.language ?? negotiateLanguage(header) ?? 'en';
    words = wordsFor(catalogueFor(language, actor?.region ?? actor?.family?.region, header), actor?.hourCycle ?? null);
    chosen.set(req, words);
  }
  return words;
}
