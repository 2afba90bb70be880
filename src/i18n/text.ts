// A text the service writes for a person, before it is put into words: a message key of the
// catalogues (catalogues/<namespace>/<language>.json, ICU MessageFormat) and its values. The
// rules that decide what to say (live status, warnings, errors) return Texts and stay free of
// any language; the edge that answers a person renders them in that person's language
// (Words, below; localise.ts). A Text that reaches JSON without being rendered (the MCP connector,
// webhooks, logs: English on purpose, docs/languages.md) is written in English by toJSON.
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUES, type MessageKey } from './catalogues/index.ts';
import type { Catalogue, HourCycle } from './languages.ts';

/** A clock time, shown in the reader's hour cycle: "19:15", "7:15 PM". */
export class TimeOf {
  /** `local`: "HH:MM" or a local timestamp "YYYY-MM-DDTHH:MM[:SS]" (its clock part is shown). */
  constructor(readonly local: string) {}
}

/** A duration in minutes, shown in the reader's words: "1 h 20 min", "1 Std. 20 Min.". */
export class DurationOf {
  constructor(readonly minutes: number) {}
}

/** A measured number with its unit, shown with the reader's decimal mark: "38,2 °C". */
export class QuantityOf {
  constructor(
    readonly value: number,
    // Units Intl formats everywhere (ECMA-402's sanctioned units): no milligram or microgram,
    // which a message words itself ("{mg, number} mg").
    readonly unit: 'celsius' | 'fahrenheit' | 'milliliter' | 'fluid-ounce' | 'gram' | 'kilogram' | 'ounce' | 'pound' | 'centimeter' | 'inch',
    /** the most fraction digits shown */
    readonly digits = 1,
  ) {}
}

export type TextValue = string | number | Text | TimeOf | DurationOf | QuantityOf;
export type TextValues = Readonly<Record<string, TextValue>>;

export class Text {
  constructor(
    readonly key: MessageKey,
    readonly values: TextValues = {},
  ) {}

  /** English, for whatever serialises a Text without a reader's language (see above). */
  toJSON(): string {
    return ENGLISH.render(this);
  }

  toString(): string {
    return ENGLISH.render(this);
  }
}

/** `t('live.next_sleep_bedtime', { time: at('19:15') })`. */
export function t(key: MessageKey, values?: TextValues): Text {
  return new Text(key, values);
}
export const at = (local: string) => new TimeOf(local);
export const minutes = (n: number) => new DurationOf(n);
export const quantity = (value: number, unit: QuantityOf['unit'], digits?: number) => new QuantityOf(value, unit, digits);


export function isText(v: unknown): v is Text {
  return v instanceof Text;
}

// Texts put into one reader's words: their catalogue (language, and for English the family's
// region), their hour cycle, their decimal mark. Messages are compiled once per catalogue and
// key, at their first use; a Words is made once per catalogue and hour cycle and kept.

/** The BCP 47 locale each catalogue formats dates and numbers with. */
const LOCALE: Readonly<Record<Catalogue, string>> = {
  'en-GB': 'en-GB', 'en-US': 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL', 'pt-BR': 'pt-BR', pl: 'pl-PL', sv: 'sv-SE',
};

/** The hour cycle a language's readers expect when they have not chosen one. */
export function usualHourCycle(catalogue: Catalogue): HourCycle {
  return catalogue === 'en-US' ? 'h12' : 'h23';
}

/** Rendered messages one Words keeps (a few hundred kB at most). */
const RENDERED_KEPT = 2000;

export class Words {
  readonly locale: string;
  readonly hourCycle: HourCycle;
  private readonly compiled = new Map<string, IntlMessageFormat>();
  // Rendered messages by key and values, and clock times by "HH:MM": a family's answers say the
  // same things again and again (a log's answer renders its whole live status afresh), and
  // formatting a message costs far more than finding it (issue 39: a log's CPU). Bounded: a
  // full cache starts again.
  private readonly rendered = new Map<string, string>();
  private readonly times = new Map<string, string>();
  private readonly timeFormat: Intl.DateTimeFormat;
  private readonly quantityFormats = new Map<string, Intl.NumberFormat>();

