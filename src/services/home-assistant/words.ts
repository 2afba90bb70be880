// The language Home Assistant's state texts are written in (issue 39). A family has one Home
// Assistant, read by whoever looks at its dashboard, and its state is published with no request
// behind it, so it cannot follow a reader: it follows the family's admins (who alone turn it on),
// the saved language of the first of them to join who saved one, with that admin's hour cycle;
// none saved: English. English is British or American by the family's region. Entity names,
// ids and the state's codes (last_side's left/right) are Home Assistant's keys and stay as they
// are in every language.
import { sql } from 'kysely';
import type { FamilyScope } from '../../db/family-scope.ts';
import { savedWords } from '../../i18n/saved-words.ts';
import type { Words } from '../../i18n/text.ts';

export async function homeAssistantWords(scope: FamilyScope, region: string): Promise<Words> {
  const admin = await scope
    .selectFrom('users')
    .select(['language', 'hour_cycle'])
    .where('role', '=', 'admin')
    .orderBy(sql`case when language is null then 1 else 0 end`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return savedWords(admin, region);
}
