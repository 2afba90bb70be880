// Building TimedEvents for unit tests of the pure rules: one factory, so every test makes
// events the same way the services do (ts in the family zone, `at` its instant).
import type { EventType, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';

let seq = 0;

/** An event of `type` at local time `ts` in `zone`, with a fresh 8-hex id; `extra` overrides fields. */
export function makeEvent(zone: string, type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent {
  seq += 1;
  return {
    id: seq.toString(16).padStart(8, '0'),
    ts,
    type,
    author: 'app',
    ml: null,
    kind: null,
    foods: null,
    meal_type: null,
    kg: null,
    cm: null,
    ug: null,
    note: null,
    reactions: null,
    side: null,
    duration_min: null,
    celsius: null,
    fahrenheit: null,
    method: null,
    medicine: null,
    amount: null,
    unit: null,
    title: null,
    at: localToInstant(ts, zone),
    ...extra,
  };
}
