// A cached window grown one log at a time (src/services/log/event-window.ts): whenever it is read,
// and however many logs came before, it holds what inserting each event in turn would give,
// and a window once handed out never changes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventWindow, withNewEvents } from '../../src/services/log/event-window.ts';
import type { TimedEvent } from '../../src/domain/types.ts';

const ev = (at: number, id: string): TimedEvent => ({ id, at, ts: String(at), type: 'nappy', kind: 'wet', author: 'a' } as unknown as TimedEvent);

/** The rule by hand: the new event goes after every event at or before its instant. */
function insertOne(events: TimedEvent[], e: TimedEvent): TimedEvent[] {
  let i = events.length;
  while (i > 0 && events[i - 1]!.at > e.at) i--;
  return [...events.slice(0, i), e, ...events.slice(i)];
}

// A small deterministic generator: the same sequences every run, many shapes.
function rng(seed: number) {
  return () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

const ids = (events: TimedEvent[]) => events.map((e) => e.id);

describe('event window', () => {
  test('appends, back-dated events and ties land where one-by-one insertion puts them, whenever it is read', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = rng(seed);
      let expected = Array.from({ length: Math.floor(r() * 20) }, (_, i) => ev(i * 10, `b${i}`));
      let w = EventWindow.of([...expected]);
      const handedOut: [EventWindow, string[]][] = [];
      const logs = Math.floor(r() * 400);
      for (let i = 0; i < logs; i++) {
        // Mostly now (the end), sometimes back-dated, sometimes at an instant already there.
        const last = expected.length ? expected[expected.length - 1]!.at : 0;
        const at = r() < 0.7 ? last + Math.floor(r() * 3) * 10 : Math.floor(r() * (last + 10) / 10) * 10;
        const e = ev(at, `n${i}`);
        expected = insertOne(expected, e);
        w = w.with(e);
        if (r() < 0.1) {
          assert.deepEqual(ids(w.events), ids(expected), `seed ${seed}, log ${i}`);
          handedOut.push([w, ids(expected)]);
        }
      }
      assert.deepEqual(ids(w.events), ids(expected), `seed ${seed}`);
      for (const [old, was] of handedOut) assert.deepEqual(ids(old.events), was, 'a window read earlier changed');
    }
  });

  test('a long unread chain is built along the way and still reads right', () => {
    let w = EventWindow.of([]);
    const all: TimedEvent[] = [];
    for (let i = 0; i < 2_000; i++) {
      const e = ev(i, `e${i}`);
      all.push(e);
      w = w.with(e);
    }
    assert.deepEqual(ids(w.events), ids(all));
  });

  test('an earlier version read after later ones were added holds only its own events', () => {
    const base = EventWindow.of([ev(0, 'a')]);
    const v1 = base.with(ev(5, 'b'));
    const v2 = v1.with(ev(3, 'c'));
    assert.deepEqual(ids(v2.events), ['a', 'c', 'b']);
    assert.deepEqual(ids(v1.events), ['a', 'b']);
    assert.deepEqual(ids(base.events), ['a']);
  });

  test('withNewEvents keeps the window first on ties and new events in logging order', () => {
    const events = [ev(0, 'a'), ev(10, 'b'), ev(10, 'c'), ev(20, 'd')];
    assert.deepEqual(ids(withNewEvents(events, [ev(10, 'x'), ev(10, 'y'), ev(0, 'z')])), ['a', 'z', 'b', 'c', 'x', 'y', 'd']);
    assert.deepEqual(ids(withNewEvents(events, [ev(20, 'x'), ev(30, 'y')])), ['a', 'b', 'c', 'd', 'x', 'y']);
    assert.deepEqual(ids(withNewEvents([], [])), []);
  });
});
