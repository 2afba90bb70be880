// tracker demo [--days N]: a demo family with realistic history, its sign-in and a token.
import { randomBytes } from 'node:crypto';
import { withDatabase } from './open-db.ts';
import { onboard } from '../services/accounts.ts';
import { actorFromSession } from '../services/auth.ts';
import { createToken } from '../services/tokens.ts';
import { scopeOf, type Ctx } from '../services/context.ts';
import { demoHistory } from '../domain/demo-history.ts';
import { addDays, localDateOf } from '../domain/time.ts';
import { insertHistory } from '../services/seed.ts';

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
    const events = demoHistory({ dob, today, days, zone, authors: ['demo-parent', 'grandma'] });
    const n = await insertHistory(scopeOf(ctx, actor), zone, events, Date.now());
    const token = await createToken(ctx, actor, { label: 'demo', scopes: ['read', 'write'] });
    console.log(`Demo family created with ${n} events over ${days} days (child born ${dob}).`);
    console.log(`Sign in at ${config.publicUrl}/login`);
    console.log(`  email:    ${email}`);
    console.log(`  password: ${password}`);
    console.log(`API token (read+write): ${token.token}`);
    console.log(`  try: curl -H "Authorization: Bearer ${token.token}" ${config.publicUrl}/api/vega/live`);
  });
}
