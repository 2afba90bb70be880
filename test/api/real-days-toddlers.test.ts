// Issue 27, items 3 and 4, over HTTP on both databases, with families built through the API:
// three days of real-looking logs and a morning, then live status and patterns read the way a
// careful parent would check them by hand.
// - Toddlers: milk feeds are timed only while they are the main food (under 12 months, or the
//   family's own last 3 days: 4 or more milk feeds and solids fewer than 3 times a day). A
//   14-month-old on three meals and two milk feeds is never told a feed is overdue; an
//   8-month-old still is; a 13-month-old still mostly on milk is too. Live and patterns give the
//   same feed interval (or both none).
// - Naps and bedtime: a nap window never runs past tonight's expected bedtime; when no nap fits
//   before it, live says the next sleep is bedtime.
// Times are in November (London on GMT), so "Z" instants and family-local times read the same.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type TestApp } from '../helpers/app.ts';

const DAYS = ['2026-11-19', '2026-11-20', '2026-11-21'];
const TODAY = '2026-11-22';

type Body = Record<string, unknown>;
/** One day's logs: HH:MM and the body to log. */
type Day = Array<[string, Body]>;

const milk = (ml: number): Body => ({ type: 'milk', ml });
const meal = (food: string): Body => ({ type: 'solid', foods: [food], meal_type: 'meal' });
const sleep: Body = { type: 'sleep' };
const wake: Body = { type: 'wake' };

interface FeedCase {
  name: string;
  dob: string;
  day: Day;
  today: Day;
  now: string;
  /** What the parent checks. */
  hungry: string;
  nextFeed: string | null;
  interval: number | null;
  applies: boolean;
  perDay: { feeds: number; solids: number } | null;
  alert: RegExp | null;
}

const FEEDS: FeedCase[] = [
  {
    name: 'a 14-month-old on three meals and two milk feeds: no feed is due, ever',
    dob: '2025-09-15', // 14 months on the 22nd
    day: [['06:45', wake], ['07:00', milk(200)], ['08:00', meal('porridge')], ['12:30', meal('pasta')], ['13:00', sleep], ['14:30', wake],
      ['17:30', meal('chicken')], ['19:00', milk(150)], ['19:15', sleep]],
    today: [['06:45', wake], ['07:00', milk(200)], ['08:00', meal('toast')], ['12:30', meal('pasta')]],
    // Seven hours since the morning milk: past the age band's 5 h, which used to read "overdue".
    now: '14:00',
    hungry: 'unknown', nextFeed: null, interval: null, applies: false, perDay: { feeds: 2, solids: 3 }, alert: null,
  },
  {
    name: 'an 8-month-old feeding every 4 h: still told when a feed is due',
    dob: '2026-03-20', // 8 months
    day: [['06:30', wake], ['07:00', milk(180)], ['11:00', milk(180)], ['12:00', meal('banana')], ['15:00', milk(180)], ['19:00', milk(180)],
      ['19:30', sleep], ['23:00', milk(120)]],
    today: [['06:30', wake], ['07:00', milk(180)], ['11:00', milk(180)], ['12:00', meal('avocado')]],
    now: '15:30',
    // The family's own median gap over 72 hours is 4 h: due 15:00, 30 minutes ago.
    hungry: 'overdue', nextFeed: '2026-11-22T15:00:00', interval: 240, applies: true, perDay: null,
    alert: /a feed is due \(usually about every 4 h\)/,
  },
  {
    name: 'a 13-month-old still mostly on milk (six feeds, one meal): the next feed is timed',
    dob: '2025-10-15', // 13 months
    day: [['07:00', milk(150)], ['10:00', milk(150)], ['12:00', meal('yoghurt')], ['13:00', milk(150)], ['16:00', milk(150)], ['19:00', milk(150)],
      ['22:00', milk(120)]],
    today: [['07:00', milk(150)], ['10:00', milk(150)]],
    now: '12:40',
    // 3 h between feeds by its own log: due 13:00, in 20 minutes.
    hungry: 'hungry_soon', nextFeed: '2026-11-22T13:00:00', interval: 180, applies: true, perDay: { feeds: 6, solids: 1 }, alert: null,
  },
];

interface NapCase {
  name: string;
  dob: string;
  today: Day;
  now: string;
  window: { start: string; end: string } | null;
  next: { kind: 'nap' | 'bedtime'; at: string; message: string };
}

