// When the family last set its time zone (issue 27): families.timezone_set_at, epoch ms, null
// until the zone is first changed after this release. Live status places the baby by the zone of
// the recent logs (a family abroad logs in the phone's zone), but a log made before the family
// set its zone says nothing about where the baby is now: without this, a family that has just
// moved would be told the old zone's times until its next log (domain/zone-now.ts).
// A nullable column without a default: adding it rewrites nothing on either engine, and the
// family's version triggers (migrations 008 and 013) already fire on the change of `timezone`
// that always comes with it.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function timezoneSetAt(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('families').addColumn('timezone_set_at', sql.raw(bigint)).execute();
    },
  };
}
