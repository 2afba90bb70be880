// What may be a reaction and what may be a username: pure rules, shared by schemas and services.

// One emoji as Unicode's recommended set defines it (a flag, a skin tone, a family joined with
// zero-width joiners, a keycap): no text, no markup, not two emoji. Built with RegExp() because
// the `v` flag postdates the compile target; Node 20 supports it. Built at its first use, not
// when the module loads: compiling this set (thousands of sequences) was ~15 ms of every start.
let oneEmoji: RegExp | undefined;
const isOneEmoji = (s: string): boolean => (oneEmoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v')).test(s);

/** True for exactly one emoji; "❤" typed without its emoji selector counts as "❤️". */
export function isSingleEmoji(s: string): boolean {
  return isOneEmoji(s) || isOneEmoji(`${s}\uFE0F`);
}

/** The stored form of a reaction: with the emoji presentation selector where it was left off. */
export function canonicalEmoji(s: string): string {
  return isOneEmoji(s) ? s : `${s}\uFE0F`;
}

// Control, format (zero-width spaces and joiners, bidi overrides and isolates), private-use
// and unassigned characters: invisible or misleading in a name others read ("adm\u200Bin",
// a right-to-left override that shows a name backwards).
const HIDDEN = /\p{C}/u;

export function hasHiddenCharacters(s: string): boolean {
  return HIDDEN.test(s);
}

/** Compatibility forms folded (full-width letters, ligatures), so look-alikes compare equal. */
export function normalUsername(s: string): string {
  return s.normalize('NFKC').trim();
}

export type UsernameMatch<T> = { member: T } | { ambiguous: T[] } | null;

/**
 * The caregiver a typed name means. The name exactly as stored wins; otherwise the one stored
 * name that folds to the same (NFKC) as the typed one. Releases before names were folded
 * stored them as typed ("Ｇｒａｎ"), and a later member may have joined as "Gran": both keep
 * working, each is reached by its exact name, and a folded name that fits both is ambiguous
 * rather than a guess.
 */
export function matchUsername<T extends { username: string }>(members: readonly T[], typed: string): UsernameMatch<T> {
  const exact = members.find((m) => m.username === typed);
  if (exact) return { member: exact };
  const folded = normalUsername(typed);
  const alike = members.filter((m) => normalUsername(m.username) === folded);
  if (alike.length === 1) return { member: alike[0]! };
  return alike.length ? { ambiguous: alike } : null;
}
