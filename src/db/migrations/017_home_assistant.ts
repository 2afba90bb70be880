// The Home Assistant bridge (issue 29).
// - home_assistant: one row per family that ever turned the bridge on: whether it is on, and the
//   random topic key its MQTT topics and Home Assistant's unique ids are derived from. The key is
//   made at the first enable and kept when the bridge is turned off and on again, so the
//   entities Home Assistant knows keep their ids (and their history, names and areas).
// - families.ha_on: 1 while the bridge is on, read with the credential (as webhooks_on is), so a
//   write knows from the family row it already holds whether to queue a state update.
// - outbox (target_id, message_id) unique: the periodic refresh of a child's state is queued by
//   every process under one message id per child and minute (ON CONFLICT DO NOTHING), so it is
//   queued once however many processes run.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function homeAssistant(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('families').addColumn('ha_on', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('home_assistant')
        .addColumn('family_id', 'text', (c) => c.primaryKey().references('families.id').onDelete('cascade'))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('topic_key', 'text', (c) => c.notNull().unique())
        .addColumn('updated_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outbox_target_message').on('outbox').columns(['target_id', 'message_id']).unique().execute();
    },
  };
}
