// A token created with another token is that token's child: revoking the parent revokes the
// children too, so a leaked token cannot outlive its own revocation through tokens it made.
import type { Kysely } from 'kysely';

export const tokenParent = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('tokens')
      .addColumn('parent_token_id', 'text', (c) => c.references('tokens.id').onDelete('cascade'))
      .execute();
  },
};
