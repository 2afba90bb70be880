// Age bands and the population guidance each one carries. Every number here is guidance for
// "within the usual range" wording, never a diagnosis. Sources are in
// /work/shared/domain-facts.md (section numbers below) and are repeated in plain words in
// docs/insights.md. "(M)" marks a value that is our own choice or from memory, not a source.
import { ageAt } from './time.ts';

export type AgeBandId =
  | 'newborn' | '2mo' | '3mo' | '4mo' | '5-6mo' | '7-10mo' | '11-12mo' | '13-18mo' | '18-24mo' | '2y+';

export interface Range {
  min: number;
  max: number;
}

export interface AgeBand {
  id: AgeBandId;
  label: string;
  /** Band covers ages from this many months (30.4375-day months, as WHO anthro) … */
  fromMonths: number;
  /** … up to, but not including, this many months (Infinity for the last band). */
  toMonths: number;
  /** Typical gap between milk feeds, start to start, in hours. */
  feedIntervalHours: number;
  /** Popular wake-window guidance in minutes (not a clinical standard, domain-facts §2). */
  wakeWindowMinutes: Range;
  /** Naps per day. */
  napsPerDay: Range;
  /** Total sleep per 24 hours, naps included, in hours. */
  totalSleepHours: Range;
  /** Fallback bedtime, local HH:MM, used until the family's own bedtimes are known. */
  typicalBedtime: string;
  /** Usual number of dirty nappies (stools) per day. */
  stoolsPerDay: Range;
  /** Night feeds are still common, so a due feed during night sleep reads as a dream feed. */
  nightFeedsCommon: boolean;
}

