// Which child of the family each child of an imported file becomes (issue 25). Pure, so the dry
// run and the import make the same choice, and the unit test can walk every case.
//
// Names are unique within a family ignoring case (childNameKey), so a name picks at most one
// child here. A file's child may go by several names, most specific first: Baby Buddy keeps a
// first and a last name, and a family here usually knows the child by the first name alone, so
// "Ada Lovelace" matches a child called "Ada Lovelace", else one called "Ada". A name two of the
// file's children share (two Adas) says nothing about which is which, so neither uses it while
// a more specific one is left.
import { childNameKey, MAX_CHILDREN } from './children.ts';

export interface SourceChild {
  /** the file's own id for the child (Baby Buddy's numeric id, the export's child id), as text */
  key: string;
  /** how the answer names it: "Ada Lovelace (Baby Buddy id 1)" */
  label: string;
  /** names it may go by here, most specific first; a created child takes the last usable one */
  names: string[];
  /** YYYY-MM-DD */
  dob: string;
  gender: string;
  /** the date of birth must agree with a matched child's (Baby Buddy: matched by name and birth date) */
  sameDob: boolean;
}

export interface HereChild {
  id: string;
  name: string;
  dob: string;
}

export type ChildTarget<C> =
  | { action: 'matched'; child: C }
  /** `slot`: the file's children that become the same new child share it */
  | { action: 'created'; name: string; dob: string; gender: string; slot: number };

export type ChildPlan<C> =
  | { ok: true; targets: Map<string, ChildTarget<C>>; created: number }
  | { ok: false; problem: 'dob_mismatch'; source: SourceChild; child: C }
  | { ok: false; problem: 'name_clash'; name: string; sources: SourceChild[] }
  | { ok: false; problem: 'limit'; have: number; creating: string[]; max: number };

/** The names each of the file's children can be matched by: those no other child of the file shares. */
function usableNames(sources: readonly SourceChild[]): Map<string, string[]> {
  const owners = new Map<string, Set<string>>();
  for (const s of sources) {
    for (const n of s.names) {
      const k = childNameKey(n);
      if (!owners.has(k)) owners.set(k, new Set());
      owners.get(k)!.add(s.key);
    }
  }
  const out = new Map<string, string[]>();
  for (const s of sources) {
    const own = s.names.filter((n) => owners.get(childNameKey(n))!.size === 1);
    // Every name shared (two children both called just "Ada"): the most specific still names
    // the child; the rules below then match both to one child or refuse.
    out.set(s.key, own.length ? own : s.names.slice(0, 1));
  }
  return out;
}

/**
 * Each of the file's children → a child here (matched by name, ignoring case; with `sameDob`
 * also by date of birth) or one to create. Refuses rather than guesses: a name that matches a
 * child here born on another day, two of the file's children that would be created under one
 * name with different birth dates, or more children than a family may hold.
 */
export function planChildren<C extends HereChild>(sources: readonly SourceChild[], here: readonly C[], max = MAX_CHILDREN): ChildPlan<C> {
  const byKey = new Map(here.map((c) => [childNameKey(c.name), c]));
  const usable = usableNames(sources);
  const targets = new Map<string, ChildTarget<C>>();
  const created = new Map<string, { slot: number; name: string; source: SourceChild }>();
  for (const s of sources) {
    const names = usable.get(s.key)!;
    const child = names.map((n) => byKey.get(childNameKey(n))).find((c) => c !== undefined);
    if (child) {
      if (s.sameDob && child.dob !== s.dob) return { ok: false, problem: 'dob_mismatch', source: s, child };
      targets.set(s.key, { action: 'matched', child });
      continue;
    }
    // Created under its least specific usable name: a family here knows a child by its first name.
    const name = names[names.length - 1]!;
    const k = childNameKey(name);
    let slot = created.get(k);
    if (slot && slot.source.dob !== s.dob) return { ok: false, problem: 'name_clash', name, sources: [slot.source, s] };
    if (!slot) {
      slot = { slot: created.size, name, source: s };
      created.set(k, slot);
    }
    targets.set(s.key, { action: 'created', name: slot.name, dob: s.dob, gender: slot.source.gender, slot: slot.slot });
  }
  if (here.length + created.size > max) {
    return { ok: false, problem: 'limit', have: here.length, creating: [...created.values()].map((c) => c.name), max };
  }
  return { ok: true, targets, created: created.size };
}

/** Whether two plans send every one of the file's children to the same place (the import re-checks inside its transaction). */
export function samePlan<C extends HereChild>(a: Map<string, ChildTarget<C>>, b: Map<string, ChildTarget<C>>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, t] of a) {
    const u = b.get(key);
    if (!u || u.action !== t.action) return false;
    if (t.action === 'matched' && u.action === 'matched' && t.child.id !== u.child.id) return false;
    if (t.action === 'created' && u.action === 'created' && (t.slot !== u.slot || t.name !== u.name)) return false;
  }
  return true;
}
