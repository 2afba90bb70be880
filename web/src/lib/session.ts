// Who is signed in (GET /api/me) and the family's profile (GET /api/vega/profile), shared by
// every page. The profile is cached in localStorage so the app still knows the family's
// timezone and units when it opens offline.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get } from './api';

export interface Me {
  user: string;
  family_id: string;
  role: 'admin' | 'member';
  /** additional key: older servers omit it */
  plan?: 'free' | 'paid';
}
export interface Profile {
  baby_name: string;
  dob: string;
  gender?: string;
  family_name?: string;
  timezone: string;
  region?: 'uk' | 'us';
  units?: 'metric' | 'imperial';
  age_months?: number | null;
  age_display?: string | null;
  solids_started?: boolean;
  member_count?: number;
  [k: string]: unknown;
}
export interface Session {
  status: 'loading' | 'signed-in' | 'signed-out';
  me: Me | null;
  profile: Profile | null;
}

const CACHE = 'session-cache';
let state: Session = { status: 'loading', me: null, profile: null };
const listeners = new Set<(s: Session) => void>();

function set(next: Session): void {
  state = next;
  listeners.forEach((l) => l(state));
  try {
    if (next.status === 'signed-in') localStorage.setItem(CACHE, JSON.stringify({ me: next.me, profile: next.profile }));
    if (next.status === 'signed-out') localStorage.removeItem(CACHE);
  } catch {
    /* storage full or blocked: the cache is only a convenience */
  }
}

export async function loadSession(): Promise<Session> {
  try {
    const me = await get<Me>('/api/me');
    const profile = await get<Profile>('/api/vega/profile');
    set({ status: 'signed-in', me, profile });
  } catch (e) {
    if (e instanceof ApiError && e.offline) {
      // Offline: trust the last known session so logs can still be queued.
      try {
        const cached = JSON.parse(localStorage.getItem(CACHE) ?? 'null');
        if (cached?.me) {
          set({ status: 'signed-in', me: cached.me, profile: cached.profile });
          return state;
        }
      } catch {
        /* fall through */
      }
    }
    set({ status: 'signed-out', me: null, profile: null });
  }
  return state;
}

export function setProfile(profile: Profile): void {
  set({ ...state, profile });
}
export function signedOut(): void {
  try {
    localStorage.removeItem('ask-plan');
  } catch {
    /* nothing to forget */
  }
  set({ status: 'signed-out', me: null, profile: null });
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
