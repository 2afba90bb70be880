// tracker demo [--days N]: a demo family with realistic history, its sign-in and a token.
import { randomBytes } from 'node:crypto';
import { withDatabase } from './open-db.ts';
import { join, onboard } from '../services/access/accounts.ts';
import { createInvite } from '../services/family/family.ts';
import { actorFromSession } from '../services/access/auth.ts';
import { createToken } from '../services/access/tokens.ts';
import type { Ctx } from '../services/context.ts';
import { childScopeOf } from '../services/family/children.ts';
import { demoHistory } from '../domain/demo-history.ts';
import { addDays, localDateOf } from '../domain/time.ts';
import { insertHistory } from '../services/housekeeping/seed.ts';

export async function demoCommand(days: number): Promise<void> {
  await withDatabase(async (db, config) => {
    const ctx: Ctx = { db, config, clock: Date.now };
    const zone = 'Europe/London';
    const today = localDateOf(Date.now(), zone);
    // Old enough to have started solids when the history is a month or more.
    const dob = addDays(today, -Math.min(5 * 365, Math.max(days + 30, 240)));
    const email = `demo-${randomBytes(4).toString('hex')}@example.com`;
    const password = randomBytes(9).toString('base64url');
    const signedIn = await onboard(ctx, { email, password, baby_name: 'Ada', dob, family_name: 'Demo family', timezone: zone, region: 'uk', username: 'demo-parent' }, 'cli');
    const actor = await actorFromSession(ctx, signedIn.sessionSecret);
    if (!actor) throw new Error('could not sign in the demo family');
    // A second caregiver joins through an invite, as a real one would: every author in the log
    // is a member of the family.
    const invite = await createInvite(ctx, actor);
    await join(ctx, { code: invite.code, email: `grandma-${randomBytes(4).toString('hex')}@example.com`, password: randomBytes(12).toString('base64url'), username: 'grandma' }, 'cli');
    // The generator stops the day before the `today` it is given: ask for one more day, ending
    // tomorrow, and keep what has already happened, so the log runs up to this moment.
    const now = Date.now();
    const events = demoHistory({ dob, today: addDays(today, 1), days: days + 1, zone, authors: ['demo-parent', 'grandma'] }).filter((e) => e.at <= now);
    const n = await insertHistory(await childScopeOf(ctx, actor), zone, events, now);
    const token = await createToken(ctx, actor, { label: 'demo', scopes: ['read', 'write'] });
    console.log(`Demo family created with ${n} events over ${days} days (child born ${dob}).`);
    console.log(`Sign in at ${config.publicUrl}/login`);
    console.log(`  email:    ${email}`);
    console.log(`  password: ${password}`);
    console.log(`API token (read+write): ${token.token}`);
    console.log(`  try: curl -H "Authorization: Bearer ${token.token}" ${config.publicUrl}/api/vega/live`);
  });
}
