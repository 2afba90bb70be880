// This device's Web Push subscription (issue 28): the browser's PushManager with the service's
// VAPID public key, handed to POST /api/vega/push/subscribe. The service worker (public/sw.js)
// shows what arrives.
import { t } from '../i18n/core';
import { get, post } from './api';

/** 'ok' where this browser can take push; 'ios' where an iPhone needs the app on the Home Screen first. */
export function pushSupport(): 'ok' | 'ios' | 'none' {
  if (typeof window === 'undefined') return 'none';
  const ok = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (ok) return 'ok';
  return /iPhone|iPad/.test(navigator.userAgent) ? 'ios' : 'none';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ?? navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/** This device's push endpoint, or null when it has none. */
export async function thisDeviceEndpoint(): Promise<string | null> {
  if (pushSupport() !== 'ok') return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  return sub?.endpoint ?? null;
}

/** Asks for permission, subscribes this device and tells the service. */
export async function subscribeThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(t('push.blocked'));
  const { public_key } = await get('/api/vega/push/key');
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  const { keys, expirationTime } = sub.toJSON();
  await post('/api/vega/push/subscribe', {
    body: { endpoint: sub.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' }, expirationTime: expirationTime ?? null },
  });
}

/** Removes this device's subscription, here and at the service. */
export async function unsubscribeThisDevice(): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await post('/api/vega/push/unsubscribe', { body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}
