// The log a question is answered from: the child's events up to now, its sleep spans, and the
// clock its days and times are read on.
import type { AnswerContext } from './types.ts';
import type { Log } from './summaries.ts';
import { sleepSpans } from './facts.ts';
import { firstName } from './text.ts';
import { zoneAfter } from '../zone-now.ts';

export function answerLog(ctx: AnswerContext): Log {
  // Events after `now` cannot exist (the API rejects them), but a caller's clock may differ.
  const events = ctx.events.filter((e) => e.at <= ctx.now);
  return {
    // A sleep logged without a zone of its own is night or day on the family's clock (facts.ts).
    events, spans: sleepSpans(events, ctx.now, ctx.profile.timezone), zone: hereZone(ctx), units: ctx.profile.units, now: ctx.now,
    name: firstName(ctx.profile.baby_name), region: ctx.profile.region, recipes: ctx.recipes ?? [], insights: ctx.insights ?? {},
    profile: ctx.profile, notes: ctx.notes, history: ctx.history,
  };
}

/**
 * The zone answers read "today", "yesterday", "last night" and clock times in: where the baby
 * is now, by live status's own rule (../zone-now.ts: the zone of the most recent log of the
 * last 48 hours unless the family set its zone since; otherwise the family's), so a family
 * logging in Los Angeles hears of its Los Angeles evening, as the live card shows it.
 */
export function hereZone(ctx: AnswerContext): string {
  let last: AnswerContext['events'][number] | null = null;
  for (const e of ctx.events) if (e.at <= ctx.now && (last === null || e.at >= last.at)) last = e;
  return zoneAfter(last, ctx.profile, ctx.now);
}
