// The live rules for the 1.3.0 types, pure: the urgent fever alert by age at the reading and
// its clearing, the last temperature for everyone else, medicines given against the family's
// own settings, tummy time today against WHO's 30 minutes, and pumped ml and per-type counts
// in patterns' daily totals.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeEvent } from '../helpers/events.ts';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { liveStatus } from '../../src/domain/live.ts';
import { urgentThresholdC } from '../../src/domain/live-temperature.ts';
import { tummyTime } from '../../src/domain/live-tummy-time.ts';
import { patterns } from '../../src/domain/patterns.ts';
import { countByType } from '../../src/domain/type-counts.ts';
import { shownFahrenheit } from '../../src/domain/temperature.ts';

const Z = 'Europe/London';
const ev = (type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent => makeEvent(Z, type, ts, extra);
const temp = (ts: string, celsius: number, extra: Partial<TimedEvent> = {}) =>
  ev('temperature', ts, { celsius, fahrenheit: shownFahrenheit(celsius), method: 'armpit', ...extra });
const at = (ts: string) => localToInstant(ts, Z);
function child(dob: string, region: 'uk' | 'us' = 'uk', units: 'metric' | 'imperial' = region === 'us' ? 'imperial' : 'metric'): ChildProfile {
  return { baby_name: 'Maya', dob, gender: '', timezone: Z, region, units };
}
// Ages on 2025-06-10: 6 weeks; 4 months; 7 months; 13 months.
const SIX_WEEKS = child('2025-04-29');
const FOUR_MO = child('2025-02-08');
const SEVEN_MO = child('2024-11-08');
const THIRTEEN_MO = child('2024-05-08');
const NOW = '2025-06-10T12:00:00';

describe('fever alert: thresholds by age', () => {
  test('38 °C under 3 months, 39 °C from 3 months to 6 months, none after', () => {
    assert.equal(urgentThresholdC(0), 38);
    assert.equal(urgentThresholdC(2.99), 38);
    assert.equal(urgentThresholdC(3), 39);
    assert.equal(urgentThresholdC(6), 39);
    assert.equal(urgentThresholdC(6.01), null);
    assert.equal(urgentThresholdC(24), null);
  });

  test('a 6-week-old at 38.2 °C: urgent, ahead of every other alert, signposting NHS 111', () => {
    // A feed 5 hours ago would otherwise raise the first-month/overdue alerts.
    const s = liveStatus([ev('milk', '2025-06-10T07:00:00', { ml: 90 }), temp('2025-06-10T11:30:00', 38.2)], SIX_WEEKS, at(NOW));
    assert.equal(s.alert_level, 'urgent');
    assert.equal(String(s.alert_msg), "Maya's temperature was 38.2 °C (armpit) at 11:30, 30 min ago. Under 3 months, a temperature of 38 °C or higher is a reason to get medical advice urgently: call NHS 111 or your GP now; 999 in an emergency.");
    assert.deepEqual(s.temperature, {
      celsius: 38.2, fahrenheit: 100.8, method: 'armpit', ts: '2025-06-10T11:30:00', minutes_ago: 30, urgent: true, message: s.alert_msg,
    });
  });

  test('urgent comes before a doubtful log (a forgotten wake) too', () => {
    const s = liveStatus([ev('sleep', '2025-06-10T06:30:00'), temp('2025-06-10T11:00:00', 38.0)], SIX_WEEKS, at(NOW));
    assert.equal(s.check?.kind, 'wake_not_logged');
    assert.equal(s.alert_level, 'urgent');
  });

  test('exactly 38.0 is at the threshold; 37.9 is not', () => {
    assert.equal(liveStatus([temp('2025-06-10T11:00:00', 38.0)], SIX_WEEKS, at(NOW)).alert_level, 'urgent');
    const low = liveStatus([temp('2025-06-10T11:00:00', 37.9)], SIX_WEEKS, at(NOW));
    assert.notEqual(low.alert_level, 'urgent');
    assert.equal(low.temperature?.urgent, false);
    assert.equal(String(low.temperature?.message), "Maya's temperature was 37.9 °C (armpit) at 11:00, 1 h ago.");
  });

  test('a 7-month-old at 38.2 °C (or 39.5): the reading and its time, no alert', () => {
    for (const c of [38.2, 39.5]) {
      const s = liveStatus([temp('2025-06-10T11:00:00', c)], SEVEN_MO, at(NOW));
      assert.equal(s.alert_level, null);
      assert.equal(s.temperature?.urgent, false);
      assert.equal(s.temperature?.celsius, c);
      assert.doesNotMatch(String(s.temperature!.message), /111|GP|999/);
    }
  });

  test('a 4-month-old: 38.5 no alert, 39.1 urgent with the 3-to-6-months wording', () => {
    assert.notEqual(liveStatus([temp('2025-06-10T11:00:00', 38.5)], FOUR_MO, at(NOW)).alert_level, 'urgent');
    const s = liveStatus([temp('2025-06-10T11:00:00', 39.1)], FOUR_MO, at(NOW));
    assert.equal(s.alert_level, 'urgent');
    assert.match(String(s.alert_msg), /At 3 to 6 months, a temperature of 39 °C or higher/);
  });

  test('US family in °F: the reading as sent, the threshold in °F, the paediatrician and 911', () => {
    const s = liveStatus([temp('2025-06-10T11:00:00', 38.2, { fahrenheit: 100.8, method: null })], child('2025-04-29', 'us'), at(NOW));
    assert.equal(s.alert_level, 'urgent');
    assert.equal(String(s.alert_msg), "Maya's temperature was 100.8 °F (38.2 °C) at 11:00, 1 h ago. Under 3 months, a temperature of 100.4 °F (38 °C) or higher is a reason to get medical advice urgently: call your child's pediatrician now; 911 in an emergency.");
    assert.ok(String(s.alert_msg).includes("call your child's pediatrician now; 911 in an emergency"));
  });

  test('a later lower reading clears it; a later high one raises it again', () => {
    const high = temp('2025-06-10T08:00:00', 38.4);
    const lower = temp('2025-06-10T10:00:00', 37.2);
    const s = liveStatus([high, lower], SIX_WEEKS, at(NOW));
    assert.notEqual(s.alert_level, 'urgent');
    assert.equal(s.temperature?.celsius, 37.2);
    assert.equal(s.temperature?.ts, '2025-06-10T10:00:00');
    assert.equal(liveStatus([high, lower, temp('2025-06-10T11:00:00', 38.1)], SIX_WEEKS, at(NOW)).alert_level, 'urgent');
  });

  test('only the last 24 hours: a reading of yesterday morning is gone by today noon', () => {
    const s = liveStatus([temp('2025-06-09T11:59:00', 38.6)], SIX_WEEKS, at(NOW));
    assert.equal(s.temperature, null);
    assert.notEqual(s.alert_level, 'urgent');
    assert.equal(liveStatus([temp('2025-06-09T12:01:00', 38.6)], SIX_WEEKS, at(NOW)).alert_level, 'urgent');
  });

  test('age is taken at the reading: 38.3 the evening before turning 3 months stays urgent the next morning', () => {
    // Born 2025-03-11: 91 days (2.99 months) on 2025-06-10, 92 days (3.02 months) on 2025-06-11.
    const s = liveStatus([temp('2025-06-10T22:00:00', 38.3)], child('2025-03-11'), at('2025-06-11T08:00:00'));
    assert.equal(s.alert_level, 'urgent');
    assert.match(String(s.alert_msg), /Under 3 months/);
  });

  test('a reading after now (a clock a moment behind) is not shown yet', () => {
    assert.equal(liveStatus([temp('2025-06-10T12:05:00', 38.6)], SIX_WEEKS, at(NOW)).temperature, null);
  });
});

describe('medicines given in the last 24 hours', () => {
  const calpol = (ts: string, author: string) => ev('medicine', ts, { medicine: 'Calpol', amount: 2.5, unit: 'ml', author });
  test('doses, last given by whom, and not before by the family’s own setting', () => {
    const s = liveStatus([calpol('2025-06-10T08:00:00', 'mum'), calpol('2025-06-10T10:00:00', 'dad')], SIX_WEEKS, at(NOW), null, [
      { name: 'Calpol', min_hours: 4, max_per_24h: 4 },
    ]);
    assert.equal(s.medicines.length, 1);
    const m = s.medicines[0]!;
    assert.deepEqual(
      { name: m.name, by: m.last_given_by, ts: m.last_given_ts, doses: m.doses_24h, nb: m.not_before, nbts: m.not_before_ts, amount: m.last_amount },
      { name: 'Calpol', by: 'dad', ts: '2025-06-10T10:00:00', doses: 2, nb: '14:00', nbts: '2025-06-10T14:00:00', amount: '2.5 ml' },
    );
    assert.equal(String(m.message), 'Calpol: last given at 10:00 by dad (2.5 ml); 2 doses in 24 h of your 4; not before 14:00 by your setting.');
  });

  test('no settings: no not_before, no maximum; a dose older than 24 hours is not listed', () => {
    const s = liveStatus([calpol('2025-06-09T11:00:00', 'mum'), calpol('2025-06-10T10:00:00', 'dad')], SIX_WEEKS, at(NOW));
    assert.equal(s.medicines.length, 1);
    assert.equal(s.medicines[0]!.doses_24h, 1);
    assert.equal(s.medicines[0]!.not_before, null);
    assert.equal(s.medicines[0]!.max_per_24h, null);
    assert.deepEqual(liveStatus([calpol('2025-06-09T11:00:00', 'mum')], SIX_WEEKS, at(NOW)).medicines, []);
  });
});

describe('tummy time today', () => {
  const tummy = (ts: string, duration_min: number | null) => ev('activity', ts, { kind: 'tummy_time', duration_min });
  test('sums today’s tummy-time activities only (not yesterday’s, not a bath)', () => {
    const s = liveStatus(
      [tummy('2025-06-09T18:00:00', 40), tummy('2025-06-10T08:00:00', 10), ev('activity', '2025-06-10T09:00:00', { kind: 'bath', duration_min: 15 }), tummy('2025-06-10T11:00:00', 12)],
      FOUR_MO, at(NOW),
    );
    assert.deepEqual(JSON.parse(JSON.stringify(s.tummy_time)), {
      minutes_today: 22, target_minutes: 30, met: false,
      message: '22 min of tummy time today. WHO suggests at least 30 minutes a day, spread through the day while awake, for babies not yet crawling.',
    });
  });
  test('met at 30 minutes; none logged says so; a session without a duration counts 0', () => {
    assert.equal(tummyTime([tummy('2025-06-10T08:00:00', 30)], 4)?.met, true);
    assert.match(String(tummyTime([], 4)!.message), /^No tummy time logged today/);
    assert.equal(tummyTime([tummy('2025-06-10T08:00:00', null)], 4)?.minutes_today, 0);
  });
  test('null from 12 months', () => {
    assert.equal(liveStatus([tummy('2025-06-10T08:00:00', 20)], THIRTEEN_MO, at(NOW)).tummy_time, null);
    assert.equal(tummyTime([], 11.99)?.minutes_today, 0);
    assert.equal(tummyTime([], 12), null);
  });
});

describe('patterns: pumped ml and per-type counts per day', () => {
  test('pumping sums into pumped_ml (not milk_ml); counts are per type, sparse, in type order', () => {
    const events = [
      ev('pumping', '2025-06-09T07:00:00', { ml: 120, side: 'both', duration_min: 20 }),
      ev('pumping', '2025-06-09T15:00:00', { ml: 90 }),
      ev('milk', '2025-06-10T07:00:00', { ml: 100 }),
      ev('nappy', '2025-06-10T07:10:00', { kind: 'wet' }),
      ev('pumping', '2025-06-10T08:00:00', { ml: 60 }),
      temp('2025-06-10T09:00:00', 37.1),
      ev('milk', '2025-06-10T10:00:00', { ml: 110 }),
    ];
    const p = patterns(events, FOUR_MO, at(NOW));
    const byDate = Object.fromEntries(p.daily_totals.map((d) => [d.date, d]));
    assert.equal(byDate['2025-06-09']!.pumped_ml, 210);
    assert.equal(byDate['2025-06-09']!.milk_ml, 0);
    assert.deepEqual(byDate['2025-06-09']!.counts, { pumping: 2 });
    assert.equal(byDate['2025-06-10']!.pumped_ml, 60);
    assert.equal(byDate['2025-06-10']!.milk_ml, 210);
    assert.deepEqual(Object.entries(byDate['2025-06-10']!.counts), [['milk', 2], ['nappy', 1], ['temperature', 1], ['pumping', 1]]);
    assert.deepEqual(byDate['2025-06-08']!.counts, {});
    assert.equal(byDate['2025-06-08']!.pumped_ml, 0);
  });
  test('countByType', () => {
    assert.deepEqual(countByType([]), {});
    assert.deepEqual(countByType([{ type: 'milestone' }, { type: 'milk' }, { type: 'milestone' }]), { milk: 1, milestone: 2 });
  });
});
