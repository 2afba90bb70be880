// Each caregiver's language and formats (issue 39): the language their texts are written in
// (null: their browser's), their clock (h12, h23; null: the language's usual) and the first day
// of their week (monday, sunday; null: the language's usual). Kept on the caregiver's own row:
// every request reads that row with its credential, so the language costs no extra read.
import type { Kysely } from 'kysely';

export const caregiverPreferences = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
    await db.schema.alterTable('users').addColumn('hour_cycle', 'text').execute();
    await db.schema.alterTable('users').addColumn('week_start', 'text').execute();
  },
};
