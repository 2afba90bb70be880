// The last live status this phone received, per family and child, kept in localStorage:
// reopening the app without a connection shows it (and the sleep button its true state)
// instead of nothing.
import type { Schemas } from './api';

const KEY = 'last-live';
type Live = Schemas['LiveStatus'];

interface Stored {
  family: string;
  /** child id ('' when the children were not known) → that child's last live status */
  byChild: Record<string, Live>;
}

function read(familyId: string): Stored {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (v && v.family === familyId && v.byChild && typeof v.byChild === 'object') return v;
  } catch {
    /* unreadable: start afresh */
  }
  return { family: familyId, byChild: {} };
}

/** As stored: written by this app from the API's answer (an older version's may lack later parts). */
export function cachedLive(familyId: string | undefined, childId: string | null): Live | null {
  if (!familyId) return null;
  return read(familyId).byChild[childId ?? ''] ?? null;
}

export function rememberLive(familyId: string | undefined, childId: string | null, live: Live): void {
  if (!familyId) return;
  try {
    const v = read(familyId);
    v.byChild[childId ?? ''] = live;
    localStorage.setItem(KEY, JSON.stringify(v));
  } catch {
    /* storage full or blocked: the app works without the cache */
  }
}
