// The log a question is answered from: the child's events up to now, its sleep spans, and the
// clock its days and times are read on.
import type { AnswerContext } from './types.ts';
import type { Log } from './summaries.ts';
import { sleepSpans } from './facts.ts';
import { firstName } from './text.ts';

export function answerLog(ctx: AnswerContext): Log {
  const zone = ctx.profile.timezone;
  // Events after `now` cannot exist (the API rejects them), but a caller's clock may differ.
  const events = ctx.events.filter((e) => e.at <= ctx.now);
  return {
    events, spans: sleepSpans(events, ctx.now, zone), zone, units: ctx.profile.units, now: ctx.now, name: firstName(ctx.profile.baby_name),
    region: ctx.profile.region, recipes: ctx.recipes ?? [], insights: ctx.insights ?? {}, profile: ctx.profile, notes: ctx.notes, history: ctx.history,
  };
}
