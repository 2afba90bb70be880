// The last live status this phone received, per family, kept in localStorage: reopening the
// app without a connection shows it (and the sleep button its true state) instead of nothing.
const KEY = 'last-live';

export function cachedLive(familyId: string | undefined): any | null {
  if (!familyId) return null;
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return v && v.family === familyId ? v.live : null;
  } catch {
    return null;
  }
}

export function rememberLive(familyId: string | undefined, live: unknown): void {
  if (!familyId) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ family: familyId, live }));
  } catch {
    /* storage full or blocked: the app works without the cache */
  }
}
