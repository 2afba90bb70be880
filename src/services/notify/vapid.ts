// The service's VAPID key pair (RFC 8292): push services know the sender by its public key,
// which the web app hands to the browser when it subscribes (GET /api/vega/push/key). The pair
// is made once per database, the first time it is needed, and kept in service_keys: every
// process on the database signs with the same key, and a restart keeps every subscription
// working (a new key would orphan them all: push services refuse a JWT signed by another key).
import { generateKeyPairSync } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { Ctx } from '../context.ts';

export interface VapidKeys {
  /** the uncompressed P-256 point, base64url (65 bytes): the browser's applicationServerKey */
  publicKey: string;
  /** base64url, 32 bytes */
  privateKey: string;
}

const KEY_NAME = 'vapid';

/** One read per database and process; a failed read is not remembered (the next call tries again). */
const cache = new WeakMap<Db, Promise<VapidKeys>>();

function parseKeys(value: string): VapidKeys {
  const v = JSON.parse(value) as Partial<VapidKeys>;
  if (typeof v.publicKey !== 'string' || typeof v.privateKey !== 'string') throw new Error("service_keys 'vapid' is not a VAPID key pair");
  return { publicKey: v.publicKey, privateKey: v.privateKey };
}

/**
 * A new P-256 pair in the form web-push signs with: the public key as the uncompressed point
 * (0x04 ‖ x ‖ y), the private key as the 32-byte scalar. Made with node:crypto rather than
 * web-push, so that this service (GET /api/vega/push/key) loads no sender: only the outbox's
 * push sender uses web-push.
 */
export function newVapidKeys(): VapidKeys {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

async function loadOrCreate(ctx: Ctx): Promise<VapidKeys> {
  const k = ctx.db.kysely;
  const fresh = newVapidKeys();
  // Two processes starting at once each make a pair; the first insert wins and both read it back.
  await k
    .insertInto('service_keys')
    .values({ name: KEY_NAME, value: JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }), created_at: ctx.clock() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await k.selectFrom('service_keys').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return parseKeys(row.value);
}

/** The database's VAPID key pair, made on first use. */
export function vapidKeys(ctx: Ctx): Promise<VapidKeys> {
  let p = cache.get(ctx.db);
  if (!p) {
    p = loadOrCreate(ctx);
    cache.set(ctx.db, p);
    p.catch(() => cache.delete(ctx.db));
  }
  return p;
}

/**
 * Who runs this sender, as the JWT's `sub` claim (RFC 8292 §2.1): an https: URL or a mailto:
 * address (web-push refuses anything else). PUBLIC_URL when it is https and not localhost
 * (Apple's push service refuses a localhost subject); otherwise mailto:push@<PUBLIC_URL's host>
 * (an install on http, typically on a LAN), which push services accept as a contact.
 */
export function vapidSubject(config: Pick<Config, 'publicUrl'>): string {
  const url = new URL(config.publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost' && !url.hostname.endsWith('.localhost')) return url.origin;
  return `mailto:push@${url.hostname || 'localhost'}`;
}
