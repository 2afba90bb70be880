// Texts kept for later as JSON (issue 39): an answer stored under an idempotency key is replayed
// to a retry, which may come in another language than the first call (a phone whose language
// changed, an MCP client after the app). Written by JSON.stringify, a Text becomes its English
// (Text.toJSON); kept with keepTexts, it stays a message key and its values, and reviveTexts
// makes it a Text again, rendered in the reader's words like any fresh answer. Anything else is
// the JSON it always was, so rows stored before this read back as they were.
import { DurationOf, QuantityOf, Text, TimeOf, type TextValue } from './text.ts';

// A key no answer has: JSON object keys from the service are plain words.
const TAG = '\u0000text';

type Kept =
  | { [TAG]: 'text'; key: Text['key']; values: Record<string, TextValue> }
  | { [TAG]: 'time'; local: string }
  | { [TAG]: 'duration'; minutes: number }
  | { [TAG]: 'quantity'; value: number; unit: QuantityOf['unit']; digits: number };

/** JSON.stringify, keeping each Text (and its values) revivable. */
export function keepTexts(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, k: string, v: unknown) {
    // The replacer sees what toJSON made of a Text (its English); the holder still has the Text.
    const own = this[k];
    if (own instanceof Text) return { [TAG]: 'text', key: own.key, values: own.values };
    if (own instanceof TimeOf) return { [TAG]: 'time', local: own.local };
    if (own instanceof DurationOf) return { [TAG]: 'duration', minutes: own.minutes };
    if (own instanceof QuantityOf) return { [TAG]: 'quantity', value: own.value, unit: own.unit, digits: own.digits };
    return v;
  });
}

/** JSON.parse, making kept Texts Texts again (inner values first: the reviver works upwards). */
export function reviveTexts(json: string): unknown {
  return JSON.parse(json, (_k, v: unknown) => {
    if (v === null || typeof v !== 'object' || !(TAG in v)) return v;
    const kept = v as Kept;
    switch (kept[TAG]) {
      case 'text':
        return new Text(kept.key, kept.values);
      case 'time':
        return new TimeOf(kept.local);
      case 'duration':
        return new DurationOf(kept.minutes);
      case 'quantity':
        return new QuantityOf(kept.value, kept.unit, kept.digits);
      default:
        return v;
    }
  });
}