// An 11-month-old (wake window 3–4 h) whose last three bedtimes were 19:15.
const NIGHTS: Day = [['06:30', wake], ['07:00', milk(200)], ['09:45', sleep], ['10:45', wake], ['12:00', meal('lentils')], ['19:15', sleep]];
const NAPS: NapCase[] = [
  {
    name: 'a late-afternoon wake: the 19:00–20:00 window would cross the 19:15 bedtime, so none; next sleep is bedtime',
    dob: '2025-12-15',
    today: [['06:30', wake], ['09:45', sleep], ['10:45', wake], ['14:30', sleep], ['16:00', wake]],
    now: '16:10',
    window: null,
    next: { kind: 'bedtime', at: `${TODAY}T19:15:00`, message: 'Next sleep: bedtime at 19:15.' },
  },
  {
    name: 'an early-afternoon wake: the window closes 3 h (the shortest wake window) before bedtime',
    dob: '2025-12-15',
    today: [['06:30', wake], ['09:45', sleep], ['12:45', wake]],
    now: '13:00',
    window: { start: `${TODAY}T15:45:00`, end: `${TODAY}T16:15:00` },
    next: { kind: 'nap', at: `${TODAY}T15:45:00`, message: 'Next sleep: a nap, window 15:45–16:15, before bedtime at 19:15.' },
  },
  {
    name: 'a morning wake: the whole wake window, well before bedtime',
    dob: '2025-12-15',
    today: [['06:30', wake]],
    now: '07:00',
    window: { start: `${TODAY}T09:30:00`, end: `${TODAY}T10:30:00` },
    next: { kind: 'nap', at: `${TODAY}T09:30:00`, message: 'Next sleep: a nap, window 09:30–10:30, before bedtime at 19:15.' },
  },
];

for (const d of testDatabases()) {
  describe(`real days: toddlers, naps and bedtime [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => {
      await t?.close();
    });

    /** Signs up a family and logs each event with the clock at its time. */
    async function family(dob: string, name: string, days: Array<[string, Day]>): Promise<string> {
      t.clock.set(`${DAYS[0]}T06:00:00Z`);
      const f = await signUp(t.app, { dob, baby_name: name });
      for (const [date, day] of days) {
        for (const [hhmm, body] of day) {
          const ts = `${date}T${hhmm}:00`;
          t.clock.set(`${ts}Z`);
          const r = await call(t.app, 'POST', '/api/vega/log', { ts, ...body }, { token: f.token });
          assert.equal(r.status, 200, r.text);
        }
      }
      return f.token;
    }

    async function read(token: string, local: string) {
      t.clock.set(`${local}Z`);
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, { token });
      assert.equal(live.status, 200, live.text);
      const patterns = await call(t.app, 'GET', '/api/vega/patterns', undefined, { token });
      assert.equal(patterns.status, 200, patterns.text);
      return { live: live.body, patterns: patterns.body.patterns };
    }

    describe('milk feeds are timed only while they are the main food', () => {
      for (const c of FEEDS) {
        test(c.name, async () => {
          const token = await family(c.dob, 'Sam', [...DAYS.map((date) => [date, c.day] as [string, Day]), [TODAY, c.today]]);
          const { live, patterns } = await read(token, `${TODAY}T${c.now}:00`);
          assert.equal(live.hungry_state, c.hungry);
          assert.equal(live.next_feed_at, c.nextFeed);
          assert.equal(live.feed_interval_minutes, c.interval);
          // One rule: the same interval in live status and patterns, or none in both.
          assert.equal(patterns.typical_feed_interval_minutes, c.interval);
          assert.equal(live.feed_interval_source, c.interval === null ? null : 'family');
          assert.deepEqual(live.milk_nudges, patterns.milk_nudges);
          assert.equal(live.milk_nudges.applies, c.applies);
          if (c.perDay !== null) {
            assert.equal(live.milk_nudges.basis, 'own_log');
            assert.equal(live.milk_nudges.milk_feeds_a_day, c.perDay.feeds);
            assert.equal(live.milk_nudges.solids_a_day, c.perDay.solids);
          }
          if (!c.applies) {
            assert.equal(live.milk_nudges.message,
              'Sam is on meals with milk alongside (about 2 milk feeds and 3 meals or snacks a day over the last 3 days), so no milk feed is timed.');
            assert.doesNotMatch(live.alert_msg ?? '', /feed/);
            assert.notEqual(live.hungry_state, 'overdue');
            assert.notEqual(live.hungry_state, 'hungry_soon');
          }
          if (c.alert !== null) assert.match(live.alert_msg ?? '', c.alert);
          // The same reading an hour on: still no overdue feed for the toddler.
          if (!c.applies) {
            const later = await read(token, `${TODAY}T18:30:00`);
            assert.equal(later.live.hungry_state, 'unknown');
            assert.equal(later.live.next_feed_at, null);
          }
        });
      }
    });

    describe('a nap window never runs past the expected bedtime', () => {
      for (const c of NAPS) {
        test(c.name, async () => {
          const token = await family(c.dob, 'Ivy', [...DAYS.map((date) => [date, NIGHTS] as [string, Day]), [TODAY, c.today]]);
          const { live } = await read(token, `${TODAY}T${c.now}:00`);
          assert.equal(live.age_band, '11-12mo');
          assert.equal(live.bedtime_source, 'family');
          assert.equal(live.expected_bedtime_at, `${TODAY}T19:15:00`);
          assert.deepEqual(live.next_nap_window_at, c.window);
          if (live.next_nap_window_at !== null) assert.ok(live.next_nap_window_at.end < live.expected_bedtime_at);
          assert.deepEqual(live.next_sleep, c.next);
        });
      }
    });
  });
}
