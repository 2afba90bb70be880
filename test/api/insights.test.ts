// Insights over HTTP on both databases: a scripted day of logs read back through live status
// at chosen moments, patterns (daily totals, midnight-split sleep, solid blocks before and after
// the first solid), WHO percentiles on measurements, growth summary, the legacy stats and the
// profile's age-band targets. Times are in November, when London is on GMT, so "Z" instants
// and family-local times read the same.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';

const LIVE_KEYS = [
  // Spec: Live status.
  'now', 'asleep', 'night_sleep', 'awake_minutes', 'alert_level', 'alert_msg', 'hungry_state',
  'next_feed_at', 'last_milk_ml', 'ml_today', 'feeds_today', 'last_poop_hours_ago', 'poop_status',
  'expected_bedtime_at', 'next_nap_window_at', 'daily_milk_target_ml', 'supplement_log',
  // Additional keys documented in docs/insights.md.
  'age_band', 'feed_interval_minutes', 'feed_interval_source', 'daily_milk_target_range_ml', 'bedtime_source',
  'feeding', 'last_breast_side', 'asleep_since', 'check',
  // 1.3.0 (issue 26).
  'temperature', 'medicines', 'tummy_time',
  // Issue 27: toddlers and the next sleep.
  'milk_nudges', 'next_sleep',
].sort();

const PATTERNS_KEYS = [
  'patterns', 'daily_totals', 'today', 'nutrients_7d', 'nutrients_today', 'nutrient_targets',
  'allergens_today', 'allergen_grid', 'baby_name', 'dob', 'age_months', 'age_display', 'flags',
].sort();

const SOLID_BLOCKS = ['nutrients_7d', 'nutrients_today', 'nutrient_targets', 'allergens_today', 'allergen_grid'] as const;

const FOODS = (JSON.parse(readFileSync(new URL('../../data/foods.json', import.meta.url), 'utf8')) as {
  foods: { id: string; per_portion: Record<string, number> }[];
}).foods;

/** YYYY-MM-DD `days` after `date` (UTC calendar arithmetic). */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

