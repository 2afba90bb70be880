// Feed details a window summary leaves out: bottles counted apart from breastfeeds ("how many
// bottles yesterday?"), the biggest or smallest bottle, and the last bottle when the last feed
// was a breastfeed. Pure functions of the log.
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import type { Period } from './periods.ts';
import { periodText } from './summaries.ts';
import { inWindow, latestOf } from './facts.ts';
import { ago, ml, plural, when } from './format.ts';
import { instantToLocalFast } from '../zone-clock.ts';

const BIGGEST = /\b(biggest|largest|most|smallest|least|fullest)\b[^.]*\b(bottles?|feeds?)\b|\b(bottles?|feeds?)\b[^.]*\b(biggest|largest|smallest)\b/;

/** "How many bottles …?", "what was her biggest bottle …?"; null when the question is neither. */
export function feedDetailReply(q: string, log: Log, p: Period): Reply | null {
  const name = log.name;
  const when_ = periodText(p);
  const milk = inWindow(log.events, p, 'milk');
  const bottles = milk.filter((e) => (e.ml ?? 0) > 0);
  const breast = milk.length - bottles.length;
  const total = bottles.reduce((t, e) => t + (e.ml ?? 0), 0);
  const figures = { period: p.label, bottles: bottles.length, milk_ml: total, breastfeeds: breast, feeds: milk.length };
  const m = q.match(BIGGEST);
  if (m) {
    if (bottles.length === 0) return { answer: `No bottle volumes are logged for ${name} ${when_}.`, figures };
    const small = /\b(smallest|least)\b/.test(m[0]);
    const pick = bottles.reduce((b, e) => ((small ? (e.ml ?? 0) < (b.ml ?? 0) : (e.ml ?? 0) > (b.ml ?? 0)) ? e : b));
    return {
      answer: `${name}'s ${small ? 'smallest' : 'biggest'} bottle ${when_} was ${ml(pick.ml ?? 0, log.units)}, ${when(pick.at, log.now, log.zone)} (${plural(bottles.length, 'bottle')} logged with a volume).`,
      figures: { ...figures, [small ? 'smallest_ml' : 'largest_ml']: pick.ml ?? 0, at: instantToLocalFast(pick.at, log.zone) },
    };
  }
  if (/\bhow many bottles\b/.test(q)) {
    const also = breast > 0 ? `, plus ${plural(breast, 'breastfeed')} with no volume logged` : '';
    const answer = bottles.length === 0 && breast === 0
      ? `No feeds are logged for ${name} ${when_}.`
      : `${name} had ${plural(bottles.length, 'bottle')} ${when_}, ${ml(total, log.units)} in total${also}.`;
    return { answer, figures };
  }
  return null;
}

/** "When was her last bottle?" when the last feed was a breastfeed: name the last bottle too. */
export function lastBottleReply(log: Log): Reply | null {
  const lastFeed = latestOf(log.events, (e) => e.type === 'milk', log.now);
  const lastBottle = latestOf(log.events, (e) => e.type === 'milk' && (e.ml ?? 0) > 0, log.now);
  if (!lastFeed || !lastBottle || lastFeed === lastBottle) return null;
  return {
    answer: `${log.name}'s last bottle was ${when(lastBottle.at, log.now, log.zone)}, ${ago(lastBottle.at, log.now)}, ${ml(lastBottle.ml ?? 0, log.units)}. ` +
      `The last feed of any kind was a breastfeed ${when(lastFeed.at, log.now, log.zone)}.`,
    figures: { last_at: instantToLocalFast(lastBottle.at, log.zone), ml: lastBottle.ml ?? 0, last_feed_at: instantToLocalFast(lastFeed.at, log.zone) },
  };
}
