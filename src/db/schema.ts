// Table shapes as Kysely sees them. Instants are epoch milliseconds (bigint on PostgreSQL,
// parsed back to number at the driver); JSON values are stored as text on both engines so
// the same queries run everywhere.
import type { Generated } from 'kysely';

export interface FamiliesTable {
  id: string;
  family_name: string;
  timezone: string;
  region: string;
  units: string;
  plan: string;
  acquisition: string | null;
  created_at: number;
  /** bumped by triggers whenever the family's log, feed timers, recipes, children or settings change */
  version: Generated<number>;
  /** the child every request that names none addresses (migration 013) */
  primary_child_id: string;
  /** bumped by triggers whenever the family's children (or its primary child) change */
  children_version: Generated<number>;
  /** when the family last changed its time zone (epoch ms); null: not since migration 015 */
  timezone_set_at: number | null;
  /** how many of the family's webhooks are enabled (migration 016): does a write have anyone to tell */
  webhooks_on: Generated<number>;
  /** 1 while the family's Home Assistant bridge is on (migration 017): does a write queue a state update */
  ha_on: Generated<number>;
}

/** A child of the family; its events and feed timer carry its id. */
export interface ChildrenTable {
  family_id: string;
  id: string;
  name: string;
  /** the name folded for uniqueness within the family (domain/children.ts childNameKey) */
  name_key: string;
  dob: string;
  gender: string;
  /** 1: hidden from the switcher and default lists; history stays readable; no new logs */
  archived: number;
  created_at: number;
}

export interface UsersTable {
  id: string;
  family_id: string;
  email: string;
  username: string;
  password_hash: string;
  role: string;
  created_at: number;
  /** 019: the caregiver's language (i18n/languages.ts), hour cycle and week start; null: not chosen */
  language: string | null;
  hour_cycle: string | null;
  week_start: string | null;
}

export interface SessionsTable {
  id_hash: string;
  family_id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  /** opaque id shown in GET /api/vega/sessions (never the secret or its hash) */
  public_id: string | null;
  /** last request with this session (written at most once a minute): the idle timeout */
  last_seen_at: number | null;
  user_agent: string | null;
}

export interface TokensTable {
  id: string;
  family_id: string;
  user_id: string;
  label: string;
  token_hash: string;
  /** comma-separated: read,write */
  scopes: string;
  /** the token this one was created with (null when created from a session) */
  parent_token_id: string | null;
  created_at: number;
  /** last request with this token (written at most once a minute) */
  last_used_at: number | null;
  /** null: never expires */
  expires_at: number | null;
}

export interface InvitesTable {
  id: string;
  family_id: string;
  code_hash: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  /** set when used or revoked; an invite is open while both are null and it has not expired */
  used_at: number | null;
  used_by: string | null;
  revoked_at: number | null;
}

export interface EventsTable {
  family_id: string;
  /** the child the event is about (migration 013) */
  child_id: string;
  id: string;
  ts: string;
  at: number;
  zone: string;
  type: string;
  author: string;
  ml: number | null;
  kind: string | null;
  foods: string | null;
  meal_type: string | null;
  kg: number | null;
  cm: number | null;
  ug: number | null;
  note: string | null;
  reactions: string | null;
  /** milk only: left, right or both */
  side: string | null;
  /** milk, pumping, activity: minutes it took */
  duration_min: number | null;
  /** temperature only: °C as sent, or converted from °F unrounded (migration 014) */
  celsius: number | null;
  /** temperature only: how it was taken */
  method: string | null;
  /** medicine only: name, amount and unit of the dose given */
  medicine: string | null;
  amount: number | null;
  unit: string | null;
  /** milestone only */
  title: string | null;
  /** internal: the side a "both" breastfeed ended on (never sent to clients) */
  last_side: string | null;
  created_at: number;
  /** insertion order, so "undo" removes the most recently logged event */
  seq: Generated<number>;
}

/** A child's running breastfeed, if any (one row per child at most: twins feed together). */
export interface FeedTimersTable {
  family_id: string;
  child_id: string;
  /** epoch ms the feed began */
  started_at: number;
  /** the side feeding now: left or right */
  side: string;
  /** epoch ms the current side began */
  side_since: number;
  /** time on each side before the current stretch */
  left_ms: number;
  right_ms: number;
  /** 1 once the feed has switched sides */
  switched: number;
  started_by: string;
  created_at: number;
}

/** A running export's lease (one export per family at a time). */
export interface ExportLeasesTable {
  family_id: string;
  expires_at: number;
}

/** A one-hour, single-use password reset link; only the code's SHA-256 is stored. */
export interface PasswordResetsTable {
  code_hash: string;
  user_id: string;
  family_id: string;
  created_at: number;
  expires_at: number;
  /** set when the link was used (a used link never works again) */
  used_at: number | null;
}

