// The app's phone-zone rules (web/src/lib/zone.ts): a log made abroad is sent on the phone's
// clock with its zone, and read back on the family's clock; the notice names the zones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clocksDiffer, offsetMinutes, placeName, reZone, shownTs, utcLabel, zonedToMs, zoneWithOffset } from '../../web/src/lib/zone.ts';

const JAN = Date.UTC(2026, 0, 15, 12);
const JUL = Date.UTC(2026, 6, 15, 12);

test('offsets follow each zone’s own clock changes', () => {
  assert.equal(offsetMinutes('Europe/London', JAN), 0);
  assert.equal(offsetMinutes('Europe/London', JUL), 60);
  assert.equal(offsetMinutes('America/New_York', JAN), -300);
  assert.equal(offsetMinutes('America/New_York', JUL), -240);
  assert.equal(offsetMinutes('Asia/Kolkata', JAN), 330);
});

test('a local time is one instant: 03:10 in New York is 08:10 in London in January, 08:10 on the 15th', () => {
  assert.equal(zonedToMs('2026-01-15T03:10:00', 'America/New_York'), Date.UTC(2026, 0, 15, 8, 10));
  assert.equal(reZone('2026-01-15T03:10:00', 'America/New_York', 'Europe/London'), '2026-01-15T08:10:00');
  // Across a date line: 21:30 in Los Angeles on the 14th is 05:30 in London on the 15th.
  assert.equal(reZone('2026-01-14T21:30:00', 'America/Los_Angeles', 'Europe/London'), '2026-01-15T05:30:00');
  // Summer time on both sides, and either side of a clock change.
  assert.equal(reZone('2026-07-15T03:10:00', 'America/New_York', 'Europe/London'), '2026-07-15T08:10:00');
  assert.equal(zonedToMs('2026-03-29T00:30:00', 'Europe/London'), Date.UTC(2026, 2, 29, 0, 30));
  assert.equal(zonedToMs('2026-03-29T02:30:00', 'Europe/London'), Date.UTC(2026, 2, 29, 1, 30));
  assert.equal(reZone('2026-07-15T03:10:00', 'Europe/London', 'Europe/London'), '2026-07-15T03:10:00');
});

test('a queued log is shown on the family’s clock; one without a zone (older app) as it is', () => {
  assert.equal(shownTs({ ts: '2026-01-15T03:10:00', timezone: 'America/New_York' }, 'Europe/London'), '2026-01-15T08:10:00');
  assert.equal(shownTs({ ts: '2026-01-15T03:10:00', timezone: 'Europe/London' }, 'Europe/London'), '2026-01-15T03:10:00');
  assert.equal(shownTs({ ts: '2026-01-15T03:10:00' }, 'Europe/London'), '2026-01-15T03:10:00');
});

test('the notice names the zones as a parent would', () => {
  assert.equal(placeName('America/New_York'), 'New York');
  assert.equal(placeName('America/Argentina/Buenos_Aires'), 'Buenos Aires');
  assert.equal(placeName('Europe/London'), 'London');
  assert.equal(placeName('UTC'), 'UTC');
  assert.equal(utcLabel(-300), 'UTC\u22125');
  assert.equal(utcLabel(330), 'UTC+5:30');
  assert.equal(utcLabel(60), 'UTC+1');
  assert.equal(utcLabel(0), 'UTC');
  assert.equal(zoneWithOffset('America/New_York', JAN), 'New York time (UTC\u22125)');
});

test('only clocks that read differently are different: Paris and Berlin are one clock', () => {
  assert.equal(clocksDiffer('Europe/Paris', 'Europe/Berlin', JAN), false);
  assert.equal(clocksDiffer('America/New_York', 'Europe/London', JAN), true);
  assert.equal(clocksDiffer('Europe/London', 'Europe/London', JAN), false);
  // Phoenix keeps standard time: Denver's clock in winter, an hour apart in summer.
  assert.equal(clocksDiffer('America/Phoenix', 'America/Denver', JAN), false);
  assert.equal(clocksDiffer('America/Phoenix', 'America/Denver', JUL), true);
});
