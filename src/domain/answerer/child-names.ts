// Which of the family's children a question names (issue 25): "when did Tom last feed?",
// "has Ada's cough…", "did Ada Lovelace sleep?". A child is named by its whole name or its first
// name, as a word of its own, ignoring case and accents; a possessive ("Tom's", "James'", the
// German or Swedish "Toms") names the child too. Pronouns name nobody: "when did she last
// feed?" in a family of several is answered for each child (answerer/per-child.ts), never for
// one picked silently.
import { firstName } from './text.ts';

export interface NamedChild {
  id: string;
  name: string;
}

/**
 * First names that are also ordinary words of a question ("may", "will", "june"): such a name
 * only names the child written with its capital, and not as the question's first word ("Will
 * she sleep?", "May I ask…") unless possessive ("June's"). A month name next to a number is a
 * date ("on 3 June", "June 3rd"), not the child.
 */
const ORDINARY_WORDS = new Set([
  'may', 'will', 'june', 'april', 'august', 'march', 'sunny', 'hope', 'faith', 'joy', 'grace', 'rose', 'lily', 'ruby',
  'summer', 'autumn', 'winter', 'dawn', 'eve', 'bill', 'mark', 'pat', 'sky', 'max', 'rich', 'art', 'ray', 'jack', 'rob',
  'sue', 'ivy', 'iris', 'holly', 'daisy', 'poppy', 'honey', 'storm', 'river', 'bear', 'brook', 'sage', 'rusty', 'angel',
]);
const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LETTER = '[\\p{L}\\p{N}]';

/** Where `form` occurs in `text` as a word of its own (a possessive ending counts as its end). */
function wordSpans(text: string, form: string): [number, number][] {
  if (form === '') return [];
  // A German or Swedish genitive ("Toms letzte Mahlzeit", "Adas senaste matning") names the child too.
  const re = new RegExp(`(?<!${LETTER})${escape(form)}s?(?!${LETTER})`, 'gu');
  return [...text.matchAll(re)].map((m) => [m.index!, m.index! + m[0].length]);
}

/**
 * The name's spans as the question names the child by it (see ORDINARY_WORDS). `lower` is the
 * question folded (fold()), with the words already taken by a whole name blanked out.
 */
function spansOf(question: string, lower: string, form: string): [number, number][] {
  const key = fold(form);
  if (!ORDINARY_WORDS.has(key)) return wordSpans(lower, key);
  // Written with its capital, in the question as typed.
  const capital = form.charAt(0).toUpperCase() + form.slice(1);
  return wordSpans(question, capital).filter(([from, to]) => {
    if (lower.slice(from, to).trim() === '') return false;
    const after = question.slice(to);
    const possessive = /^['’]s?(?![\p{L}\p{N}])/u.test(after);
    if (question.slice(0, from).trim() === '' && !possessive) return false;
    if (MONTHS.has(key) && (/\d\s*$/.test(question.slice(0, from)) || /^\s*\d/.test(after))) return false;
    return true;
  });
}

/**
 * The children the question names, in the family's order. A whole name is looked for before
 * first names, and the words it covers are not read again: "Ada Smith" names Ada Smith only,
 * even when another child is called Ada Jones; a bare "Ada" then names both of them.
 */
export function childrenNamed<C extends NamedChild>(question: string, children: readonly C[]): C[] {
  const typed = question.normalize('NFC');
  const lower = fold(typed);
  let masked = lower;
  const named = new Set<C>();
  const mask = (spans: [number, number][]) => {
    for (const [from, to] of spans) masked = masked.slice(0, from) + ' '.repeat(to - from) + masked.slice(to);
  };
  for (const c of children) {
    const whole = c.name.trim().replace(/\s+/g, ' ');
    if (!whole.includes(' ')) continue;
    const spans = spansOf(typed, masked, whole);
    if (spans.length) named.add(c);
    mask(spans);
  }
  for (const c of children) {
    if (named.has(c)) continue;
    if (spansOf(typed, masked, firstName(c.name)).length) named.add(c);
  }
  return children.filter((c) => named.has(c));
}

/**
 * Lower case with accents stripped, one character for one, so that spans found in it are the
 * same in the question as typed: "Zoë" and "zoe" are the same name.
 */
function fold(s: string): string {
  return [...s]
    .map((ch) => {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
      if (base.length === ch.length) return base;
      const lower = ch.toLowerCase();
      return lower.length === ch.length ? lower : ch;
    })
    .join('')
    .replace(/[‘’`´]/g, "'");
}

/**
 * The question as asked about one of the children it names: the others' names become this
 * child's, so "did Ada or Tom poo today?" asks Ada's log "did Ada or Ada poo today?" (the
 * answerer reads its child's name as "baby") and no other child's name is taken for a food or
 * a word of the question.
 */
export function questionAbout<C extends NamedChild>(question: string, named: readonly C[], child: C): string {
  let q = question;
  const own = firstName(child.name);
  for (const other of named) {
    if (other === child) continue;
    for (const form of [other.name.trim().replace(/\s+/g, ' '), firstName(other.name)]) {
      const spans = spansOf(q, fold(q), form).reverse();
      for (const [from, to] of spans) q = q.slice(0, from) + own + q.slice(to);
    }
  }
  return q;
}
