// "Undo" asks for the family's most recently logged event (highest seq); without this index
// both engines read the family's whole history to find it.
import type { Kysely } from 'kysely';

export const eventsSeqIndex = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('events_family_seq').on('events').columns(['family_id', 'seq']).execute();
  },
};
