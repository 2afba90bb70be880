// The reminder rules (issue 28): which reminders are due for one caregiver and one child, with
// what line and what occurrence key; quiet hours hold them; nothing_logged speaks only by day.
// Partly on hand-made live statuses (each rule alone), partly on liveStatus itself (the keys it
// really gives).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeEvent } from '../helpers/events.ts';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { liveStatus } from '../../src/domain/live.ts';
import { t } from '../../src/i18n/text.ts';
import {
  LATE_LIMIT_MS, STALE_STATE_MS, applyReminderPatch, defaultReminderSettings, dueReminders as rulesDue, inQuietHours, mergeReminderSettings,
  reminderSummary, type ReminderInput, type ReminderLive, type ReminderSettings,
} from '../../src/domain/reminders.ts';
import { wordsFor } from '../../src/i18n/text.ts';

const Z = 'Europe/London';
const NY = 'America/New_York';
const at = (ts: string, zone = Z) => localToInstant(ts, zone);
const MIN = 60_000;
const HOUR = 3600_000;

function live(over: Partial<ReminderLive> = {}): ReminderLive {
  const supplement = { given: false, count_today: 0, ug_today: 0, relevant: false, guidance_ug: null, guidance_range_ug: null, source: null };
  return {
    now: '2026-11-22T12:00:00',
    timezone: Z,
    asleep: false,
    asleep_since: null,
    next_feed_at: null,
    feed_interval_minutes: null,
    feeding: null,
    check: null,
    supplement_log: { vitd: supplement, iron: supplement, multivitamin: supplement },
    medicines: [],
    ...over,
  };
}

function settings(patch: Parameters<typeof applyReminderPatch>[1]): ReminderSettings {
  return applyReminderPatch(defaultReminderSettings(), patch);
}

const base = { childId: 'c1', lastEventAt: null, familyZone: Z };

/** The reminders due, each with its English line (its Text, put into other words, is tested on its own). */
const dueReminders = (input: ReminderInput) => rulesDue(input).map(({ text: _, ...r }) => r);

