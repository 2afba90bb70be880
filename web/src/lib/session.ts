// Who is signed in (GET /api/me), the family's children (GET /api/vega/children), the child this
// phone is looking at, and that child's profile with the family's settings (GET
// /api/vega/profile?child=), shared by every page. All of it is cached in localStorage so the
// app still knows the family's timezone, units and children when it opens offline.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, type Schemas } from './api';
import { childQuery, pickChild, rememberChild, storedChild, withChildParam, type Child } from './children';

/** Who is signed in (GET /api/me). */
export type Me = Schemas['Me'];
/** The selected child's profile with the family's settings (GET /api/vega/profile). */
export type Profile = Schemas['Profile'];
export interface Session {
  status: 'loading' | 'signed-in' | 'signed-out';
  me: Me | null;
  /** the selected child's profile, with the family's shared settings */
  profile: Profile | null;
  /** every child of the family, archived ones included (marked) */
  children: Child[];
  /** the selected child's id; null until the children are known (then the server's primary) */
  child: string | null;
}

const CACHE = 'session-cache';
const NOBODY: Session = { status: 'signed-out', me: null, profile: null, children: [], child: null };
let state: Session = { ...NOBODY, status: 'loading' };
const listeners = new Set<(s: Session) => void>();

function set(next: Session): void {
  state = next;
  listeners.forEach((l) => l(state));
  try {
    if (next.status === 'signed-in') {
      localStorage.setItem(CACHE, JSON.stringify({ me: next.me, profile: next.profile, children: next.children, child: next.child }));
    }
    if (next.status === 'signed-out') localStorage.removeItem(CACHE);
  } catch {
    /* storage full or blocked: the cache is only a convenience */
  }
}

/** The family's children; none when they can't be read (every call then means the primary child). */
async function fetchChildren(): Promise<Child[]> {
  try {
    return (await get('/api/vega/children')).children;
  } catch (e) {
    if (e instanceof ApiError && (e.offline || e.status === 401)) throw e;
    return [];
  }
}

export async function loadSession(): Promise<Session> {
  try {
    const me = await get('/api/me');
    const children = await fetchChildren();
    let child = pickChild(children, storedChild(me.family_id))?.id ?? null;
    let profile: Profile;
    try {
      profile = await get('/api/vega/profile', { params: { query: childQuery(child) } });
    } catch (e) {
      // Deleted between the two reads: the primary child's profile, rather than no sign-in.
      if (!(e instanceof ApiError && e.code === 'child_not_found')) throw e;
      child = null;
      profile = await get('/api/vega/profile');
    }
    set({ status: 'signed-in', me, profile, children, child });
  } catch (e) {
    if (e instanceof ApiError && e.offline) {
      // Offline: trust the last known session so logs can still be queued.
      try {
        const cached = JSON.parse(localStorage.getItem(CACHE) ?? 'null');
        if (cached?.me) {
          const children: Child[] = Array.isArray(cached.children) ? cached.children : [];
          const child = pickChild(children, storedChild(cached.me.family_id) ?? cached.child)?.id ?? null;
          set({ status: 'signed-in', me: cached.me, profile: withChildFields(cached.profile, children, child), children, child });
          return state;
        }
      } catch {
        /* fall through */
      }
    }
    set(NOBODY);
  }
  return state;
}

/** A profile showing `childId`'s own fields from the children list (until its full profile arrives). */
function withChildFields(profile: Profile | null, children: readonly Child[], childId: string | null): Profile | null {
  const c = children.find((x) => x.id === childId);
  if (!profile || !c) return profile;
  return { ...profile, baby_name: c.baby_name, dob: c.dob, gender: c.gender, age_months: c.age_months, age_display: c.age_display };
}

let profileSeq = 0;
/** Reads the selected child's profile again; the last one asked for wins when taps overlap. */
export async function refreshProfile(): Promise<void> {
  const seq = ++profileSeq;
  const child = state.child;
  try {
    const profile = await get('/api/vega/profile', { params: { query: childQuery(child) } });
    if (seq === profileSeq && state.child === child && state.status === 'signed-in') set({ ...state, profile });
  } catch {
    /* offline: the name and age from the children list stay shown */
  }
}

/**
 * Looks at another child: remembered on this phone, shown at once with what the children list
 * knows (the name in the header changes on the tap), then the full profile is read.
 */
export function selectChild(childId: string): void {
  if (childId === state.child || !state.children.some((c) => c.id === childId && !c.archived)) return;
  rememberChild(state.me?.family_id, childId);
  set({ ...state, child: childId, profile: withChildFields(state.profile, state.children, childId) });
  void refreshProfile();
}

let rechecking: Promise<void> | null = null;
/** Reads the children again unless a read is already under way (several polls refused at
 * once because a child is gone, or the app coming back into view). */
export function recheckChildren(): Promise<void> {
  if (!rechecking) rechecking = reloadChildren().finally(() => (rechecking = null));
  return rechecking;
}

/** Reads the children again, after a change made in settings. */
export async function reloadChildren(): Promise<void> {
  let children: Child[];
  try {
    children = await fetchChildren();
  } catch {
    return;
  }
  if (state.status !== 'signed-in') return;
  const child = pickChild(children, state.child)?.id ?? null;
  set({ ...state, children, child, profile: withChildFields(state.profile, children, child) });
  await refreshProfile();
}

/** `path` for the selected child: every read about one child goes through here. */
export const withChild = (path: string): string => withChildParam(path, state.child);
/** The `child` query of a read for the selected child (none until the children are known: the server's primary). */
export const selectedChild = (): { child?: string } => childQuery(state.child);
/** The `child` a write names (nothing until the children are known: the server's primary). */
export const childBody = (): { child?: string } => (state.child ? { child: state.child } : {});

export function setProfile(profile: Profile): void {
  set({ ...state, profile });
}
export function signedOut(): void {
  try {
    localStorage.removeItem('ask-plan');
  } catch {
    /* nothing to forget */
  }
  set(NOBODY);
}
export const getSession = () => state;
export function onSessionChange(fn: (s: Session) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export function useSession(): Session {
  const [s, setS] = useState(state);
  useEffect(() => {
    listeners.add(setS);
    setS(state);
    return () => void listeners.delete(setS);
  }, []);
  return s;
}

/** The family's zone; falls back to the phone's own while the profile loads. */
export function familyZone(): string {
  return state.profile?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/London';
}