for (const d of testDatabases()) {
  describe(`insights [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
      t.clock.set('2026-11-21T18:00:00Z');
    });
    after(async () => {
      await t?.close();
    });

    /** Moves the clock to a local time (GMT) and returns GET /live. */
    async function liveAt(f: Family, local: string) {
      t.clock.set(`${local}Z`);
      const r = await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.body).sort(), LIVE_KEYS);
      assert.equal(r.body.now, local);
      return r.body;
    }

    /** Moves the clock to `local` and logs an event there. */
    async function logAt(f: Family, local: string, body: Record<string, unknown>) {
      t.clock.set(`${local}Z`);
      const r = await call(t.app, 'POST', '/api/vega/log', { ts: local, ...body }, { token: f.token });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.event.ts, local);
      return r.body;
    }

    describe('a scripted day for a 3-month-old (UK, bottle-fed)', () => {
      let f: Family;
      before(async () => {
        t.clock.set('2026-11-21T18:00:00Z');
        // Born 2026-08-10: 103 days old on the 21st → the 3-month band (feeds every 3.5 h,
        // wake window 75–120 min, fallback bedtime 20:00, night feeds still common).
        f = await signUp(t.app, { dob: '2026-08-10', gender: 'girl', baby_name: 'Ada' });
      });

      test('before anything is logged: unknown hunger, no counts, every key present', async () => {
        const l = await liveAt(f, '2026-11-21T18:30:00');
        assert.equal(l.asleep, false);
        assert.equal(l.night_sleep, null);
        assert.equal(l.awake_minutes, null);
        assert.equal(l.hungry_state, 'unknown');
        assert.equal(l.next_feed_at, null);
        assert.equal(l.last_milk_ml, null);
        assert.equal(l.ml_today, 0);
        assert.equal(l.feeds_today, 0);
        assert.equal(l.last_poop_hours_ago, null);
        assert.equal(l.poop_status, null);
        assert.equal(l.next_nap_window_at, null);
        assert.equal(l.daily_milk_target_ml, null);
        assert.equal(l.expected_bedtime_at, '2026-11-21T20:00:00');
        assert.equal(l.bedtime_source, 'age_band');
        assert.equal(l.age_band, '3mo');
        assert.equal(l.alert_level, null);
        assert.equal(l.alert_msg, null);
        assert.equal(l.supplement_log.vitd.given, false);
      });

      test('evening feed then night sleep: asleep, night_sleep, no awake minutes', async () => {
        const r = await logAt(f, '2026-11-21T19:15:00', { type: 'milk', ml: 120 });
        assert.equal(r.live.last_milk_ml, 120);
        await logAt(f, '2026-11-21T19:30:00', { type: 'sleep' });
        const l = await liveAt(f, '2026-11-21T20:00:00');
        assert.equal(l.asleep, true);
        assert.equal(l.night_sleep, true);
        assert.equal(l.awake_minutes, null);
        assert.equal(l.next_nap_window_at, null);
        assert.equal(l.next_feed_at, '2026-11-21T22:45:00'); // 19:15 + 3.5 h
        assert.equal(l.feed_interval_minutes, 210);
        assert.equal(l.feed_interval_source, 'age_band');
        assert.equal(l.hungry_state, 'not_yet');
        assert.equal(l.ml_today, 120);
        assert.equal(l.feeds_today, 1);
        assert.equal(l.alert_level, null);
      });

      test('a feed coming due during night sleep reads as a dream feed', async () => {
        const l = await liveAt(f, '2026-11-21T22:30:00');
        assert.equal(l.asleep, true);
        assert.equal(l.night_sleep, true);
        assert.equal(l.hungry_state, 'dream_feed');
        assert.equal(l.alert_level, 'info');
        assert.match(l.alert_msg, /dream feed/i);
        const later = await liveAt(f, '2026-11-21T22:50:00'); // past due, still asleep at night
        assert.equal(later.hungry_state, 'dream_feed');
      });

      test('night feeds while asleep, then the morning wake', async () => {
        await logAt(f, '2026-11-21T23:00:00', { type: 'milk', ml: 0 }); // a breastfeed
        await logAt(f, '2026-11-22T02:30:00', { type: 'milk', ml: 100 });
        const night = await liveAt(f, '2026-11-22T03:00:00');
        assert.equal(night.asleep, true);
        assert.equal(night.night_sleep, true);
        // The day turned at midnight: only the 02:30 feed is today's.
        assert.equal(night.ml_today, 100);
        assert.equal(night.feeds_today, 1);
        assert.equal(night.last_milk_ml, 100);
        assert.equal(night.hungry_state, 'not_yet');

        await logAt(f, '2026-11-22T06:30:00', { type: 'wake' });
        const l = await liveAt(f, '2026-11-22T06:45:00');
        assert.equal(l.asleep, false);
        assert.equal(l.night_sleep, null);
        assert.equal(l.awake_minutes, 15);
        assert.deepEqual(l.next_nap_window_at, { start: '2026-11-22T07:45:00', end: '2026-11-22T08:30:00' });
        // 02:30 + 3.5 h = 06:00: overdue since then.
        assert.equal(l.hungry_state, 'overdue');
        assert.equal(l.next_feed_at, '2026-11-22T06:00:00');
        assert.equal(l.alert_level, 'info'); // 45 min past due: under the hour that makes it a warn
        assert.match(l.alert_msg, /feed is due/);
      });

      test('a morning feed and a dirty nappy: milk counts, poo hours and status', async () => {
        await logAt(f, '2026-11-22T06:40:00', { type: 'milk', ml: 150 });
        await logAt(f, '2026-11-22T06:50:00', { type: 'nappy', kind: 'both' });
        const l = await liveAt(f, '2026-11-22T07:20:00');
        assert.equal(l.ml_today, 250);
        assert.equal(l.feeds_today, 2);
        assert.equal(l.last_milk_ml, 150);
        assert.equal(l.next_feed_at, '2026-11-22T10:10:00');
        assert.equal(l.hungry_state, 'not_yet');
        assert.equal(l.last_poop_hours_ago, 0.5);
        assert.equal(l.poop_status, 'within usual range');
        assert.equal(l.alert_level, null);
      });

      test('a nap: asleep but not night sleep; awake minutes after it', async () => {
        await logAt(f, '2026-11-22T08:00:00', { type: 'sleep' });
        const nap = await liveAt(f, '2026-11-22T08:30:00');
        assert.equal(nap.asleep, true);
        assert.equal(nap.night_sleep, false);
        assert.equal(nap.awake_minutes, null);
        await logAt(f, '2026-11-22T09:00:00', { type: 'wake' });
        const l = await liveAt(f, '2026-11-22T09:20:00');
        assert.equal(l.asleep, false);
        assert.equal(l.awake_minutes, 20);
        assert.deepEqual(l.next_nap_window_at, { start: '2026-11-22T10:15:00', end: '2026-11-22T11:00:00' });
      });

      test('hungry_soon shortly before next_feed_at, overdue after, warn an hour past due', async () => {
        const soon = await liveAt(f, '2026-11-22T09:45:00');
        assert.equal(soon.next_feed_at, '2026-11-22T10:10:00');
        assert.equal(soon.hungry_state, 'hungry_soon');
        assert.equal(soon.alert_level, null);
        const notYet = await liveAt(f, '2026-11-22T09:35:00'); // 35 min before: outside the 30
        assert.equal(notYet.hungry_state, 'not_yet');
        const due = await liveAt(f, '2026-11-22T10:10:00');
        assert.equal(due.hungry_state, 'overdue');
        const over = await liveAt(f, '2026-11-22T10:20:00');
        assert.equal(over.hungry_state, 'overdue');
        assert.equal(over.alert_level, 'info');
        assert.match(over.alert_msg, /Ada/);
        assert.match(over.alert_msg, /feed is due/);
        const late = await liveAt(f, '2026-11-22T11:15:00'); // 65 min past due, under 6 months
        assert.equal(late.hungry_state, 'overdue');
        assert.equal(late.alert_level, 'warn');
      });

      test('a feed and a weight: daily milk target from 175 ml/kg', async () => {
        await logAt(f, '2026-11-22T11:20:00', { type: 'milk', ml: 160 });
        const before = await liveAt(f, '2026-11-22T11:25:00');
        assert.equal(before.daily_milk_target_ml, null);
        assert.equal(before.hungry_state, 'not_yet');
        assert.equal(before.next_feed_at, '2026-11-22T14:50:00');
        await logAt(f, '2026-11-22T11:30:00', { type: 'weight', kg: 5.2 });
        const l = await liveAt(f, '2026-11-22T11:35:00');
        assert.equal(l.daily_milk_target_ml, 910); // 5.2 × 175
        assert.deepEqual(l.daily_milk_target_range_ml, { min: 780, max: 960 }); // 5.2 × 150; 5.2 × 200 capped at 960
        assert.equal(l.ml_today, 410);
        assert.equal(l.feeds_today, 3);
      });

      test('from midday: a vitamin D nudge until a dose is logged, then the supplement log', async () => {
        await logAt(f, '2026-11-22T11:40:00', { type: 'sleep' });
        await logAt(f, '2026-11-22T12:30:00', { type: 'wake' });
        const l = await liveAt(f, '2026-11-22T13:00:00');
        assert.equal(l.awake_minutes, 30);
        assert.equal(l.supplement_log.vitd.relevant, true); // a breastfeed is in the window
        assert.equal(l.supplement_log.vitd.given, false);
        assert.equal(l.alert_level, 'info');
        assert.match(l.alert_msg, /No vitamin D logged yet today/);
        assert.match(l.alert_msg, /8\.5–10 µg/);

        await logAt(f, '2026-11-22T13:05:00', { type: 'supplement', kind: 'vitd', ug: 10 });
        const after = await liveAt(f, '2026-11-22T13:10:00');
        assert.deepEqual(
          { given: after.supplement_log.vitd.given, count: after.supplement_log.vitd.count_today, ug: after.supplement_log.vitd.ug_today },
          { given: true, count: 1, ug: 10 },
        );
        assert.equal(after.supplement_log.vitd.guidance_ug, 10);
        assert.match(after.supplement_log.vitd.source, /UK guidance/);
        assert.equal(after.supplement_log.iron.given, false);
        assert.equal(after.supplement_log.multivitamin.given, false);
        assert.equal(after.alert_level, null);
        assert.equal(after.alert_msg, null);
      });

      test('a long awake stretch is the nudge once nothing more useful applies', async () => {
        const l = await liveAt(f, '2026-11-22T14:40:00'); // awake since 12:30: 130 min > 120
        assert.equal(l.awake_minutes, 130);
        assert.equal(l.hungry_state, 'hungry_soon');
        assert.equal(l.alert_level, 'info');
        assert.match(l.alert_msg, /awake 2 h 10 min — longer than the usual 1 h 15 min to 2 h/);
        assert.match(l.alert_msg, /ready for a sleep/);
      });

      test('evening: another feed, a note, night sleep', async () => {
        await logAt(f, '2026-11-22T14:50:00', { type: 'milk', ml: 150 });
        await logAt(f, '2026-11-22T15:00:00', { type: 'note', note: 'private words about grandma' });
        await logAt(f, '2026-11-22T19:45:00', { type: 'sleep' });
        const l = await liveAt(f, '2026-11-22T21:00:00');
        assert.equal(l.asleep, true);
        assert.equal(l.night_sleep, true);
        assert.equal(l.awake_minutes, null);
        assert.equal(l.ml_today, 560);
        assert.equal(l.feeds_today, 4);
        assert.equal(l.last_milk_ml, 150);
        assert.equal(l.expected_bedtime_at, '2026-11-22T20:00:00'); // only 2 own bedtimes: band's
      });

      test('patterns: spec keys, 14 days, the midnight-spanning sleep split, solid blocks empty', async () => {
        t.clock.set('2026-11-22T21:00:00Z');
        const r = await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: f.token });
        assert.equal(r.status, 200, r.text);
        const p = r.body;
        assert.deepEqual(Object.keys(p).sort(), PATTERNS_KEYS);
        assert.equal(p.baby_name, 'Ada');
        assert.equal(p.dob, '2026-08-10');
        assert.equal(typeof p.age_months, 'number');
        assert.equal(typeof p.age_display, 'string');
        assert.deepEqual(p.flags, { solids_started: false });
        for (const k of SOLID_BLOCKS) assert.deepEqual(p[k], {}, k);

        assert.equal(p.daily_totals.length, 14);
        assert.equal(p.daily_totals[0].date, '2026-11-09');
        assert.equal(p.daily_totals[13].date, '2026-11-22');
        const sat = p.daily_totals[12];
        const sun = p.daily_totals[13];
        assert.equal(sat.date, '2026-11-21');
        // 19:30 → 06:30 across midnight: 270 min on the 21st, 390 on the 22nd, all at night.
        assert.equal(sat.sleep_minutes, 270);
        assert.equal(sat.sleep_minutes_night, 270);
        assert.equal(sat.sleep_minutes_day, 0);
        assert.equal(sat.naps, 0);
        assert.equal(sat.milk_ml, 120);
        assert.equal(sat.feeds, 2);
        assert.equal(sat.breastfeeds, 1);
        // The 22nd: 390 (to 06:30, of which 06:00–06:30 is day time) + 60 + 50 (naps) + 75
        // (asleep since 19:45, up to now).
        assert.equal(sun.sleep_minutes, 575);
        assert.equal(sun.sleep_minutes_day, 140);
        assert.equal(sun.sleep_minutes_night, 435);
        assert.equal(sun.naps, 2);
        assert.equal(sun.milk_ml, 560);
        assert.equal(sun.feeds, 4);
        assert.equal(sun.bottle_feeds, 4);
        assert.equal(sun.breastfeeds, 0);
        assert.equal(sun.nappies, 1);
        assert.equal(sun.nappies_wet, 1);
        assert.equal(sun.nappies_dirty, 1);
        assert.equal(sun.solids, 0);
        assert.equal(sun.supplements, 1);
        assert.equal(sun.vitd_ug, 10);
        for (const day of p.daily_totals.slice(0, 12)) assert.equal(day.feeds + day.sleep_minutes, 0, day.date);

        assert.equal(p.today.length, 14);
        assert.equal(p.today[0].ts, '2026-11-22T02:30:00');
        assert.equal(p.today.at(-1).type, 'sleep');
        assert.equal(p.patterns.longest_sleep.minutes, 660);
        assert.equal(p.patterns.longest_sleep.start, '2026-11-21T19:30:00');
        assert.equal(p.patterns.longest_sleep.ongoing, false);
      });

      test('growth summary: counts by type and no names or notes; stats stays {}', async () => {
        const r = await call(t.app, 'GET', '/api/vega/growth-summary', undefined, { token: f.token });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(r.body.events_by_type, {
          milk: 6, sleep: 4, wake: 3, nappy: 1, poop: 0, solid: 0, note: 1, supplement: 1, weight: 1, length: 0,
          temperature: 0, medicine: 0, pumping: 0, head_circumference: 0, activity: 0, milestone: 0,
        });
        assert.equal(r.body.events_total, 17);
        assert.equal(r.body.days_logged, 2);
        assert.equal(r.body.members, 1);
        assert.equal(r.body.tokens, 1);
        for (const v of Object.values(r.body)) {
          if (typeof v !== 'object') assert.equal(typeof v, 'number');
        }
        assert.doesNotMatch(r.text, /Ada|grandma|Family|@example\.com/);

        const s = await call(t.app, 'GET', '/api/vega/stats', undefined, { token: f.token });
        assert.equal(s.status, 200);
        assert.deepEqual(s.body, {});
      });

      test('profile age_band_targets: the 3-month band and UK reference intakes', async () => {
        const r = await call(t.app, 'GET', '/api/vega/profile', undefined, { token: f.token });
        assert.equal(r.status, 200, r.text);
        const a = r.body.age_band_targets;
        assert.deepEqual(a.age_band, { id: '3mo', label: '3 months' });
        assert.equal(a.feed_interval_hours, 3.5);
        assert.deepEqual(a.wake_window_minutes, { min: 75, max: 120 });
        assert.deepEqual(a.naps_per_day, { min: 4, max: 5 });
        assert.deepEqual(a.total_sleep_hours, { min: 14, max: 17 });
        assert.equal(a.typical_bedtime, '20:00');
        assert.equal(a.nutrients.region, 'uk');
        // 3.4 months: past 3 months, so the UK "4–6 months" RNI row.
        assert.equal(a.nutrients.age_band.id, '4-6m');
        assert.equal(a.nutrients.targets.iron_mg.target, 4.3);
        assert.equal(a.nutrients.targets.energy_kcal.target, null); // no solids energy before 6 months
        assert.equal(a.daily_milk_ml, undefined); // the profile has no weight to size it on
      });
    });

    test('a newborn: no poo for over 48 hours reads "longer than usual"; a long gap since a feed is a warn', async () => {
      t.clock.set('2026-11-10T09:00:00Z');
      const f = await signUp(t.app, { dob: '2026-11-08', baby_name: 'Bo' });
      await logAt(f, '2026-11-10T09:00:00', { type: 'nappy', kind: 'dirty' });
      await logAt(f, '2026-11-11T09:00:00', { type: 'nappy', kind: 'wet' });
      await logAt(f, '2026-11-12T08:00:00', { type: 'milk', ml: 0 });
      const l = await liveAt(f, '2026-11-12T13:00:00');
      assert.equal(l.age_band, 'newborn');
      assert.equal(l.last_poop_hours_ago, 52);
      assert.equal(l.poop_status, 'longer than usual for this age — mention it to your health visitor if it continues');
      assert.equal(l.last_milk_ml, 0);
      assert.equal(l.ml_today, 0);
      assert.equal(l.feeds_today, 1);
      assert.equal(l.alert_level, 'warn'); // 5 h since a feed in the first month
      assert.match(l.alert_msg, /first month/);
      assert.doesNotMatch(l.alert_msg + l.poop_status, /constipat|dehydrat|infection/i);
    });

    test('an 11-month-old asleep at night with a feed due is not_yet (night feeds no longer common)', async () => {
      t.clock.set('2026-11-20T18:00:00Z');
      const f = await signUp(t.app, { dob: '2025-12-20', baby_name: 'Cy' });
      await logAt(f, '2026-11-20T18:30:00', { type: 'milk', ml: 200 });
      await logAt(f, '2026-11-20T19:00:00', { type: 'sleep' });
      const l = await liveAt(f, '2026-11-21T00:00:00');
      assert.equal(l.age_band, '11-12mo');
      assert.equal(l.asleep, true);
      assert.equal(l.night_sleep, true);
      assert.equal(l.hungry_state, 'not_yet');
      assert.equal(l.alert_level, null);
    });

    test("the family's own rhythm replaces the age band's: feed interval and bedtime", async () => {
      t.clock.set('2026-11-18T18:00:00Z');
      const f = await signUp(t.app, { dob: '2026-08-10', baby_name: 'Hal' });
      // Three evenings with bedtimes 19:10, 19:40 and 19:20 (each sleep well over 90 minutes).
      for (const [date, bed] of [['2026-11-18', '19:10'], ['2026-11-19', '19:40'], ['2026-11-20', '19:20']] as const) {
        await logAt(f, `${date}T${bed}:00`, { type: 'sleep' });
        await logAt(f, `${plusDays(date, 1)}T06:00:00`, { type: 'wake' });
      }
      // Seven feeds 3 hours apart (six intervals in the last 72 h), then one 20 minutes after
      // the last, which counts as the same feed (a top-up).
      for (const hhmm of ['06:00', '09:00', '12:00', '15:00', '18:00', '21:00', '23:59']) {
        await logAt(f, `2026-11-21T${hhmm}:00`, { type: 'milk', ml: 120 });
      }
      await logAt(f, '2026-11-22T00:19:00', { type: 'milk', ml: 30 });
      const l = await liveAt(f, '2026-11-22T00:30:00');
      assert.equal(l.feed_interval_source, 'family');
      // Intervals 180 ×5 and 179 (21:00 → 23:59): median 180; due 180 min after the 00:19 log.
      assert.equal(l.feed_interval_minutes, 180);
      assert.equal(l.next_feed_at, '2026-11-22T03:19:00');
      assert.equal(l.bedtime_source, 'family');
      assert.equal(l.expected_bedtime_at, '2026-11-22T19:20:00'); // median of 19:10, 19:20, 19:40
    });

    describe('solids: blocks empty until the first solid, then filled', () => {
      let f: Family;
      before(async () => {
        t.clock.set('2026-11-22T08:00:00Z');
        f = await signUp(t.app, { dob: '2026-04-01', baby_name: 'Dee', region: 'uk' });
      });

      test('before any solid: flags.solids_started false and every solid block {}', async () => {
        await logAt(f, '2026-11-22T08:00:00', { type: 'milk', ml: 180 });
        const r = await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: f.token });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(Object.keys(r.body).sort(), PATTERNS_KEYS);
        assert.equal(r.body.flags.solids_started, false);
        for (const k of SOLID_BLOCKS) assert.deepEqual(r.body[k], {}, k);
        const prof = await call(t.app, 'GET', '/api/vega/profile', undefined, { token: f.token });
        assert.equal(prof.body.solids_started, false);
      });

      test('banana then scrambled egg: nutrients today, allergens today and the allergen grid', async () => {
        const banana = FOODS.find((x) => x.id === 'banana')!;
        const egg = FOODS.find((x) => x.id === 'scrambled-egg')!;
        const r1 = await logAt(f, '2026-11-22T08:30:00', { type: 'solid', foods: ['banana'], meal_type: 'meal' });
        assert.deepEqual(r1.unknown_foods, []);
        t.clock.set('2026-11-22T09:00:00Z');
        const p1 = (await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: f.token })).body;
        assert.equal(p1.flags.solids_started, true);
        assert.equal(p1.nutrients_today.date, '2026-11-22');
        assert.equal(p1.nutrients_today.portions, 1);
        const iron = p1.nutrients_today.nutrients.iron_mg;
        assert.equal(iron.amount, Math.round(banana.per_portion.iron_mg! * 100) / 100);
        assert.equal(iron.unit, 'mg');
        assert.equal(iron.target, 7.8); // UK RNI 7–9 months (7.7 months old)
        assert.equal(iron.pct, Math.round((100 * banana.per_portion.iron_mg!) / 7.8));
        assert.equal(p1.nutrient_targets.region, 'uk');
        assert.equal(p1.nutrient_targets.age_band.id, '7-9m');
        assert.deepEqual(p1.allergens_today, {});
        assert.equal(p1.daily_totals[13].solids, 1);

        await logAt(f, '2026-11-22T12:00:00', { type: 'solid', foods: ['scrambled egg', 'toast'], meal_type: 'meal' });
        const p2 = (await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: f.token })).body;
        assert.equal(p2.nutrients_today.portions, 3);
        assert.ok(p2.nutrients_today.nutrients.iron_mg.amount > iron.amount);
        assert.ok(p2.nutrients_today.nutrients.protein_g.amount >= Math.round((banana.per_portion.protein_g! + egg.per_portion.protein_g!) * 100) / 100);
        assert.deepEqual(p2.allergens_today.eggs.foods, ['scrambled egg']);
        assert.equal(p2.allergens_today.eggs.count, 1);
        assert.deepEqual(p2.allergens_today.gluten.foods, ['toast']); // UK list: cereals containing gluten
        const grid = p2.allergen_grid;
        assert.equal(grid.region, 'uk');
        assert.equal(grid.days.length, 14);
        assert.equal(grid.days[13], '2026-11-22');
        assert.equal(grid.cells.eggs.length, 14);
        assert.equal(grid.cells.eggs[13], 1);
        assert.equal(grid.cells.eggs.slice(0, 13).reduce((a: number, b: number) => a + b, 0), 0);
        assert.equal(grid.last_exposure.eggs, '2026-11-22');
        assert.equal(grid.days_since_last.eggs, 0);
        assert.ok(grid.not_yet_logged.includes('peanuts'));
        assert.ok(!grid.not_yet_logged.includes('eggs'));
        assert.equal(p2.nutrients_7d.days, 7);
        assert.equal(p2.nutrients_7d.days_with_solids, 1);
      });

      test('the profile now says solids started', async () => {
        const prof = await call(t.app, 'GET', '/api/vega/profile', undefined, { token: f.token });
        assert.equal(prof.body.solids_started, true);
        assert.equal(prof.body.age_band_targets.age_band.id, '7-10mo');
        assert.equal(prof.body.age_band_targets.nutrients.targets.energy_kcal.target, 200);
      });
    });

    describe('measurements with WHO percentiles (domain-facts §7 vectors)', () => {
      const DOB = '2025-10-31';
      const SIX_MONTHS = plusDays(DOB, 183); // 182.6 days = 6 × 30.4375
      const TWELVE_MONTHS = plusDays(DOB, 365); // 365.25 days = 12 × 30.4375

      test('boy 6 months 7.0 kg → 12.8th, boy 12 months 73.0 cm → 12.4th', async () => {
        t.clock.set('2026-11-22T12:00:00Z');
        const f = await signUp(t.app, { dob: DOB, gender: 'boy', baby_name: 'Eli' });
        await call(t.app, 'POST', '/api/vega/log', { type: 'length', cm: 73.0, ts: `${TWELVE_MONTHS}T10:00:00` }, { token: f.token });
        await call(t.app, 'POST', '/api/vega/log', { type: 'weight', kg: 7.0, ts: `${SIX_MONTHS}T10:00:00` }, { token: f.token });
        const r = await call(t.app, 'GET', '/api/vega/measurements', undefined, { token: f.token });
        assert.equal(r.status, 200, r.text);
        const [w, l] = r.body.measurements;
        assert.equal(r.body.measurements.length, 2);
        assert.equal(w.type, 'weight'); // oldest first
        assert.equal(w.kg, 7.0);
        assert.equal(w.percentile.standard, 'WHO');
        assert.equal(w.percentile.sex, 'boy');
        assert.equal(w.percentile.age_days, 183);
        assert.ok(Math.abs(w.percentile.percentile - 12.8) <= 0.5, `weight percentile ${w.percentile.percentile}`);
        assert.ok(Math.abs(w.percentile.z - -1.134) <= 0.02, `weight z ${w.percentile.z}`);
        assert.equal(w.percentile.implausible, false);
        assert.match(w.percentile.description, /WHO/);
        assert.equal(l.type, 'length');
        assert.equal(l.cm, 73.0);
        assert.equal(l.percentile.age_days, 365);
        assert.ok(Math.abs(l.percentile.percentile - 12.4) <= 0.5, `length percentile ${l.percentile.percentile}`);
        assert.ok(Math.abs(l.percentile.z - -1.157) <= 0.02, `length z ${l.percentile.z}`);
      });

      test('girl 12 months 10.0 kg → 81.5th', async () => {
        const f = await signUp(t.app, { dob: DOB, gender: 'girl', baby_name: 'Fay' });
        await call(t.app, 'POST', '/api/vega/log', { type: 'weight', kg: 10.0, ts: `${TWELVE_MONTHS}T10:00:00` }, { token: f.token });
        await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 100, ts: `${TWELVE_MONTHS}T11:00:00` }, { token: f.token });
        const r = await call(t.app, 'GET', '/api/vega/measurements', undefined, { token: f.token });
        assert.equal(r.body.measurements.length, 1);
        const [w] = r.body.measurements;
        assert.equal(w.percentile.sex, 'girl');
        assert.ok(Math.abs(w.percentile.percentile - 81.5) <= 0.5, `percentile ${w.percentile.percentile}`);
        assert.ok(Math.abs(w.percentile.z - 0.896) <= 0.02, `z ${w.percentile.z}`);
      });

      test('no percentile when the gender is unknown', async () => {
        const f = await signUp(t.app, { dob: DOB, baby_name: 'Gus' });
        await call(t.app, 'POST', '/api/vega/log', { type: 'weight', kg: 7.0, ts: `${SIX_MONTHS}T10:00:00` }, { token: f.token });
        const r = await call(t.app, 'GET', '/api/vega/measurements', undefined, { token: f.token });
        assert.equal(r.status, 200);
        assert.equal(r.body.measurements.length, 1);
        assert.equal(r.body.measurements[0].kg, 7.0);
        assert.equal('percentile' in r.body.measurements[0], false);
      });
    });
  });
}
