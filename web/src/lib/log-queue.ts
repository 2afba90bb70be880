// Every log made in the UI goes through here. Each gets a random Idempotency-Key when the
// parent taps; if the phone is offline the log (with its key and its timestamp) waits in
// localStorage and is sent when the connection returns. Resending with the same key means the
// server writes it once even if a send was cut off after the server saved it. A log names its
// child in the body (`child`), so one queued for Tom is sent for Tom whoever is on screen then.
// A log also carries the phone's zone (`timezone`) with its `ts` written on that clock, so one
// made abroad and sent later still says where and when it happened.
import { ApiError, post, type Reply, type Schemas } from './api';
import { getSession } from './session';
import { uuid } from './uuid';
import { reZone, shownTs } from './zone';
import { t } from '../i18n/core';

/** A log as sent (POST /api/vega/log): what, when (`ts` on the clock of `timezone`), for which child. */
export type LogBody = Schemas['LogRequest'];
/** What a log button or form gives: the entry without its time, zone and child (added when it is sent). */
export type LogEntry = Omit<LogBody, 'ts' | 'timezone' | 'child'>;
export type LogResult = Reply<'post', '/api/vega/log'>;
interface Pending {
  key: string;
  /** The family it was logged for: never sent under someone else's sign-in on a shared phone. */
  family?: string;
  body: LogBody;
  queuedAt: number;
}

const KEY = 'pending-logs';
const listeners = new Set<() => void>();
let flushing: Promise<void> | null = null;

function read(): Pending[] {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '[]');
  } catch {
    return [];
  }
}
function write(items: Pending[]): void {
  localStorage.setItem(KEY, JSON.stringify(items));
  listeners.forEach((l) => l());
}

/** Logs waiting for the signed-in family. */
export const pendingLogs = (): LogBody[] => {
  const family = getSession().me?.family_id;
  return read().filter((x) => !x.family || x.family === family).map((x) => x.body);
};
export const pendingCount = () => pendingLogs().length;
/** Of `logs`, those waiting for one child: naming it, or naming none (sent for the primary child). */
export const pendingFor = (logs: LogBody[], child: string | null, primary: boolean): LogBody[] =>
  logs.filter((b) => (typeof b.child === 'string' ? b.child === child : primary || !child));

/** Takes back a log that is still waiting (Undo before it was sent). False if it already went. */
export function removeQueued(key: string): boolean {
  const items = read();
  if (!items.some((x) => x.key === key)) return false;
  write(items.filter((x) => x.key !== key));
  return true;
}

/** Event ids of queued logs that have since been sent, by key, so a late Undo can still remove them. */
export const sentIds = new Map<string, string>();
const sentListeners = new Set<(n: number) => void>();
/** Called with how many queued logs one flush delivered. */
export function onQueueSent(fn: (n: number) => void): () => void {
  sentListeners.add(fn);
  return () => void sentListeners.delete(fn);
}

/** Shown on the sign-in page when a log was tapped after the session had expired. */
export const SIGNED_OUT_FLASH = 'signin-flash';
export function onQueueChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** Failures of queued logs the server refused (e.g. a validation error), for the UI to show. */
export const queueErrors: string[] = [];

async function send(p: Pending): Promise<LogResult> {
  const headers = { 'Idempotency-Key': p.key };
  try {
    return await post('/api/vega/log', { body: p.body, params: { header: headers } });
  } catch (e) {
    // A phone zone this server can't read must never cost a log: send it on the family's clock.
    const { timezone, ...rest } = p.body;
    const family = getSession().profile?.timezone;
    if (!(e instanceof ApiError && e.status < 500 && 'timezone' in e.fields && typeof timezone === 'string' && family)) throw e;
    const body = typeof rest.ts === 'string' ? { ...rest, ts: reZone(rest.ts, timezone, family) } : rest;
    return post('/api/vega/log', { body, params: { header: headers } });
  }
}

/** Logs now, or queues the log when offline. `ts` must already be set by the caller. */
export async function logEvent(body: LogBody): Promise<{ queued: false; result: LogResult } | { queued: true; key: string }> {
  const p: Pending = { key: uuid(), family: getSession().me?.family_id, body, queuedAt: Date.now() };
  if (navigator.onLine === false) {
    write([...read(), p]);
    return { queued: true, key: p.key };
  }
  try {
    return { queued: false, result: await send(p) };
  } catch (e) {
    if (e instanceof ApiError && e.offline) {
      write([...read(), p]);
      return { queued: true, key: p.key };
    }
    if (e instanceof ApiError && e.status === 401 && p.family) {
      // The session expired: keep the log and send it after the parent signs in again (the
      // app is already on its way to the sign-in page, which says so).
      write([...read(), p]);
      try {
        sessionStorage.setItem(SIGNED_OUT_FLASH, t('auth.signed_out_flash'));
        dispatchEvent(new Event(SIGNED_OUT_FLASH));
      } catch {
        /* the log is still queued */
      }
      return { queued: true, key: p.key };
    }
    throw e;
  }
}

/** Sends queued logs in order, one at a time; stops at the first network failure. */
export function flushQueue(): Promise<void> {
  if (flushing) return flushing;
  let sent = 0;
  const run = async () => {
    for (;;) {
      const family = getSession().me?.family_id;
      if (!family) return; // signed out or not yet known: wait for a sign-in
      const p = read().find((x) => !x.family || x.family === family);
      if (!p) return;
      try {
        const r = await send(p);
        sentIds.set(p.key, r.event.id);
        sent++;
      } catch (e) {
        if (e instanceof ApiError && (e.offline || e.status >= 500 || e.status === 401)) return; // try again later
        const fz = getSession().profile?.timezone;
        const at = (fz ? shownTs(p.body, fz) : String(p.body.ts ?? '')).slice(11, 16);
        queueErrors.push(`A log saved on this phone (${p.body.type} at ${at || 'then'}) was refused: ${(e as Error).message}`);
      }
      write(read().filter((x) => x.key !== p.key));
    }
  };
  const done = () => {
    if (sent) sentListeners.forEach((l) => l(sent));
  };
  // One sender across tabs when the browser supports Web Locks; the key covers the rest.
  const locks: LockManager | undefined = navigator.locks;
  flushing = (locks ? locks.request('log-queue', run).then(() => undefined) : run()).finally(() => {
    flushing = null;
    done();
  });
  return flushing!;
}

addEventListener('online', () => void flushQueue());
// A send that failed on a server hiccup (5xx) is retried every half minute.
setInterval(() => {
  if (pendingCount() && navigator.onLine !== false) void flushQueue();
}, 30000);