  constructor(
    readonly catalogue: Catalogue,
    hourCycle: HourCycle | null = null,
  ) {
    this.locale = LOCALE[catalogue];
    this.hourCycle = hourCycle ?? usualHourCycle(catalogue);
    // A 24-hour clock writes the hour with two digits ("09:30"), a 12-hour one without ("9:30 AM").
    const hour = this.hourCycle === 'h23' ? '2-digit' : 'numeric';
    this.timeFormat = new Intl.DateTimeFormat(this.locale, { hour, minute: '2-digit', hourCycle: this.hourCycle, timeZone: 'UTC' });
  }

  /** An identity for caches of rendered answers. */
  get id(): string {
    return `${this.catalogue}/${this.hourCycle}`;
  }

  render(text: Text): string {
    const values: Record<string, string | number> = {};
    let id: string = text.key;
    for (const name in text.values) {
      const v = this.value(text.values[name]!);
      values[name] = v;
      id += `\u0000${name}\u0001${typeof v === 'number' ? 'n' : 's'}${v}`;
    }
    let out = this.rendered.get(id);
    if (out === undefined) {
      out = String(this.message(text.key).format(values));
      if (this.rendered.size >= RENDERED_KEPT) this.rendered.clear();
      this.rendered.set(id, out);
    }
    return out;
  }

  /** A clock time: "HH:MM" or the clock part of a local timestamp. */
  time(local: string): string {
    const hm = local.length > 5 ? local.slice(11, 16) : local;
    let out = this.times.get(hm);
    if (out === undefined) {
      const h = Number(hm.slice(0, 2));
      const m = Number(hm.slice(3, 5));
      out = this.timeFormat.format(Date.UTC(2000, 0, 1, h, m));
      if (this.times.size >= 1440) this.times.clear();
      this.times.set(hm, out);
    }
    return out;
  }

  duration(total: number): string {
    const m = Math.max(0, Math.round(total));
    const h = Math.floor(m / 60);
    const r = m % 60;
    if (h === 0) return this.render(new Text('common.duration_min', { m: r }));
    return this.render(r === 0 ? new Text('common.duration_h', { h }) : new Text('common.duration_h_min', { h, m: r }));
  }

  quantity(q: QuantityOf): string {
    const key = `${q.unit}/${q.digits}`;
    let f = this.quantityFormats.get(key);
    if (!f) {
      f = new Intl.NumberFormat(this.locale, { style: 'unit', unit: q.unit, unitDisplay: 'short', maximumFractionDigits: q.digits });
      this.quantityFormats.set(key, f);
    }
    return f.format(q.value);
  }

  private value(v: TextValue): string | number {
    if (typeof v === 'string' || typeof v === 'number') return v;
    if (v instanceof Text) return this.render(v);
    if (v instanceof TimeOf) return this.time(v.local);
    if (v instanceof DurationOf) return this.duration(v.minutes);
    return this.quantity(v);
  }

  private message(key: MessageKey): IntlMessageFormat {
    let m = this.compiled.get(key);
    if (!m) {
      m = new IntlMessageFormat(messageText(this.catalogue, key), this.locale);
      this.compiled.set(key, m);
    }
    return m;
  }
}

/** A catalogue's message; American English falls back to British for the words they share. */
function messageText(catalogue: Catalogue, key: MessageKey): string {
  return CATALOGUES[catalogue][key] ?? CATALOGUES['en-GB'][key] ?? key;
}

const made = new Map<string, Words>();

/** The Words for a catalogue and hour cycle (null: the language's usual), made once. */
export function wordsFor(catalogue: Catalogue, hourCycle: HourCycle | null = null): Words {
  const id = `${catalogue}/${hourCycle ?? usualHourCycle(catalogue)}`;
  let w = made.get(id);
  if (!w) {
    w = new Words(catalogue, hourCycle);
    made.set(id, w);
  }
  return w;
}

/** English as the API's own texts are written (docs/languages.md: what stays English). */
export const ENGLISH = wordsFor('en-GB');
