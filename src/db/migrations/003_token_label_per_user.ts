// Token labels were unique per family, so a caregiver creating a token labelled "Claude"
// silently replaced another caregiver's "Claude" token. A label now belongs to its user.
import type { Kysely } from 'kysely';

export const tokenLabelPerUser = {
  async up(db: Kysely<any>) {
    await db.schema.dropIndex('tokens_family_label').execute();
    await db.schema.createIndex('tokens_user_label').on('tokens').columns(['family_id', 'user_id', 'label']).unique().execute();
  },
};
