// An idempotency key reused for a different request must not answer with the first result
// (an assistant would confirm a note that was never written): remember what the key was for.
import type { Kysely } from 'kysely';

export const idempotencyRequestHash = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
  },
};
