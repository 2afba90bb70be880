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
}
