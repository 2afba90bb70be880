// The benchmark's families: the same child (about three years old, Europe/London) with
// different lengths of logged history. Every family's log is a tail of one generated
// 3-year history, so their recent days are identical event for event and any difference
// between them comes from the history's length alone — not from the child's age band nor
// from what the random generator happened to put into the last fortnight.
import { randomBytes } from 'node:crypto';
import { onboard } from '../src/services/accounts.ts';
import { actorFromSession } from '../src/services/auth.ts';
import { createToken } from '../src/services/tokens.ts';
import { scopeOf, type Ctx } from '../src/services/context.ts';
import { demoHistory, type DemoEvent } from '../src/domain/demo-history.ts';
import { addDays, localDateOf } from '../src/domain/time.ts';
import { insertHistory } from '../src/services/seed.ts';

export const ZONE = 'Europe/London';
const CHILD_AGE_DAYS = 3 * 365 + 30;

export interface BenchFamily {
  label: string;
  days: number;
  events: number;
  familyId: string;
  token: string;
  seedMs: number;
}

export interface History {
  dob: string;
  today: string;
  events: DemoEvent[];
}

/** `days` full days of history plus today's events up to now (so GET /today has a day to show). */
export function generateHistory(now: number, days: number): History {
  const today = localDateOf(now, ZONE);
  const dob = addDays(today, -CHILD_AGE_DAYS);
  // The generator stops the day before `today`: ask for one more day ending tomorrow and
  // keep what has already happened.
  const events = demoHistory({ dob, today: addDays(today, 1), days: days + 1, zone: ZONE, authors: ['bench-parent', 'grandma'] }).filter(
    (e) => e.at <= now - 60_000,
  );
  return { dob, today, events };
}

/** Signs up a family, loads the last `days` days of `history` and creates a read+write token. */
export async function seedFamily(ctx: Ctx, label: string, days: number, history: History): Promise<BenchFamily> {
  const { dob, today } = history;
  const since = addDays(today, -days);
  const signedIn = await onboard(
    ctx,
    {
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: randomBytes(12).toString('base64url'),
      baby_name: 'Ada',
      dob,
      family_name: `Bench ${label}`,
      timezone: ZONE,
      region: 'uk',
      username: 'bench-parent',
    },
    'bench',
  );
  const actor = await actorFromSession(ctx, signedIn.sessionSecret);
  if (!actor) throw new Error('could not sign in the benchmark family');
  const events = history.events.filter((e) => e.local.slice(0, 10) >= since);
  const t0 = performance.now();
  const n = await insertHistory(scopeOf(ctx, actor), ZONE, events, ctx.clock());
  const seedMs = performance.now() - t0;
  const token = await createToken(ctx, actor, { label: 'bench', scopes: ['read', 'write'] });
  return { label, days, events: n, familyId: actor.familyId, token: token.token, seedMs };
}
