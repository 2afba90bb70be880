// Shapes of /api/vega/push (issue 28): a caregiver's browsers that take Web Push. The request
// of subscribe is the browser's own PushSubscription JSON (PushSubscription.toJSON()).
import { ECDH } from 'node:crypto';
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../domain/outbound-policy.ts';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url string (padding tolerated), or null when it is not one. */
export function base64urlBytes(s: string): Buffer | null {
  return BASE64URL.test(s) ? Buffer.from(s.replace(/=+$/, ''), 'base64url') : null;
}

/** True for an uncompressed P-256 public key (65 bytes, 0x04 then x and y) that lies on the curve. */
function isP256Point(s: string): boolean {
  const b = base64urlBytes(s);
  if (!b || b.length !== 65 || b[0] !== 0x04) return false;
  try {
    ECDH.convertKey(b, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export const PushKey = z
  .object({ public_key: z.string().describe("the service's VAPID public key (base64url, 65 bytes): the browser's applicationServerKey") })
  .meta({ id: 'PushKey' });

export const PushSubscribeBody = z
  .strictObject({
    endpoint: z
      .string()
      .min(1)
      .max(MAX_URL_LENGTH)
      .describe(
        "the push service's URL for this browser: https to a public host; private, loopback and link-local addresses are refused unless the server sets OUTBOUND_ALLOW_PRIVATE=1",
      ),
    keys: z.strictObject({
      p256dh: z
        .string()
        .max(200)
        .refine(isP256Point, { message: 'must be the base64url of a 65-byte uncompressed P-256 public key (as the browser gives it)' })
        .describe("the browser's P-256 public key, base64url (65 bytes, uncompressed)"),
      auth: z
        .string()
        .max(100)
        .refine((s) => base64urlBytes(s)?.length === 16, { message: 'must be the base64url of 16 bytes (as the browser gives it)' })
        .describe("the browser's authentication secret, base64url (16 bytes)"),
    }),
    expirationTime: z.number().nullish().describe('as the browser gives it; not used'),
  })
  .meta({ id: 'PushSubscribeRequest' });
export type PushSubscribeInput = z.infer<typeof PushSubscribeBody>;

const PushSubscriptionCreated = z
  .object({
    id: z.string(),
    endpoint_host: z.string().describe("the push service's host (the endpoint's path identifies the browser and is not shown)"),
    created_at: z.string().describe('ISO 8601 (UTC)'),
  })
  .meta({ id: 'PushSubscriptionCreated' });

export const PushSubscribed = z.object({ subscription: PushSubscriptionCreated }).meta({ id: 'PushSubscribed' });

export const PushSubscriptionInfo = z
  .object({
    id: z.string(),
    endpoint_host: z.string().describe("the push service's host (the endpoint's path identifies the browser and is not shown)"),
    user_agent: z.string().nullable().describe('the browser that subscribed, as it named itself; null when it sent no User-Agent'),
    created_at: z.string().describe('ISO 8601 (UTC)'),
  })
  .meta({ id: 'PushSubscription' });

export const PushSubscriptionList = z
  .object({ subscriptions: z.array(PushSubscriptionInfo).describe("the caller's own subscriptions, oldest first") })
  .meta({ id: 'PushSubscriptionList' });

export const PushUnsubscribeBody = z
  .strictObject({ endpoint: z.string().min(1).max(MAX_URL_LENGTH).describe('the endpoint of the subscription to remove (PushSubscription.endpoint)') })
  .meta({ id: 'PushUnsubscribeRequest' });

export const PushUnsubscribed = z
  .object({ status: z.literal('ok'), removed: z.number().int().min(0).max(1).describe('1 when one of your subscriptions had this endpoint, else 0') })
  .meta({ id: 'PushUnsubscribed' });

export const PushTestSent = z
  .object({ status: z.literal('ok'), devices: z.number().int().min(1).describe('how many of your subscriptions a test notification was queued for') })
  .meta({ id: 'PushTestSent' });
