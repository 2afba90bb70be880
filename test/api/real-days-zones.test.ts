// Real days across time zones (issue 27, items 1 and 2), on both databases, with families built
// through the API and every figure one a careful parent would check by hand:
// - a family that moves: a week logged in London, then the profile's zone set to New York. Every
//   event is shown at its true time in New York, under its own New York date; nothing is later
//   than now; today, yesterday, patterns, the report and live agree (a 09:00 London feed is the
//   04:00 New York feed of the same date, and live's next feed counts from it);
// - families on holiday, logging with the phone's zone (`timezone`) for a week: their rhythm is
//   learned on the baby's own clock and predicted where the baby is now (live.timezone), so a
//   week of 19:00 bedtimes in Los Angeles predicts 19:00 in Los Angeles, and a night abroad is
//   never a nap because it fell in the home zone's daytime (nor a nap a night);
// - where the baby is now: the zone of the most recent log of the last 48 hours, unless the
//   family set its zone since; otherwise the family's.
// November 2026: London on GMT (UTC+0), New York on EST (UTC−5), Los Angeles on PST (UTC−8),
// Tokyo on JST (UTC+9); no clock change in the weeks used.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { addDays, instantToLocal, localToInstant } from '../../src/domain/time.ts';

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
const LA = 'America/Los_Angeles';
const TOKYO = 'Asia/Tokyo';

/** A local wall-clock time plus minutes, as a local wall-clock string (no zone change inside the weeks used). */
function plusMinutes(ts: string, minutes: number): string {
  return new Date(Date.parse(`${ts}Z`) + minutes * 60_000).toISOString().slice(0, 19);
}

