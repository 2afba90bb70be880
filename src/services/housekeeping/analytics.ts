// Product analytics (inbound, anonymous). Only allowlisted event names and property keys are
// kept, values are short, and nothing that could identify a person (emails, long free text)
// is stored; no family or user id is recorded.
import type { Ctx } from '../context.ts';
import { badRequest } from '../../errors.ts';
import { bumpCounter } from '../access/counters.ts';
import { tooMany } from '../access/throttle.ts';
import { t } from '../../i18n/text.ts';

/** Anonymous writes: at most this many analytics events per client address a minute. */
export const ANALYTICS_PER_MINUTE = 120;

export const ANALYTICS_EVENTS = [
  'app_open',
  'page_view',
  'signup_started',
  'signup_completed',
  'login',
  'log_created',
  'undo_used',
  'invite_created',
  'invite_accepted',
  'token_created',
  'ask_used',
  'night_mode_toggled',
  'pwa_installed',
  'offline_log_queued',
  'export_downloaded',
] as const;

export const ANALYTICS_PROP_KEYS = ['page', 'type', 'source', 'medium', 'campaign', 'variant', 'theme', 'platform'] as const;

const LOOKS_PERSONAL = /@|\d{6,}|https?:\/\//i;

export async function recordAnalytics(ctx: Ctx, name: string, props: Record<string, string> | null | undefined, ip: string) {
  const used = await bumpCounter(ctx, `analytics:ip:${ip}`, 60_000);
  if (used.count > ANALYTICS_PER_MINUTE) throw tooMany(used.resetInMs);
  if (!(ANALYTICS_EVENTS as readonly string[]).includes(name)) {
    throw badRequest(t('error.unknown_analytics_event', { name, accepted: ANALYTICS_EVENTS.join(', ') }), 'unknown_event');
  }
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(props ?? {})) {
    if (!(ANALYTICS_PROP_KEYS as readonly string[]).includes(k)) continue;
    if (v.length > 64 || LOOKS_PERSONAL.test(v)) continue;
    kept[k] = v;
  }
  await ctx.db.kysely.insertInto('analytics_events').values({ name, props: JSON.stringify(kept), created_at: ctx.clock() }).execute();
  return { ok: true as const };
}
