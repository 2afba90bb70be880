// A family's children (GET /api/vega/children) and which one this phone is looking at. Pure,
// apart from the remembered choice in localStorage, so the rules are easy to follow: the
// choice is per device and per family (a shared phone keeps each family's own), and a child
// that was archived or deleted meanwhile falls back to the primary child.

import { currentLocale } from '../i18n/core.ts';
import type { components } from '../generated/openapi.d.ts';

/** A child as GET /api/vega/children lists them. */
export type Child = components['schemas']['Child'];

const storeKey = (familyId: string) => `selected-child:${familyId}`;

export function storedChild(familyId: string | undefined): string | null {
  if (!familyId) return null;
  try {
    return localStorage.getItem(storeKey(familyId));
  } catch {
    return null;
  }
}

export function rememberChild(familyId: string | undefined, childId: string): void {
  if (!familyId) return;
  try {
    localStorage.setItem(storeKey(familyId), childId);
  } catch {
    /* private mode: the choice lasts for this visit */
  }
}

/** The children a parent can pick and log for: archived ones leave the switcher. */
export const activeChildren = (children: readonly Child[]): Child[] => children.filter((c) => !c.archived);

/** The wanted child if it is still active, else the primary child (else the first active one). */
export function pickChild(children: readonly Child[], wanted: string | null | undefined): Child | null {
  const active = activeChildren(children);
  return active.find((c) => c.id === wanted) ?? active.find((c) => c.primary) ?? active[0] ?? null;
}

/** "Ada and Tom", "Ada, Tom and Mia": how a confirmation names the children it logged for. */
export function namesOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  // "Ada and Tom", "Ada und Tom": the caregiver's language joins a list its own way.
  return new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(names);
}

/** `path` asking about one child (?child=ID), or as it is when no child is known yet. */
/** The `child` query of a read for `childId` (none: the server's primary child). */
export const childQuery = (childId: string | null | undefined): { child?: string } => (childId ? { child: childId } : {});

export function withChildParam(path: string, childId: string | null | undefined): string {
  if (!childId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}child=${encodeURIComponent(childId)}`;
}

// Twins home: "log for both" stays on until a parent turns it off or picks one child, so a
// parent of twins who does everything for both at once logs each thing with one tap.
const bothKey = (familyId: string) => `log-for-all:${familyId}`;
const bothListeners = new Set<() => void>();

/** Told when "log for both" is turned on or off (home shows it; the switcher turns it off). */
export function onLogForAllChange(fn: () => void): () => void {
  bothListeners.add(fn);
  return () => void bothListeners.delete(fn);
}

// Kept in memory too, so the toggle works where storage is blocked (lost on reload there).
const bothNow = new Map<string, boolean>();

export function logForAll(familyId: string | undefined): boolean {
  if (!familyId) return false;
  if (!bothNow.has(familyId)) {
    try {
      bothNow.set(familyId, localStorage.getItem(bothKey(familyId)) === '1');
    } catch {
      bothNow.set(familyId, false);
    }
  }
  return bothNow.get(familyId)!;
}

export function setLogForAll(familyId: string | undefined, on: boolean): void {
  if (!familyId) return;
  bothNow.set(familyId, on);
  try {
    if (on) localStorage.setItem(bothKey(familyId), '1');
    else localStorage.removeItem(bothKey(familyId));
  } catch {
    /* private mode: remembered until the page is reloaded */
  }
  bothListeners.forEach((l) => l());
}
