// Today's vitamin D, iron and multivitamin logs, set beside the region's public-health
// guidance (domain-facts §4). Guidance is shown, never prescribed: no dose advice beyond
// quoting what the named body says.
import type { Region, TimedEvent } from './types.ts';
import type { Range } from './age-bands.ts';
import { t, type Text } from '../i18n/text.ts';

export interface SupplementStatus {
  /** At least one entry logged today. */
  given: boolean;
  count_today: number;
  /** Sum of today's `ug` values (entries without a dose count as 0). */
  ug_today: number;
  /** True when the region's guidance applies to this child as logged (age, how they are fed). */
  relevant: boolean;
  /** The guidance's daily amount in µg, or null when there is no routine guidance. */
  guidance_ug: number | null;
  guidance_range_ug: Range | null;
  /** Plain-words guidance with its source, or null. */
  source: Text | null;
}

export interface SupplementLog {
  vitd: SupplementStatus;
  iron: SupplementStatus;
  multivitamin: SupplementStatus;
}

/** UK: no vitamin D drops needed while a baby has more than this much formula a day. */
export const UK_FORMULA_VITD_ML = 500;
/** US (AAP 2008): drops for babies taking less than about 1 litre (32 oz) of formula a day. */
export const US_FORMULA_VITD_ML = 1000;

export interface FeedingPicture {
  /** Any breastfeed (milk with ml 0) in the window. */
  breastfed: boolean;
  /** Every milk log in the window is a breastfeed. */
  exclusivelyBreastfed: boolean;
  /** Bottle millilitres in the 24 hours before now. */
  bottleMl24h: number;
  /** Any milk logged in the window. */
  anyMilk: boolean;
}

export function feedingPicture(sorted: readonly TimedEvent[], now: number): FeedingPicture {
  const milk = sorted.filter((e) => e.type === 'milk');
  const breastfed = milk.some((e) => (e.ml ?? 0) === 0);
  const since = now - 86_400_000;
  const bottleMl24h = milk.filter((e) => e.at > since).reduce((t, e) => t + (e.ml ?? 0), 0);
  return {
    breastfed,
    exclusivelyBreastfed: milk.length > 0 && milk.every((e) => (e.ml ?? 0) === 0),
    bottleMl24h,
    anyMilk: milk.length > 0,
  };
}

function tally(events: readonly TimedEvent[], kind: string): { count: number; ug: number } {
  const list = events.filter((e) => e.type === 'supplement' && e.kind === kind);
  return { count: list.length, ug: list.reduce((t, e) => t + (e.ug ?? 0), 0) };
}

function vitdGuidance(region: Region, ageMonths: number, feeding: FeedingPicture, loggedBefore: boolean) {
  if (ageMonths < 12) {
    const limit = region === 'uk' ? UK_FORMULA_VITD_ML : US_FORMULA_VITD_ML;
    const formulaShort = feeding.anyMilk && !feeding.breastfed && feeding.bottleMl24h < limit;
    // With no milk logged we cannot tell how the baby is fed; a family that logs vitamin D
    // still gets the reminder.
    const relevant = feeding.breastfed || formulaShort || loggedBefore;
    if (region === 'uk') {
      return {
        relevant, guidance_ug: 10, guidance_range_ug: { min: 8.5, max: 10 },
        source: t('live.supplement_vitd_uk_infant'),
      };
    }
    return {
      relevant, guidance_ug: 10, guidance_range_ug: { min: 10, max: 10 },
      source: t('live.supplement_vitd_us_infant'),
    };
  }
  if (region === 'uk' && ageMonths < 60) {
    return {
      relevant: true, guidance_ug: 10, guidance_range_ug: { min: 10, max: 10 },
      source: t('live.supplement_vitd_uk_child'),
    };
  }
  return { relevant: false, guidance_ug: null, guidance_range_ug: null, source: null };
}

function ironGuidance(region: Region, ageMonths: number, feeding: FeedingPicture, kg: number | null) {
  if (region === 'us' && ageMonths >= 4 && ageMonths < 12 && feeding.exclusivelyBreastfed) {
    const perDay = kg === null ? null : Math.round(kg * 1000);
    return {
      relevant: true, guidance_ug: perDay, guidance_range_ug: perDay === null ? null : { min: perDay, max: perDay },
      source: t('live.supplement_iron_us'),
    };
  }
  return {
    relevant: false, guidance_ug: null, guidance_range_ug: null,
    source: region === 'uk'
      ? t('live.supplement_iron_uk')
      : null,
  };
}

/**
 * Builds the supplement log. `todayEvents` are today's (family-local day) events (its
 * supplements are enough), `sorted` the whole window, `kg` the latest weight or null.
 */
export function supplementLog(
  todayEvents: readonly TimedEvent[], sorted: readonly TimedEvent[], region: Region, ageMonths: number,
  kg: number | null, now: number,
): SupplementLog {
  const feeding = feedingPicture(sorted, now);
  const vitdBefore = sorted.some((e) => e.type === 'supplement' && e.kind === 'vitd');
  const entry = (kind: string, g: Omit<SupplementStatus, 'given' | 'count_today' | 'ug_today'>): SupplementStatus => {
    const t = tally(todayEvents, kind);
    return { given: t.count > 0, count_today: t.count, ug_today: t.ug, ...g };
  };
  return {
    vitd: entry('vitd', vitdGuidance(region, ageMonths, feeding, vitdBefore)),
    iron: entry('iron', ironGuidance(region, ageMonths, feeding, kg)),
    multivitamin: entry('multivitamin', { relevant: false, guidance_ug: null, guidance_range_ug: null, source: null }),
  };
}
