// The live status of each child home shows (GET /api/vega/live?child=), polled every few
// seconds while the page is visible so a feed or sleep another caregiver starts shows here
// soon; the last status received per child stays on screen when the app reopens offline.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, get } from '../lib/api';
import { childQuery } from '../lib/children';
import { serverOffsetMs } from '../lib/feed';
import { cachedLive, rememberLive } from '../lib/live-cache';
import { familyZone } from '../lib/session';
import { localNow } from '../lib/time';
import type { Live } from './LiveStatus';
import { t } from '../i18n/core';

/** Every caregiver's home shows a feed another one started within this long (docs/web-app.md). */
const LIVE_POLL_MS = 4000;

/** Key of a child in the maps below: its id, or '' while the children are not known. */
export const keyOf = (child: string | null) => child ?? '';

export function useLives(familyId: string | undefined, children: (string | null)[]) {
  const [lives, setLives] = useState<Record<string, Live>>(() =>
    Object.fromEntries(children.flatMap((c) => {
      const l = cachedLive(familyId, c);
      return l ? [[keyOf(c), l]] : [];
    })));
  // How far each status's server clock is from this phone's, so timers tick in step.
  const [offsets, setOffsets] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const ids = useRef(children);
  ids.current = children;

  const setLive = (child: string | null, l: Live) => {
    setLives((m) => ({ ...m, [keyOf(child)]: l }));
    setOffsets((m) => ({ ...m, [keyOf(child)]: serverOffsetMs(l.now, localNow(familyZone())) }));
    rememberLive(familyId, child, l);
  };

  const refresh = () =>
    Promise.all(ids.current.map((c) => get('/api/vega/live', { params: { query: childQuery(c) } }).then((l) => setLive(c, l))))
      .then(() => setError(null))
      .catch((e) => {
        // Offline, the banner already says so and logs are kept on the phone: no second,
        // contradicting "Can't reach the server"; the last status stays on screen.
        if (e instanceof ApiError && e.offline) return setError(null);
        setError(e instanceof ApiError ? e.message : t('home.live_failed'));
      });

  const watched = children.join(',');
  useEffect(() => {
    void refresh();
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, LIVE_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(t);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [watched]);

  return { lives, offsets, error, setLive, refresh };
}