// Feed intervals (domain-facts §1): AAP "every 3–4 h" in the first weeks and "about every 4 h"
// by the end of month 1; breastfed newborns every 2–3 h (NCT/NHS) → 3 h for newborns.
// CHOP: 5–6 feeds a day at 2–5 months → 3.5–4 h. AAP at 6 months: 4–5 feeds in 24 h → 4 h.
// From 7 months solids take over meals, so the gap between milk feeds widens (M: 4.5–6 h).
//
// Wake windows and naps (§2): summerhealth.com / littleventureco.com chart for 0–12 months and
// "13–18 mo 1–2 naps, 18–24 mo 1 nap". Wake windows from 13 months (M): common blog values.
// Naps at 2 y+: fewer than 2.5% stop before 2, 94% have stopped by 5 (Staton 2020) → 0–1.
//
// Total sleep (§2): NSF 14–17 h for 0–3 months; AASM 12–16 h for 4–12 months and 11–14 h for
// 1–2 years (Paruthi 2016); AASM 10–13 h for 3–5 years (used from 3 years, see below).
//
// Bedtimes (M): mean bedtimes of 0–36-month-olds range 19:27–22:17 across countries (Mindell
// 2010); we start newborns late (they have no settled bedtime yet) and settle at 19:30.
//
// Stools (§3): LLL 2–5 a day to about 6 weeks; Moretti 2019 month 2 means 3.2 (breastfed) and
// 1.6 (formula); Weaver 1988 about 2 a day by 16 weeks. Later bands (M): 1–2 a day once solids
// are established; the "fewer than usual" wording only uses the lower bound loosely.
export const AGE_BANDS: readonly AgeBand[] = [
  {
    id: 'newborn', label: 'newborn (0–1 month)', fromMonths: 0, toMonths: 2,
    feedIntervalHours: 3, wakeWindowMinutes: { min: 30, max: 60 }, napsPerDay: { min: 4, max: 6 },
    totalSleepHours: { min: 14, max: 17 }, typicalBedtime: '21:00', stoolsPerDay: { min: 2, max: 5 },
    nightFeedsCommon: true,
  },
  {
    id: '2mo', label: '2 months', fromMonths: 2, toMonths: 3,
    feedIntervalHours: 3.5, wakeWindowMinutes: { min: 60, max: 90 }, napsPerDay: { min: 4, max: 5 },
    totalSleepHours: { min: 14, max: 17 }, typicalBedtime: '20:30', stoolsPerDay: { min: 1, max: 4 },
    nightFeedsCommon: true,
  },
  {
    id: '3mo', label: '3 months', fromMonths: 3, toMonths: 4,
    feedIntervalHours: 3.5, wakeWindowMinutes: { min: 75, max: 120 }, napsPerDay: { min: 4, max: 5 },
    totalSleepHours: { min: 14, max: 17 }, typicalBedtime: '20:00', stoolsPerDay: { min: 1, max: 3 },
    nightFeedsCommon: true,
  },
  {
    id: '4mo', label: '4 months', fromMonths: 4, toMonths: 5,
    feedIntervalHours: 4, wakeWindowMinutes: { min: 90, max: 120 }, napsPerDay: { min: 3, max: 4 },
    totalSleepHours: { min: 12, max: 16 }, typicalBedtime: '19:30', stoolsPerDay: { min: 1, max: 3 },
    nightFeedsCommon: true,
  },
  {
    id: '5-6mo', label: '5–6 months', fromMonths: 5, toMonths: 7,
    feedIntervalHours: 4, wakeWindowMinutes: { min: 120, max: 180 }, napsPerDay: { min: 3, max: 4 },
    totalSleepHours: { min: 12, max: 16 }, typicalBedtime: '19:30', stoolsPerDay: { min: 1, max: 3 },
    nightFeedsCommon: true,
  },
  {
    id: '7-10mo', label: '7–10 months', fromMonths: 7, toMonths: 11,
    feedIntervalHours: 4.5, wakeWindowMinutes: { min: 150, max: 210 }, napsPerDay: { min: 2, max: 3 },
    totalSleepHours: { min: 12, max: 16 }, typicalBedtime: '19:30', stoolsPerDay: { min: 1, max: 3 },
    nightFeedsCommon: true,
  },
  {
    id: '11-12mo', label: '11–12 months', fromMonths: 11, toMonths: 13,
    feedIntervalHours: 5, wakeWindowMinutes: { min: 180, max: 240 }, napsPerDay: { min: 2, max: 2 },
    totalSleepHours: { min: 12, max: 16 }, typicalBedtime: '19:30', stoolsPerDay: { min: 1, max: 3 },
    nightFeedsCommon: false,
  },
  {
    id: '13-18mo', label: '13–18 months', fromMonths: 13, toMonths: 18,
    feedIntervalHours: 5, wakeWindowMinutes: { min: 180, max: 300 }, napsPerDay: { min: 1, max: 2 },
    totalSleepHours: { min: 11, max: 14 }, typicalBedtime: '19:30', stoolsPerDay: { min: 1, max: 2 },
    nightFeedsCommon: false,
  },
  {
    id: '18-24mo', label: '18–24 months', fromMonths: 18, toMonths: 24,
    feedIntervalHours: 6, wakeWindowMinutes: { min: 300, max: 360 }, napsPerDay: { min: 1, max: 1 },
    totalSleepHours: { min: 11, max: 14 }, typicalBedtime: '19:30', stoolsPerDay: { min: 1, max: 2 },
    nightFeedsCommon: false,
  },
  {
    id: '2y+', label: '2 years and over', fromMonths: 24, toMonths: Infinity,
    // AASM: 11–14 h at 1–2 years, 10–13 h at 3–5 years; the band spans both, so 10–14 h.
    feedIntervalHours: 6, wakeWindowMinutes: { min: 300, max: 420 }, napsPerDay: { min: 0, max: 1 },
    totalSleepHours: { min: 10, max: 14 }, typicalBedtime: '19:30', stoolsPerDay: { min: 1, max: 2 },
    nightFeedsCommon: false,
  },
];

/** The band for an age in months (fractional, 30.4375-day months). Negative ages → newborn. */
export function bandForMonths(months: number): AgeBand {
  for (const band of AGE_BANDS) {
    if (months < band.toMonths) return band;
  }
  return AGE_BANDS[AGE_BANDS.length - 1]!;
}

/** The band for a child born on `dob` (YYYY-MM-DD), on the local date `onDate`. */
export function bandFor(dob: string, onDate: string): AgeBand {
  return bandForMonths(ageAt(dob, onDate).months);
}

/** "HH:MM" → minutes after midnight. */
export function hhmmToMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