describe('reminder rules', () => {
  test('everything is off by default: nothing is due whatever live says', () => {
    const l = live({ next_feed_at: '2026-11-22T11:00:00', feed_interval_minutes: 180, asleep_since: '2026-11-21T12:00:00' });
    assert.deepEqual(dueReminders({ ...base, settings: defaultReminderSettings(), live: l, lastEventAt: at('2026-11-22T01:00:00'), now: at('2026-11-22T12:00:00') }), []);
  });

  test('feed due: from minutes_before the next feed on, keyed by the last feed; not while a breastfeed runs', () => {
    const s = settings({ reminders: { feed_due: { enabled: true } } });
    const l = live({ next_feed_at: '2026-11-22T14:40:00', feed_interval_minutes: 180 });
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l, now: at('2026-11-22T14:24:59') }), []);
    const due = dueReminders({ ...base, settings: s, live: l, now: at('2026-11-22T14:25:00') });
    assert.deepEqual(due, [{
      kind: 'feed_due', occurrence: `feed_due:c1:${at('2026-11-22T11:40:00')}`, line: 'Feed due at 14:40 (usually every 3 h)', due_at: at('2026-11-22T14:25:00'),
    }]);
    const odd = dueReminders({ ...base, settings: settings({ reminders: { feed_due: { enabled: true, minutes_before: 0 } } }), live: { ...l, feed_interval_minutes: 150, next_feed_at: '2026-11-22T14:10:00' }, now: at('2026-11-22T14:10:00') });
    assert.equal(odd[0]!.line, 'Feed due at 14:10 (usually every 2 h 30 min)');
    const feeding = { started_at: '2026-11-22T14:20:00', side: 'left' as const, sides: { left_min: 5, right_min: 0 }, started_by: 'sam', elapsed_min: 5, stale: false };
    assert.deepEqual(dueReminders({ ...base, settings: s, live: { ...l, feeding }, now: at('2026-11-22T14:25:00') }), []);
    // A feed due long ago (the log was left) is not announced any more.
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l, now: at('2026-11-22T14:40:00') + LATE_LIMIT_MS + 1000 }), []);
  });

  test('feed due on the real live status: the key is the last milk, and a new feed makes a new key', () => {
    const p: ChildProfile = { baby_name: 'Ada', dob: '2026-09-01', gender: 'girl', timezone: Z, region: 'uk', units: 'metric' };
    const events: TimedEvent[] = [makeEvent(Z, 'milk', '2026-11-22T09:00:00', { ml: 120 })];
    const s = settings({ reminders: { feed_due: { enabled: true, minutes_before: 10 } } });
    const now = at('2026-11-22T13:00:00');
    const l1 = liveStatus(events, p, now);
    assert.ok(l1.next_feed_at, 'live times the next feed');
    const [r1] = dueReminders({ ...base, settings: s, live: l1, now });
    assert.equal(r1!.occurrence, `feed_due:c1:${at('2026-11-22T09:00:00')}`);
    const l2 = liveStatus([...events, makeEvent(Z, 'milk', '2026-11-22T12:58:00', { ml: 120 })], p, now);
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l2, now }), [], 'a feed logged in time: nothing due');
  });

  test('feed timer: after after_minutes, the line says how long it has run', () => {
    const s = settings({ reminders: { feed_timer: { enabled: true, after_minutes: 45 } } });
    const feeding = { started_at: '2026-11-22T02:00:00', side: 'left' as const, sides: { left_min: 50, right_min: 0 }, started_by: 'sam', elapsed_min: 50, stale: false };
    const l = live({ feeding });
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l, now: at('2026-11-22T02:44:59') }), []);
    const [r] = dueReminders({ ...base, settings: s, live: l, now: at('2026-11-22T02:50:00') });
    assert.deepEqual(r, { kind: 'feed_timer', occurrence: `feed_timer:c1:${at('2026-11-22T02:00:00')}`, line: 'Feed timer still running: 50 min', due_at: at('2026-11-22T02:45:00') });
  });

  test('long sleep: from asleep_since, and past 16 hours from the check that a wake was not logged', () => {
    const s = settings({ reminders: { long_sleep: { enabled: true, after_hours: 14 } } });
    const [r] = dueReminders({ ...base, settings: s, live: live({ asleep: true, asleep_since: '2026-11-21T20:00:00' }), now: at('2026-11-22T10:05:00') });
    assert.deepEqual(r, { kind: 'long_sleep', occurrence: `long_sleep:c1:${at('2026-11-21T20:00:00')}`, line: 'Asleep for 14 h — was a wake-up missed?', due_at: at('2026-11-22T10:00:00') });
    const p: ChildProfile = { baby_name: 'Ada', dob: '2026-05-01', gender: 'girl', timezone: Z, region: 'uk', units: 'metric' };
    const now = at('2026-11-22T14:00:00');
    const l = liveStatus([makeEvent(Z, 'sleep', '2026-11-21T19:00:00')], p, now);
    assert.equal(l.asleep_since, null, 'live no longer counts a 19-hour sleep');
    const [old] = dueReminders({ ...base, settings: s, live: l, now });
    assert.equal(old!.line, 'Asleep for 19 h — was a wake-up missed?');
    assert.equal(old!.occurrence, `long_sleep:c1:${at('2026-11-21T19:00:00')}`);
    assert.deepEqual(dueReminders({ ...base, settings: s, live: live({ asleep: true, asleep_since: '2026-11-22T09:00:00' }), now }), []);
    assert.deepEqual(
      dueReminders({ ...base, settings: s, live: live({ check: { kind: 'wake_not_logged', since: '2026-11-17T19:00:00', message: t('live.check_nothing_logged', { quiet: 0 }), fix: 'log_wake' } }), now: at('2026-11-17T19:00:00') + 14 * HOUR + STALE_STATE_MS + 1000 }),
      [],
      'a log left for days is not a missed wake',
    );
  });

  test('nothing logged: keyed by the last event, only between 07:00 and 21:00 in the child\'s zone, not while asleep', () => {
    const s = settings({ reminders: { nothing_logged: { enabled: true, after_hours: 4 } } });
    const last = at('2026-11-22T09:00:00');
    assert.deepEqual(dueReminders({ ...base, settings: s, live: live(), lastEventAt: last, now: at('2026-11-22T12:59:00') }), []);
    const [r] = dueReminders({ ...base, settings: s, live: live(), lastEventAt: last, now: at('2026-11-22T13:30:00') });
    assert.deepEqual(r, { kind: 'nothing_logged', occurrence: `nothing_logged:c1:${last}`, line: 'Nothing logged for 4 h', due_at: at('2026-11-22T13:00:00') });
    assert.deepEqual(dueReminders({ ...base, settings: s, live: live({ asleep: true }), lastEventAt: last, now: at('2026-11-22T13:30:00') }), []);
    // Evening: due at 22:00, held through the night, said at 07:00 (the child's zone is New York here).
    const nyLast = at('2026-11-22T18:00:00', NY);
    const nyLive = live({ timezone: NY });
    assert.deepEqual(dueReminders({ ...base, settings: s, live: nyLive, lastEventAt: nyLast, now: at('2026-11-22T22:00:00', NY) }), []);
    assert.deepEqual(dueReminders({ ...base, settings: s, live: nyLive, lastEventAt: nyLast, now: at('2026-11-23T06:59:00', NY) }), []);
    const [morning] = dueReminders({ ...base, settings: s, live: nyLive, lastEventAt: nyLast, now: at('2026-11-23T07:00:00', NY) });
    assert.equal(morning!.line, 'Nothing logged for 13 h');
    assert.equal(morning!.due_at, at('2026-11-22T22:00:00', NY));
  });

  test('vitamin D: only where relevant, not given today, from the time set; one per local day', () => {
    const s = settings({ reminders: { vitamin_d: { enabled: true, by: '18:00' } } });
    const vitd = { given: false, count_today: 0, ug_today: 0, relevant: true, guidance_ug: 10, guidance_range_ug: { min: 8.5, max: 10 }, source: t('live.supplement_vitd_uk_infant') };
    const l = (ts: string, v = vitd) => live({ now: ts, supplement_log: { vitd: v, iron: { ...v, relevant: false }, multivitamin: { ...v, relevant: false } } });
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l('2026-11-22T17:59:00'), now: at('2026-11-22T17:59:00') }), []);
    const [r] = dueReminders({ ...base, settings: s, live: l('2026-11-22T18:00:00'), now: at('2026-11-22T18:00:00') });
    assert.deepEqual(r, { kind: 'vitamin_d', occurrence: 'vitamin_d:c1:2026-11-22', line: 'Vitamin D not given yet today', due_at: at('2026-11-22T18:00:00') });
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l('2026-11-22T19:00:00', { ...vitd, given: true, count_today: 1 }), now: at('2026-11-22T19:00:00') }), []);
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l('2026-11-22T19:00:00', { ...vitd, relevant: false }), now: at('2026-11-22T19:00:00') }), []);
  });

  test('medicine: once the family\'s own minimum hours have passed since the last dose; none without a setting; no advice', () => {
    const s = settings({ reminders: { medicine: { enabled: true } } });
    const med = {
      name: 'Calpol', last_given_ts: '2026-11-22T14:05:00', last_given_by: 'sam', last_amount: '2.5 ml', doses_24h: 1,
      min_hours: 4, max_per_24h: 4, not_before: null, not_before_ts: null, message: t('live.medicine_given'),
    };
    assert.deepEqual(dueReminders({ ...base, settings: s, live: live({ medicines: [med] }), now: at('2026-11-22T18:04:00') }), []);
    const [r] = dueReminders({ ...base, settings: s, live: live({ medicines: [med] }), now: at('2026-11-22T18:05:00') });
    assert.deepEqual(r, {
      kind: 'medicine', occurrence: `medicine:c1:calpol:${at('2026-11-22T14:05:00')}`, line: 'Calpol: 4 h since the last dose at 14:05 (your setting)', due_at: at('2026-11-22T18:05:00'),
    });
    assert.doesNotMatch(r!.line, /ml|give|dose of/i);
    assert.deepEqual(dueReminders({ ...base, settings: s, live: live({ medicines: [{ ...med, min_hours: null }] }), now: at('2026-11-22T23:00:00') }), []);
    const [half] = dueReminders({ ...base, settings: s, live: live({ medicines: [{ ...med, min_hours: 4.5 }] }), now: at('2026-11-22T19:00:00') });
    assert.equal(half!.line, 'Calpol: 4.5 h since the last dose at 14:05 (your setting)');
  });

  test("a line in each reader's words: language, decimal mark and clock (issue 39)", () => {
    const s = settings({ reminders: { feed_due: { enabled: true }, medicine: { enabled: true } } });
    const med = {
      name: 'Calpol', last_given_ts: '2026-11-22T10:05:00', last_given_by: 'sam', last_amount: '2.5 ml', doses_24h: 1,
      min_hours: 4.5, max_per_24h: 4, not_before: null, not_before_ts: null, message: '',
    };
    // Only the fields the rule reads matter here (the status's own message is live's, not this test's).
    const l = live({ next_feed_at: '2026-11-22T14:40:00', feed_interval_minutes: 150, medicines: [med] as unknown as ReminderLive['medicines'] });
    const due = rulesDue({ ...base, settings: s, live: l, now: at('2026-11-22T14:40:00') });
    assert.deepEqual(due.map((r) => r.line), ['Feed due at 14:40 (usually every 2 h 30 min)', 'Calpol: 4.5 h since the last dose at 10:05 (your setting)']);
    assert.deepEqual(due.map((r) => wordsFor('en-GB').render(r.text)), due.map((r) => r.line), 'English is the line');
    assert.deepEqual(due.map((r) => wordsFor('de').render(r.text)), ['Mahlzeit fällig um 14:40 (sonst alle 2 Std. 30 Min.)', 'Calpol: 4,5 Std. seit der letzten Gabe um 10:05 (deine Einstellung)']);
    assert.deepEqual(due.map((r) => wordsFor('en-US').render(r.text)), ['Feed due at 2:40 PM (usually every 2 h 30 min)', 'Calpol: 4.5 h since the last dose at 10:05 AM (your setting)']);
    assert.equal(wordsFor('sv', 'h12').render(due[0]!.text), 'Matning dags kl. 2:40 em (vanligtvis var 2 tim 30 min)');
  });

  test('quiet hours (the family\'s zone, across midnight) hold every reminder; one still due is due when they end', () => {
    const s = settings({ reminders: { feed_due: { enabled: true } }, quiet_hours: { start: '22:00', end: '07:00' } });
    const l = live({ next_feed_at: '2026-11-23T02:40:00', feed_interval_minutes: 180 });
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l, now: at('2026-11-23T02:30:00') }), []);
    assert.deepEqual(dueReminders({ ...base, settings: s, live: l, now: at('2026-11-23T06:59:59') }), []);
    const [r] = dueReminders({ ...base, settings: s, live: l, now: at('2026-11-23T07:00:00') });
    assert.equal(r!.line, 'Feed due at 02:40 (usually every 3 h)');
    assert.equal(r!.due_at, at('2026-11-23T02:25:00'));
    assert.equal(inQuietHours({ start: '22:00', end: '07:00' }, Z, at('2026-11-22T21:59:00')), false);
    assert.equal(inQuietHours({ start: '22:00', end: '07:00' }, Z, at('2026-11-22T22:00:00')), true);
    assert.equal(inQuietHours({ start: '13:00', end: '15:00' }, Z, at('2026-11-22T14:00:00')), true);
    assert.equal(inQuietHours({ start: '13:00', end: '15:00' }, Z, at('2026-11-22T15:00:00')), false);
    // The family's zone, not the child's: 22:00 in London is 17:00 in New York.
    assert.equal(inQuietHours({ start: '22:00', end: '07:00' }, Z, at('2026-11-22T17:00:00', NY)), true);
    assert.equal(inQuietHours(null, Z, at('2026-11-22T23:00:00')), false);
  });

  test('stored settings read with defaults filled in; a value no longer valid reads as its default', () => {
    assert.deepEqual(mergeReminderSettings(null), defaultReminderSettings());
    const m = mergeReminderSettings({
      reminders: { feed_due: { enabled: true, minutes_before: 500 }, vitamin_d: { by: '25:00', enabled: 'yes' }, long_sleep: { after_hours: 3 }, nonsense: {} },
      quiet_hours: { start: '22:00', end: '22:00' },
    });
    assert.deepEqual(m.reminders.feed_due, { enabled: true, minutes_before: 15 });
    assert.deepEqual(m.reminders.vitamin_d, { enabled: false, by: '18:00' });
    assert.deepEqual(m.reminders.long_sleep, { enabled: false, after_hours: 3 });
    assert.equal(m.quiet_hours, null);
    const p = applyReminderPatch(m, { reminders: { feed_due: { minutes_before: 30 } }, quiet_hours: { start: '21:30', end: '06:00' } });
    assert.deepEqual(p.reminders.feed_due, { enabled: true, minutes_before: 30 });
    assert.deepEqual(p.quiet_hours, { start: '21:30', end: '06:00' });
    assert.equal(applyReminderPatch(p, { quiet_hours: null }).quiet_hours, null);
    assert.deepEqual(m.reminders.feed_due, { enabled: true, minutes_before: 15 }, 'the patch made a copy');
    assert.equal(reminderSummary(defaultReminderSettings(), 0), 'No reminders are on; 0 push devices.');
    assert.equal(reminderSummary(p, 1), 'Reminders on: feed due (30 min before); quiet hours 21:30–06:00; 1 push device.');
  });
});
