// tracker reset-password EMAIL: the operator's way back in for someone who lost their password
// (for example the family's only admin). Prints a one-hour, single-use link to hand over.
import type { Ctx } from '../services/context.ts';
import { issueResetLinkByEmail } from '../services/access/password-resets.ts';
import { withDatabase } from './open-db.ts';

export async function resetPasswordCommand(email: string): Promise<void> {
  await withDatabase(async (db, config) => {
    const ctx: Ctx = { db, config, clock: Date.now };
    const link = await issueResetLinkByEmail(ctx, email);
    if (!link) throw new Error(`No account has the email ${email.trim().toLowerCase()}.`);
    console.log(`Reset link for ${email.trim().toLowerCase()} (valid for 1 hour, once; until ${link.expires_at} family time):`);
    console.log(link.reset_url);
  });
}
