// A sleep with no wake for longer than a sleep lasts: the live status flags it (`check`,
// kind wake_not_logged; thresholds in docs/insights.md). Sleep answers then say the wake was
// probably not logged, rather than report a 15-hour sleep.
import { localToInstant } from '../time.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { localWhen } from './predictions.ts';
import { duration } from './format.ts';

export function wakeNotLoggedReply(log: Log): Reply | null {
  const c = log.insights?.live?.check;
  if (!c || c.kind !== 'wake_not_logged') return null;
  let sinceText = '';
  try {
    const at = localToInstant(c.since.slice(0, 19), log.zone);
    sinceText = ` at ${localWhen(c.since.slice(0, 19), log)}, ${duration(log.now - at)} ago,`;
  } catch {
    sinceText = '';
  }
  return {
    answer:
      `The log shows ${log.name} going to sleep${sinceText} with no wake logged since: the wake was probably not logged, ` +
      `so I can't say whether ${log.name} is asleep or how long that sleep was. ` +
      `Log the wake with the time ${log.name} really woke and I can answer from it.`,
    figures: { check: c.kind, since: c.since },
  };
}