for (const d of testDatabases()) {
  describe(`real days across time zones [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => {
      await t?.close();
    });

    const get = async (f: Family, url: string) => {
      const r = await call(t.app, 'GET', url, undefined, { token: f.token });
      assert.equal(r.status, 200, `${url}: ${r.text}`);
      return r.body;
    };
    const log = async (f: Family, body: Record<string, unknown>) => {
      const r = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
      assert.equal(r.status, 200, r.text);
      return r.body;
    };
    /** Sets the service clock to local time `local` in `zone`. */
    const clockAt = (local: string, zone: string) => t.clock.set(new Date(localToInstant(local, zone)).toISOString());

    describe('a family that moves from London to New York', () => {
      let f: Family;
      /** id → the event as logged: its London time and type. */
      const logged = new Map<string, { london: string; type: string; ml: number | null }>();

      before(async () => {
        // Logged as it happened, in London: the week of the 15th to the 21st, then the 22nd's night and morning.
        clockAt('2026-11-22T09:30:00', LONDON);
        f = await signUp(t.app, { baby_name: 'Maya', dob: '2026-05-01', timezone: LONDON });
        const day = (date: string): Array<[string, Record<string, unknown>]> => [
          [`${date}T02:00:00`, { type: 'milk', ml: 150 }],
          [`${date}T06:30:00`, { type: 'wake' }],
          [`${date}T07:00:00`, { type: 'milk', ml: 180 }],
          [`${date}T09:30:00`, { type: 'sleep' }],
          [`${date}T10:30:00`, { type: 'wake' }],
          [`${date}T11:00:00`, { type: 'milk', ml: 180 }],
          [`${date}T13:30:00`, { type: 'sleep' }],
          [`${date}T15:00:00`, { type: 'wake' }],
          [`${date}T15:15:00`, { type: 'milk', ml: 180 }],
          [`${date}T19:00:00`, { type: 'milk', ml: 200 }],
          [`${date}T19:30:00`, { type: 'sleep' }],
        ];
        const all: Array<[string, Record<string, unknown>]> = [];
        for (let i = 15; i <= 21; i++) all.push(...day(`2026-11-${i}`));
        all.push(['2026-11-22T02:00:00', { type: 'milk', ml: 150 }], ['2026-11-22T06:30:00', { type: 'wake' }], ['2026-11-22T09:00:00', { type: 'milk', ml: 170 }]);
        for (const [ts, body] of all) {
          const r = await log(f, { ts, ...body });
          assert.equal(r.event.ts, ts, 'shown in London while the family lives there');
          logged.set(r.event.id, { london: ts, type: String(body.type), ml: (body.ml as number | undefined) ?? null });
        }
        // 10:00 in London, 05:00 in New York: the family sets its new zone.
        clockAt('2026-11-22T10:00:00', LONDON);
        const moved = await call(t.app, 'POST', '/api/vega/profile', { timezone: NEW_YORK }, { cookie: f.cookie });
        assert.equal(moved.status, 200, moved.text);
        assert.equal(moved.body.profile.timezone, NEW_YORK);
      });

      // Each row: an event logged in London and where a parent in New York must find it.
      const rows: Array<{ what: string; london: string; newYork: string }> = [
        { what: "the 09:00 London feed of the 22nd: 04:00 in New York, today", london: '2026-11-22T09:00:00', newYork: '2026-11-22T04:00:00' },
        { what: "the 06:30 London wake of the 22nd: 01:30 in New York, today", london: '2026-11-22T06:30:00', newYork: '2026-11-22T01:30:00' },
        { what: "the 02:00 London night feed of the 22nd: 21:00 the evening before in New York, yesterday", london: '2026-11-22T02:00:00', newYork: '2026-11-21T21:00:00' },
        { what: "the 19:30 London bedtime of the 21st: 14:30 in New York", london: '2026-11-21T19:30:00', newYork: '2026-11-21T14:30:00' },
        { what: "the 02:00 London feed of the 15th: 21:00 on the 14th in New York", london: '2026-11-15T02:00:00', newYork: '2026-11-14T21:00:00' },
      ];
      for (const row of rows) {
        test(`${row.what}`, async () => {
          const id = [...logged].find(([, e]) => e.london === row.london)![0];
          const date = row.newYork.slice(0, 10);
          const day = await get(f, `/api/vega/events?date=${date}`);
          const found = day.events.find((e: any) => e.id === id);
          assert.ok(found, `listed under ${date}`);
          assert.equal(found.ts, row.newYork);
          const other = await get(f, `/api/vega/events?date=${addDays(date, row.london.slice(0, 10) === date ? 1 : -1)}`);
          assert.ok(!other.events.some((e: any) => e.id === id), 'and under no other date');
        });
      }

      test('every event is listed once, under its own New York date, at its instant read in New York', async () => {
        const seen = new Set<string>();
        for (let date = '2026-11-14'; date <= '2026-11-22'; date = addDays(date, 1)) {
          const day = await get(f, `/api/vega/events?date=${date}`);
          for (const e of day.events) {
            assert.equal(e.ts.slice(0, 10), date, `${e.ts} under ${date}`);
            assert.equal(e.ts, instantToLocal(localToInstant(logged.get(e.id)!.london, LONDON), NEW_YORK));
            assert.ok(!seen.has(e.id));
            seen.add(e.id);
          }
          const ts = day.events.map((e: any) => e.ts);
          assert.deepEqual(ts, [...ts].sort(), 'oldest first');
        }
        assert.equal(seen.size, logged.size);
      });

      test('today in New York: nothing later than now; today, patterns and live agree on the feeds and the last feed', async () => {
        const live = await get(f, '/api/vega/live');
        assert.equal(live.timezone, NEW_YORK, 'the family said where it is: no log since says otherwise');
        assert.equal(live.now, '2026-11-22T05:00:00');
        const today = await get(f, '/api/vega/today');
        const yesterday = await get(f, '/api/vega/events?date=2026-11-21');
        assert.deepEqual(today, await get(f, '/api/vega/events?date=2026-11-22'));
        assert.deepEqual(today.events.map((e: any) => e.ts), ['2026-11-22T01:30:00', '2026-11-22T04:00:00']);
        for (const e of today.events) assert.ok(e.ts <= live.now, `${e.ts} is not after now`);
        // Yesterday in New York ends with London's night feed of the 22nd.
        assert.equal(yesterday.events.at(-1).ts, '2026-11-21T21:00:00');
        assert.equal(yesterday.events.at(-1).ml, 150);

        const milkToday = today.events.filter((e: any) => e.type === 'milk');
        assert.equal(live.feeds_today, milkToday.length);
        assert.equal(live.ml_today, 170);
        assert.equal(live.last_milk_ml, 170);
        assert.equal(live.asleep, false);
        assert.equal(live.awake_minutes, 210, 'awake since 01:30 New York (06:30 London)');
        assert.equal(live.next_feed_at, plusMinutes('2026-11-22T04:00:00', live.feed_interval_minutes), 'the next feed counts from the 04:00 feed');
        assert.ok(live.next_feed_at > live.now);

        const p = await get(f, '/api/vega/patterns');
        assert.equal(p.daily_totals.at(-1).date, '2026-11-22');
        assert.deepEqual(p.today, today.events);
        const y = p.daily_totals.find((x: any) => x.date === '2026-11-21');
        const yMilk = yesterday.events.filter((e: any) => e.type === 'milk');
        assert.equal(y.feeds, yMilk.length);
        assert.equal(y.milk_ml, yMilk.reduce((s: number, e: any) => s + e.ml, 0));
        assert.equal(p.daily_totals.at(-1).feeds, live.feeds_today);
        // The rhythm learned in London on the baby's own clock (19:30 bedtimes, 06:30 wakes) is
        // the rhythm predicted in New York: tonight's bedtime at 19:30 there.
        assert.equal(p.patterns.typical_bedtime, '19:30');
        assert.equal(p.patterns.typical_wake_time, '06:30');
        assert.equal(p.patterns.average_daily_naps, 2);
        assert.equal(live.expected_bedtime_at, '2026-11-22T19:30:00');
        assert.equal(live.bedtime_source, 'family');

        const report = await get(f, '/api/vega/report?from=2026-11-21&to=2026-11-22');
        const rDay = report.days.find((x: any) => x.date === '2026-11-21');
        assert.equal(rDay.feeds.count, yMilk.length);
        assert.equal(report.days.find((x: any) => x.date === '2026-11-22').feeds.count, milkToday.length);
      });

      test('the first log in New York, with no zone given, is in New York; live stays there', async () => {
        clockAt('2026-11-22T05:30:00', NEW_YORK);
        const r = await log(f, { type: 'nappy', kind: 'wet' });
        assert.equal(r.event.ts, '2026-11-22T05:30:00');
        assert.equal(r.live.timezone, NEW_YORK);
        assert.equal(r.live.now, '2026-11-22T05:30:00');
        const today = await get(f, '/api/vega/today');
        assert.deepEqual(today.events.map((e: any) => e.ts), ['2026-11-22T01:30:00', '2026-11-22T04:00:00', '2026-11-22T05:30:00']);
      });
    });

    describe('families on holiday, logging with the phone’s zone', () => {
      // Each row: a family at home in `home`, a week abroad in `away`, logging every event with
      // timezone `away`: up at 07:00, naps 09:30–10:30 and 13:30–15:00, bedtime 19:00, there.
      const rows = [
        { name: 'a London family in Los Angeles (the away night starts at 03:00 at home; its naps end in the home evening)', home: LONDON, away: LA },
        { name: 'a London family in Tokyo (the away night starts at 10:00 at home, its naps at 00:30 and 04:30)', home: LONDON, away: TOKYO },
        { name: 'a New York family in London (the away night starts at 14:00 at home)', home: NEW_YORK, away: LONDON },
      ];
      for (const row of rows) {
        describe(row.name, () => {
          let f: Family;
          const napsLogged: string[] = [];
          const at = (local: string) => clockAt(local, row.away);
          const logAway = (ts: string, body: Record<string, unknown>) => log(f, { ts, timezone: row.away, ...body });

          before(async () => {
            at('2026-11-15T06:00:00');
            f = await signUp(t.app, { baby_name: 'Noor', dob: '2026-05-01', timezone: row.home });
            at('2026-11-22T08:00:00');
            for (let i = 15; i <= 22; i++) {
              const date = `2026-11-${i}`;
              await logAway(`${date}T07:00:00`, { type: 'wake' });
              await logAway(`${date}T07:15:00`, { type: 'milk', ml: 180 });
              if (i === 22) break;
              for (const [from, to] of [['09:30', '10:30'], ['13:30', '15:00']]) {
                await logAway(`${date}T${from}:00`, { type: 'sleep' });
                await logAway(`${date}T${to}:00`, { type: 'wake' });
                napsLogged.push(`${date}T${from}:00`);
              }
              await logAway(`${date}T11:00:00`, { type: 'milk', ml: 180 });
              await logAway(`${date}T15:30:00`, { type: 'milk', ml: 180 });
              await logAway(`${date}T18:30:00`, { type: 'milk', ml: 200 });
              await logAway(`${date}T19:00:00`, { type: 'sleep' });
            }
          });

          test('morning abroad: live in the away zone, bedtime 19:00 there (the family’s own), the nap window after the 07:00 wake', async () => {
            at('2026-11-22T08:00:00');
            const live = await get(f, '/api/vega/live');
            assert.equal(live.timezone, row.away);
            assert.equal(live.now, '2026-11-22T08:00:00');
            assert.equal(live.asleep, false);
            assert.equal(live.awake_minutes, 60);
            assert.equal(live.bedtime_source, 'family');
            assert.equal(live.expected_bedtime_at, '2026-11-22T19:00:00');
            // 5–6 months: wake windows of 2 to 3 hours, from the 07:00 wake (a morning there, not a night at home).
            assert.deepEqual(live.next_nap_window_at, { start: '2026-11-22T09:00:00', end: '2026-11-22T10:00:00' });
            assert.equal(live.next_feed_at, plusMinutes('2026-11-22T07:15:00', live.feed_interval_minutes));
            assert.equal(live.feeds_today, 1, 'today is the day abroad: the 07:15 feed');
            assert.equal(live.ml_today, 180);
          });

          test('a night abroad is night sleep; the week’s rhythm is 19:00 and 07:00; every nap is a nap and no night is one', async () => {
            at('2026-11-22T09:30:00');
            await logAway('2026-11-22T09:30:00', { type: 'sleep' });
            at('2026-11-22T10:30:00');
            await logAway('2026-11-22T10:30:00', { type: 'wake' });
            napsLogged.push('2026-11-22T09:30:00');
            at('2026-11-22T19:00:00');
            await logAway('2026-11-22T19:00:00', { type: 'sleep' });
            at('2026-11-22T21:00:00');

            const live = await get(f, '/api/vega/live');
            assert.equal(live.timezone, row.away);
            assert.equal(live.asleep, true);
            assert.equal(live.night_sleep, true);
            assert.equal(live.asleep_since, '2026-11-22T19:00:00');
            assert.equal(live.check, null);
            assert.equal(live.next_nap_window_at, null);

            const p = await get(f, '/api/vega/patterns');
            assert.equal(p.patterns.typical_bedtime, '19:00');
            assert.equal(p.patterns.typical_wake_time, '07:00');
            const days = p.daily_totals;
            assert.equal(days.reduce((s: number, x: any) => s + x.naps, 0), napsLogged.length, 'every nap, and nothing else, counted as a nap');
            // On the clock abroad: day sleep is the naps (60 + 90 minutes a day for 7 days, and
            // today's hour) and each night's last hour (06:00–07:00 is day time); night sleep the
            // 7 nights' 11 hours from 19:00 to 06:00 and tonight's 2 hours so far.
            assert.equal(days.reduce((s: number, x: any) => s + x.sleep_minutes_day, 0), 7 * (150 + 60) + 60);
            assert.equal(days.reduce((s: number, x: any) => s + x.sleep_minutes_night, 0), 7 * 660 + 120);
            // Each nap under the family's date it began on (days are the family's), and only naps.
            const napsByDate = new Map<string, number>();
            for (const ts of napsLogged) {
              const date = instantToLocal(localToInstant(ts, row.away), row.home).slice(0, 10);
              napsByDate.set(date, (napsByDate.get(date) ?? 0) + 1);
            }
            for (const x of days) assert.equal(x.naps, napsByDate.get(x.date) ?? 0, x.date);
            assert.equal(p.patterns.longest_sleep.minutes, 720);
          });

          test('back home: the first log without a zone puts live in the family’s zone, with the bedtime learned abroad', async () => {
            // The day after the last night abroad: the family flies home and logs there.
            const home = instantToLocal(localToInstant('2026-11-23T07:00:00', row.away), row.home);
            t.clock.set(new Date(localToInstant(home, row.home)).toISOString());
            const r = await log(f, { type: 'wake' });
            assert.equal(r.event.ts, home);
            assert.equal(r.live.timezone, row.home);
            assert.equal(r.live.now, home);
            assert.equal(r.live.expected_bedtime_at, `${home.slice(0, 10)}T19:00:00`, 'the usual 19:00, now at home');
          });
        });
      }

      test('no log for 48 hours: live is back in the family’s zone; setting the family’s zone to the away one puts it there', async () => {
        at0('2026-11-20T08:00:00');
        const f = await signUp(t.app, { baby_name: 'Ivo', dob: '2026-05-01', timezone: LONDON });
        const r = await log(f, { type: 'milk', ml: 150, timezone: LA });
        assert.equal(r.event.ts, instantToLocal(localToInstant('2026-11-20T08:00:00', LA), LONDON), 'the log is shown in the family’s zone');
        assert.equal(r.live.timezone, LA);
        assert.equal(r.live.now, '2026-11-20T08:00:00');

        at0('2026-11-22T07:59:00');
        assert.equal((await get(f, '/api/vega/live')).timezone, LA, '47 hours 59 minutes: still there');
        at0('2026-11-22T08:01:00');
        const later = await get(f, '/api/vega/live');
        assert.equal(later.timezone, LONDON, 'over 48 hours: not known, the family’s zone');
        assert.equal(later.now, instantToLocal(localToInstant('2026-11-22T08:01:00', LA), LONDON));

        const moved = await call(t.app, 'POST', '/api/vega/profile', { timezone: LA }, { cookie: f.cookie });
        assert.equal(moved.status, 200, moved.text);
        const there = await get(f, '/api/vega/live');
        assert.equal(there.timezone, LA);
        assert.equal(there.now, '2026-11-22T08:01:00');
        assert.equal((await get(f, '/api/vega/today')).events.length, 0, 'the 20th’s feed is not today in Los Angeles');
        assert.equal((await get(f, '/api/vega/events?date=2026-11-20')).events[0].ts, '2026-11-20T08:00:00');

        function at0(local: string) {
          clockAt(local, LA);
        }
      });

      test('an event logged abroad whose time is corrected (on the family’s clock) is still abroad', async () => {
        clockAt('2026-11-22T10:00:00', LA);
        const f = await signUp(t.app, { baby_name: 'Eli', dob: '2026-05-01', timezone: LONDON });
        const r = await log(f, { type: 'milk', ml: 120, timezone: LA, ts: '2026-11-22T09:40:00' });
        const corrected = instantToLocal(localToInstant('2026-11-22T09:30:00', LA), LONDON);
        const edited = await call(t.app, 'POST', '/api/vega/event/edit', { id: r.event.id, changes: { ts: corrected } }, { token: f.token });
        assert.equal(edited.status, 200, edited.text);
        assert.equal(edited.body.event.ts, corrected);
        assert.equal(edited.body.live.timezone, LA);
        assert.equal(edited.body.live.next_feed_at, plusMinutes('2026-11-22T09:30:00', edited.body.live.feed_interval_minutes));
      });

      test('the feed timer abroad: stop with the phone’s zone keeps the feed there; the feed beside live is in live’s zone', async () => {
        clockAt('2026-11-22T06:00:00', LA);
        const f = await signUp(t.app, { baby_name: 'Ola', dob: '2026-05-01', timezone: LONDON });
        await log(f, { type: 'wake', timezone: LA });
        clockAt('2026-11-22T06:10:00', LA);
        const started = await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left', timezone: LA, ts: '2026-11-22T06:05:00' }, { token: f.token });
        assert.equal(started.status, 200, started.text);
        assert.equal(started.body.live.timezone, LA);
        assert.equal(started.body.feed.started_at, '2026-11-22T06:05:00');
        assert.equal(started.body.live.feeding.started_at, '2026-11-22T06:05:00');
        clockAt('2026-11-22T06:25:00', LA);
        const stopped = await call(t.app, 'POST', '/api/vega/feed/stop', { timezone: LA }, { token: f.token });
        assert.equal(stopped.status, 200, stopped.text);
        assert.equal(stopped.body.live.timezone, LA, 'the timer’s feed was logged abroad too');
        assert.equal(stopped.body.event.duration_min, 20);
        assert.equal(stopped.body.event.ts, instantToLocal(localToInstant('2026-11-22T06:05:00', LA), LONDON));
        assert.equal(stopped.body.live.next_feed_at, plusMinutes('2026-11-22T06:05:00', stopped.body.live.feed_interval_minutes));

        // An app that sends no zone with the timer: the feed is kept where the baby is now.
        clockAt('2026-11-22T09:00:00', LA);
        assert.equal((await call(t.app, 'POST', '/api/vega/feed/start', { side: 'right' }, { token: f.token })).status, 200);
        clockAt('2026-11-22T09:12:00', LA);
        const plain = await call(t.app, 'POST', '/api/vega/feed/stop', {}, { token: f.token });
        assert.equal(plain.status, 200, plain.text);
        assert.equal(plain.body.live.timezone, LA);
        assert.equal(plain.body.live.next_feed_at, plusMinutes('2026-11-22T09:00:00', plain.body.live.feed_interval_minutes));
      });
    });
  });
}
