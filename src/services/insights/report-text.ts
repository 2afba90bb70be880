// The printable report's words (issue 39): its title, headings, column names and every figure
// as the page prints it, in the words of the caregiver who asked for it (their saved language,
// else their browser's; their clock; their decimal mark: "38,2 °C", "7,1 kg"). The report's
// data stays as it is (numbers, codes, family-local timestamps); this is the same report put
// into sentences, so the page prints what it is given and holds no English of its own.
import { quantity, t, type TextValues, type Words } from '../../i18n/text.ts';
import type { MessageKey } from '../../i18n/catalogues/index.ts';
import type { ReportDay } from './report-day.ts';

/** What of the report the words are made from (buildReport's answer without them). */
export interface ReportFacts {
  baby_name: string;
  dob: string;
  from: string;
  to: string;
  generated_at: string;
  days: ReportDay[];
  totals: { bottle_ml: number; breastfeed_count: number; breastfeed_minutes: number; sleep_minutes: number };
  growth: { measurements: { ts: string; type: 'weight' | 'length' | 'head_circumference'; value: number; unit: string; percentile: number | null }[] };
  solids: {
    new_foods: { food: string; first_ts: string; allergens: string[] }[];
    new_allergens: { name: string; first_ts: string; food: string }[];
  };
  notes: { ts: string; note: string }[];
}

interface Formats {
  date: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  number: Intl.NumberFormat;
  list: Intl.ListFormat;
}
const formats = new Map<string, Formats>();

function formatsOf(locale: string): Formats {
  let f = formats.get(locale);
  if (!f) {
    // Dates are family-local calendar days: formatted as UTC so no zone moves them.
    f = {
      date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
      number: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }),
      list: new Intl.ListFormat(locale, { type: 'unit', style: 'short' }),
    };
    formats.set(locale, f);
  }
  return f;
}

const MEASURE_KEY = { weight: 'report.measure_weight', length: 'report.measure_length', head_circumference: 'report.measure_head_circumference' } as const;
const CHART_KEY = { weight: 'report.chart_weight', length: 'report.chart_length', head_circumference: 'report.chart_head_circumference' } as const;

export function reportText(r: ReportFacts, words: Words) {
  const f = formatsOf(words.locale);
  const say = (key: MessageKey, values?: TextValues) => words.render(t(key, values));
  const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const date = (ts: string) => f.date.format(utc(ts));
  const time = (ts: string) => words.time(ts);
  const ml = (n: number) => words.quantity(quantity(n, 'milliliter', 0));
  const range = say('report.range', { from: date(r.from), to: date(r.to) });
  const breastfeeds = (count: number, minutes: number) => say('report.breastfeeds', { count, minutes });
  return {
    /** the BCP 47 locale these words are in: for what the page draws itself (a chart's axis figures) */
    locale: words.locale,
    title: say('report.title', { name: r.baby_name, range }),
    running_head: say('report.running_head', { name: r.baby_name, dob: date(r.dob), range }),
    intro: say('report.intro', { days: r.days.length, date: date(r.generated_at), time: time(r.generated_at) }),
    headings: {
      days: say('report.heading_days'),
      health: say('report.heading_health'),
      growth: say('report.heading_growth'),
      solids: say('report.heading_solids'),
      notes: say('report.heading_notes'),
    },
    columns: {
      day: say('report.col_day'),
      feeds: say('report.col_feeds'),
      bottles: say('report.col_bottles'),
      breastfeeds: say('report.col_breastfeeds'),
      sleep: say('report.col_sleep'),
      longest_sleep: say('report.col_longest_sleep'),
      wet: say('report.col_wet'),
      dirty: say('report.col_dirty'),
      total: say('report.col_total'),
      temperatures: say('report.col_temperatures'),
      medicines: say('report.col_medicines'),
      milestones: say('report.col_milestones'),
      date: say('report.col_date'),
      measure: say('report.col_measure'),
      value: say('report.col_value'),
      centile: say('report.col_centile'),
    },
    empty: {
      health: say('report.empty_health'),
      growth: say('report.empty_growth', { date: date(r.to) }),
      solids: say('report.empty_solids'),
      notes: say('report.empty_notes'),
    },
    measures: { weight: say(MEASURE_KEY.weight), length: say(MEASURE_KEY.length), head_circumference: say(MEASURE_KEY.head_circumference) },
    charts: {
      weight: say(CHART_KEY.weight),
      length: say(CHART_KEY.length),
      head_circumference: say(CHART_KEY.head_circumference),
      axis: say('report.chart_axis'),
    },
    days: r.days.map((d) => ({
      date: d.date,
      label: f.day.format(utc(d.date)),
      bottles: say('report.bottles', { count: d.feeds.bottle_count, amount: ml(d.feeds.bottle_ml) }),
      breastfeeds: breastfeeds(d.feeds.breastfeed_count, d.feeds.breastfeed_minutes),
      sleep: words.duration(d.sleep.total_minutes),
      longest_sleep: words.duration(d.sleep.longest_minutes),
      temperatures: d.temperatures.map((x) =>
        say('report.temperature', {
          time: time(x.ts),
          celsius: quantity(x.celsius, 'celsius'),
          fahrenheit: quantity(x.fahrenheit, 'fahrenheit'),
          method: x.method ?? 'none',
        }),
      ),
      medicines: d.medicines.map((x) =>
        x.amount !== null && x.unit !== null
          ? say('report.medicine_dose', { time: time(x.ts), medicine: x.medicine, amount: x.amount, unit: x.unit, author: x.author })
          : say('report.medicine', { time: time(x.ts), medicine: x.medicine, author: x.author }),
      ),
    })),
    totals: {
      bottles: ml(r.totals.bottle_ml),
      breastfeeds: breastfeeds(r.totals.breastfeed_count, r.totals.breastfeed_minutes),
      sleep: words.duration(r.totals.sleep_minutes),
    },
    measurements: r.growth.measurements.map((m) => ({
      date: date(m.ts),
      measure: say(MEASURE_KEY[m.type]),
      value: words.quantity(quantity(m.value, m.unit === 'kg' ? 'kilogram' : 'centimeter', m.unit === 'kg' ? 3 : 1)),
      centile: m.percentile === null ? '—' : f.number.format(m.percentile),
    })),
    new_foods: r.solids.new_foods.map((x) =>
      x.allergens.length
        ? say('report.new_food_allergens', { date: date(x.first_ts), food: x.food, allergens: f.list.format(x.allergens) })
        : say('report.new_food', { date: date(x.first_ts), food: x.food }),
    ),
    allergens: r.solids.new_allergens.length
      ? say('report.allergens_first', {
          count: r.solids.new_allergens.length,
          list: r.solids.new_allergens.map((a) => say('report.allergen_first', { name: a.name, date: date(a.first_ts), food: a.food })).join('; '),
        })
      : null,
    notes: r.notes.map((n) => say('report.note', { date: date(n.ts), time: time(n.ts), note: n.note })),
  };
}
