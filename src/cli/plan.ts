import { withDatabase } from './open-db.ts';

export async function planCommand(emailArg: string, plan: string): Promise<void> {
  if (plan !== 'free' && plan !== 'paid') throw new Error(`plan must be 'free' or 'paid' (got '${plan}')`);
  const email = emailArg.trim().toLowerCase();
  await withDatabase(async (db) => {
    const user = await db.kysely.selectFrom('users').select('family_id').where('email', '=', email).executeTakeFirst();
    if (!user) throw new Error(`No account has the email ${email}.`);
    await db.kysely.updateTable('families').set({ plan }).where('id', '=', user.family_id).execute();
    console.log(`The family of ${email} is now on the ${plan} plan.`);
  });
}
