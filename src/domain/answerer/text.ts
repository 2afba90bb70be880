// Text helpers shared by the guardrails and the answerer: one normal form for matching.

/**
 * Lower case, accents stripped, curly quotes straightened, µg → ug, spaces collapsed; the
 * letters no accent makes ("ł", "ß") as the plain letters a keyboard without them types.
 */
export function normaliseText(s: string): string {
  return s
    .replace(/[µμ]/g, 'u')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a normalised text (letters and digits; apostrophes dropped). */
export function words(s: string): string[] {
  return normaliseText(s).replace(/'/g, '').split(/[^a-z0-9]+/).filter(Boolean);
}

/** Edit distance, used to catch misspelt medicine names ("paracetemol", "ibuprofin"). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** First name of the child, for friendly answers ("Maisie Jones" → "Maisie"). */
export function firstName(babyName: string): string {
  const n = babyName.trim().split(/\s+/)[0];
  return n && n.length > 0 ? n : 'your baby';
}

/**
 * A question in the normal form the answerer matches: punctuation dropped (a decimal point
 * kept), and the child's names made "baby", so a name never reads as a word ("Poppy", "Dot").
 */
export function questionForm(question: string, babyName: string): string {
  let q = normaliseText(question).replace(/[?!,;:]+/g, ' ').replace(/\.(?!\d)/g, ' ');
  for (const w of words(babyName)) if (w.length >= 2) q = q.replace(new RegExp(`\\b${w}('s|s')?\\b`, 'g'), 'baby');
  return q.replace(/\s+/g, ' ').trim();
}