export interface RecipesTable {
  family_id: string;
  name_key: string;
  name: string;
  ingredients: string;
  created_at: number;
}

/** A medicine the family gives, with its own settings from the packet or prescription (migration 014). */
export interface MedicinesTable {
  family_id: string;
  /** the name folded for uniqueness within the family (domain/medicines.ts medicineKey) */
  name_key: string;
  name: string;
  /** the family's minimum hours between doses; null: not set */
  min_hours: number | null;
  /** the family's most doses in 24 hours; null: not set */
  max_per_24h: number | null;
  created_at: number;
}

export interface NotesTable {
  family_id: string;
  ts: string;
  text: string;
  tags: string;
  created_at: number;
}

export interface IdempotencyTable {
  family_id: string;
  key: string;
  scope: string;
  response: string;
  /** SHA-256 of the request the key was first used for */
  request_hash: string | null;
  created_at: number;
}

export interface CountersTable {
  bucket: string;
  window_start: number;
  count: number;
}

/** Which release applied each migration (the newest migration's release names the schema). */
export interface SchemaReleasesTable {
  migration: string;
  release: string;
  applied_at: number;
}

export interface AnalyticsTable {
  id: Generated<number>;
  name: string;
  props: string;
  created_at: number;
}

/** An admin's webhook receiver (migration 016); the secret signs, so it is kept as given and never shown again. */
export interface WebhooksTable {
  id: string;
  family_id: string;
  url: string;
  /** JSON array of event names */
  events: string;
  /** whsec_… (Standard Webhooks) */
  secret: string;
  created_by: string;
  created_at: number;
  enabled: Generated<number>;
  /** first failure of the current run of failures; null while it works */
  failing_since: number | null;
  disabled_at: number | null;
  disabled_reason: string | null;
}

/** One attempt to deliver a message to a webhook (the last 50 per webhook are kept). */
export interface WebhookDeliveriesTable {
  seq: Generated<number>;
  webhook_id: string;
  family_id: string;
  message_id: string;
  event_type: string;
  attempt: number;
  at: number;
  /** the receiver's HTTP status; null when none came back (timeout, refused address, network) */
  status: number | null;
  duration_ms: number;
  error: string | null;
}

/** A message waiting to leave the service: written with the change, sent after the commit. */
export interface OutboxTable {
  seq: Generated<number>;
  family_id: string;
  /** 'webhook' | 'push' | 'ha_state' */
  kind: string;
  /** the webhook's or push subscription's id; for 'ha_state', the child's */
  target_id: string;
  /** stable across retries: the receiver's dedupe key (webhook-id) */
  message_id: string;
  event_type: string;
  /** JSON */
  payload: string;
  created_at: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** a worker holds the row until then (epoch ms) */
  lease_until: number | null;
  lease_owner: string | null;
  last_error: string | null;
}

/** A caregiver's browser that takes Web Push (its PushSubscription). */
export interface PushSubscriptionsTable {
  id: string;
  family_id: string;
  user_id: string;
  /** the session it was made with (removed when that session ends), or null */
  session_hash: string | null;
  /** the token it was made with (removed when that token is revoked), or null */
  token_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: number;
}

/** Keys the service made for itself (the VAPID key pair, as JSON). */
export interface ServiceKeysTable {
  name: string;
  value: string;
  created_at: number;
}

/** One caregiver's reminder settings (JSON). */
export interface ReminderSettingsTable {
  user_id: string;
  family_id: string;
  settings: string;
  updated_at: number;
}

/** A reminder occurrence already fired for a caregiver: its key makes it fire once. */
export interface RemindersSentTable {
  user_id: string;
  occurrence: string;
  family_id: string;
  at: number;
}

/** A family's Home Assistant bridge (migration 017): on or off, and the key its topics are derived from. */
export interface HomeAssistantTable {
  family_id: string;
  enabled: number;
  /** 32 hex characters, random, made at the first enable and kept (stable entity ids) */
  topic_key: string;
  updated_at: number;
}

export interface Database {
  families: FamiliesTable;
  children: ChildrenTable;
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  invites: InvitesTable;
  events: EventsTable;
  feed_timers: FeedTimersTable;
  export_leases: ExportLeasesTable;
  password_resets: PasswordResetsTable;
  recipes: RecipesTable;
  medicines: MedicinesTable;
  notes: NotesTable;
  idempotency_keys: IdempotencyTable;
  counters: CountersTable;
  analytics_events: AnalyticsTable;
  schema_releases: SchemaReleasesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  outbox: OutboxTable;
  push_subscriptions: PushSubscriptionsTable;
  service_keys: ServiceKeysTable;
  reminder_settings: ReminderSettingsTable;
  reminders_sent: RemindersSentTable;
  home_assistant: HomeAssistantTable;
}
