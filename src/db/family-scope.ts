// The only way services reach family-owned rows. A FamilyScope is built from an actor's
// family id and adds `family_id = ?` to every select, update and delete, and sets family_id
// on every insert, so no code path can read or write another family's data by forgetting a
// where clause. A scope bound to a transaction is also where a service records what happened
// (emit): the one seam to everything that leaves the service after the commit (domain-events.ts).
import type {
  ExpressionBuilder,
  Selectable,
  DeleteQueryBuilder,
  DeleteResult,
  Insertable,
  Kysely,
  QueryCreator,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import { sql } from 'kysely';
import type { Database } from './schema.ts';
import type { Dialect } from './connect.ts';
import type { PreparedQuery } from './prepared.ts';
import { groupCommitOf } from './group-commit.ts';
import type { DomainEvent, Routed } from '../domain/domain-events.ts';
import { TransactionEvents, type ListenerFlags } from './domain-events.ts';
import { wakeOutboxWorker } from './outbox.ts';

export type FamilyOwnedTable =
  | 'users'
  | 'sessions'
  | 'tokens'
  | 'invites'
  | 'children'
  | 'export_leases'
  | 'password_resets'
  | 'recipes'
  | 'medicines'
  | 'notes'
  | 'idempotency_keys'
  | 'webhooks'
  | 'webhook_deliveries'
  | 'outbox'
  | 'push_subscriptions'
  | 'reminder_settings'
  | 'reminders_sent'
  | 'home_assistant';

/**
 * Tables of one child's log. A plain FamilyScope cannot reach them: a ChildScope (one child,
 * the request's resolved child: services/family/children.ts) adds `child_id = ?` as well, and
 * the family's whole log (FamilyScope.wholeLog(): undo, an event by id, export, import) is
 * asked for by name, so no read of the log can forget which child it is about.
 */
export type ChildOwnedTable = 'events' | 'feed_timers';
type AnyOwnedTable = FamilyOwnedTable | ChildOwnedTable;

/** A child of the family as the scope knows it (the children row). */
export type ChildRow = Selectable<Database['children']>;

/** Every column a new event sets (family_id comes from the scope), with its PostgreSQL type. */
const NEW_EVENT_COLUMNS_PG = {
  child_id: 'text', id: 'text', ts: 'text', at: 'bigint', zone: 'text', type: 'text', author: 'text', ml: 'integer', kind: 'text', foods: 'text', meal_type: 'text',
  kg: 'real', cm: 'real', ug: 'integer', note: 'text', reactions: 'text', side: 'text', duration_min: 'integer', last_side: 'text', created_at: 'bigint',
  celsius: 'real', method: 'text', medicine: 'text', amount: 'real', unit: 'text', title: 'text',
} as const satisfies Partial<Record<keyof Database['events'], string>>;
export const NEW_EVENT_COLUMNS = Object.keys(NEW_EVENT_COLUMNS_PG) as (keyof typeof NEW_EVENT_COLUMNS_PG)[];

const CHILD_OWNED = new Set<string>(['events', 'feed_timers']);

/** The columns of an idempotency key's row (family_id comes from the scope), with their PostgreSQL types. */
const KEY_COLUMNS_PG = {
  key: 'text', scope: 'text', response: 'text', request_hash: 'text', created_at: 'bigint',
} as const satisfies Partial<Record<keyof Database['idempotency_keys'], string>>;
export const KEY_COLUMNS = Object.keys(KEY_COLUMNS_PG) as (keyof typeof KEY_COLUMNS_PG)[];

export class FamilyScope {
  constructor(
    protected readonly k: Kysely<Database>,
    readonly familyId: string,
    readonly dialect: Dialect,
    /** the family's row already read for this (read-only) request, if any: see Actor.family */
    readonly knownFamily: Readonly<Selectable<Database['families']>> | null = null,
    /** the events of the transaction this scope is bound to (null outside a transaction) */
    protected readonly events: TransactionEvents | null = null,
  ) {}

  /** The same scope on another connection or transaction (transaction() and snapshot()). */
  protected rebind(k: Kysely<Database>, events: TransactionEvents | null = null): this {
    return new FamilyScope(k, this.familyId, this.dialect, null, events) as this;
  }

  /** The child tables' extra condition (a ChildScope's child), or none. */
  protected childFilter(_table: string): string | null {
    return null;
  }

  private scoped<Q>(qb: Q, table: string): Q {
    let q = (qb as any).where(`${table}.family_id`, '=', this.familyId);
    const child = this.childFilter(table);
    if (child !== null) q = q.where(`${table}.child_id`, '=', child);
    return q as Q;
  }

  private ownRow(values: object): object {
    return { ...values, family_id: this.familyId };
  }

  selectFrom<T extends FamilyOwnedTable>(table: T) {
    return this.scoped(this.k.selectFrom(table as AnyOwnedTable), table) as unknown as SelectQueryBuilder<Database, T, {}>;
  }

  updateTable<T extends FamilyOwnedTable>(table: T) {
    return this.scoped(this.k.updateTable(table as AnyOwnedTable), table) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
  }

  deleteFrom<T extends FamilyOwnedTable>(table: T) {
    return this.scoped(this.k.deleteFrom(table as AnyOwnedTable), table) as unknown as DeleteQueryBuilder<Database, T, DeleteResult>;
  }

  insertInto<T extends FamilyOwnedTable>(table: T, values: Omit<Insertable<Database[T]>, 'family_id'>) {
    return this.k.insertInto(table).values(this.ownRow(values) as any);
  }

  /** The family's whole log, across its children: for what is about the log, not one child. */
  wholeLog(): LogScope {
    return new LogScope(this.k, this.familyId, this.dialect, this.knownFamily, this.events);
  }

  /** One child's part of the family's data; `children` are all the family's children. */
  forChild(child: ChildRow, children: readonly ChildRow[]): ChildScope {
    if (child.family_id !== this.familyId) throw new Error('a child of another family');
    return new ChildScope(this.k, this.familyId, this.dialect, this.knownFamily, child, children, this.events);
  }

  /** How many rows of a family-owned table belong to this family. */
  async count(table: FamilyOwnedTable): Promise<number> {
    const r = await this.selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number((r as { n: number | string }).n);
  }

  /** Inserts many rows in one statement, each with this family's id. */
  insertManyInto<T extends FamilyOwnedTable>(table: T, rows: Omit<Insertable<Database[T]>, 'family_id'>[]) {
    return this.k.insertInto(table).values(rows.map((r) => this.ownRow(r)) as any);
  }

  /**
   * Locks the selected rows until the transaction ends, for read-modify-write. PostgreSQL needs
   * FOR UPDATE; SQLite runs one write transaction at a time, so the rows are already safe.
   */
  forUpdate<O>(qb: SelectQueryBuilder<Database, any, O>): SelectQueryBuilder<Database, any, O> {
    return this.dialect === 'postgres' ? qb.forUpdate() : qb;
  }

  /**
   * Runs a query compiled once (src/db/prepared.ts) whose first argument is the family id: it
   * is built through a FamilyScope, and this scope supplies its own family's id.
   */
  run<A extends unknown[], R>(q: PreparedQuery<[string, ...A], R>, ...args: A): Promise<R[]> {
    return q.all(this.k, this.familyId, ...args);
  }

  /**
   * PostgreSQL only: inserts one event in a statement of its own (so its own transaction: no
   * BEGIN or COMMIT round trip, and the family row is locked only while PostgreSQL itself
   * runs and commits it, not across round trips to this process). The statement first locks
   * the family's row (FOR NO KEY UPDATE: the lock an UPDATE of its version takes, without
   * writing a row version of its own), which tells the caller where the version stood; the
   * events trigger (migration 008) then bumps it once when a row went in. So the event comes
   * back with `family_locked`, the family's row as the lock found it: the family was at
   * `family_locked.version` when the lock was taken and is at `family_locked.version + 1` when
   * this commits, and the insert is the only change in between. A clash on (family_id, id)
   * returns nothing and bumps nothing (ON CONFLICT DO NOTHING). Until 1.4 the statement bumped
   * the version itself as well, which wrote the family row twice per log (issue 30).
   *
   * The row is selected FROM the locked family row, not given as VALUES: sub-statements of a
   * WITH run in no fixed order (and a SELECT that nothing reads does not run at all), and the
   * insert must draw its seq (the logging order, which orders events logged in the same
   * second) only once it holds the lock, so that logging order and version order agree.
   * Parameters in a SELECT list have no type to take from a column, so each is cast to its
   * column's type.
   */
  insertEventBumpingVersion(values: Record<(typeof NEW_EVENT_COLUMNS)[number], unknown>) {
    return this.k
      .with('locked', (db) => this.lockFamilyRow(db))
      .insertInto('events')
      .columns(['family_id', ...NEW_EVENT_COLUMNS])
      .expression((eb) => this.newEventFrom(eb, values))
      .onConflict((oc) => oc.columns(['family_id', 'id']).doNothing())
      .returningAll()
      .returning(sql<Selectable<Database['families']>>`(SELECT row_to_json(locked) FROM locked)`.as('family_locked'));
  }

  /**
   * insertEventBumpingVersion, and in the same statement (so committed with the event, or not
   * at all) the row of an idempotency key: inserted only when the event was (a clash on the
   * event's id inserts neither), and a key already taken fails the whole statement (23505).
   */
  insertEventBumpingVersionWithKey(
    values: Record<(typeof NEW_EVENT_COLUMNS)[number], unknown>,
    key: Record<(typeof KEY_COLUMNS)[number], unknown>,
  ) {
    return this.k
      .with('locked', (db) => this.lockFamilyRow(db))
      .with('ins', (db) =>
        db
          .insertInto('events')
          .columns(['family_id', ...NEW_EVENT_COLUMNS])
          .expression((eb) => this.newEventFrom(eb, values))
          .onConflict((oc) => oc.columns(['family_id', 'id']).doNothing())
          .returningAll(),
      )
      .with('keyed', (db) =>
        db
          .insertInto('idempotency_keys')
          .columns(['family_id', ...KEY_COLUMNS])
          .expression((eb) =>
            (eb as any)
              .selectFrom('ins')
              .select('ins.family_id')
              .select(KEY_COLUMNS.map((c) => sql`CAST(${key[c]} AS ${sql.raw(KEY_COLUMNS_PG[c])})`.as(c))),
          ),
      )
      .selectFrom('ins')
      .selectAll('ins')
      .select(sql<Selectable<Database['families']>>`(SELECT row_to_json(locked) FROM locked)`.as('family_locked'));
  }

  private lockFamilyRow(db: QueryCreator<Database>) {
    return db.selectFrom('families').selectAll().where('families.id', '=', this.familyId).forNoKeyUpdate();
  }

  private newEventFrom(eb: ExpressionBuilder<any, any>, values: Record<(typeof NEW_EVENT_COLUMNS)[number], unknown>) {
    return eb
      .selectFrom('locked')
      .select('locked.id as family_id')
      .select(NEW_EVENT_COLUMNS.map((c) => sql`CAST(${values[c]} AS ${sql.raw(NEW_EVENT_COLUMNS_PG[c])})`.as(c)));
  }

  /** The family's own row. */
  family() {
    return this.k.selectFrom('families').where('families.id', '=', this.familyId);
  }

  updateFamily() {
    return this.k.updateTable('families').where('families.id', '=', this.familyId);
  }

  /** Removes the family; every family-owned row goes with it (ON DELETE CASCADE). */
  deleteFamily() {
    return this.k.deleteFrom('families').where('families.id', '=', this.familyId);
  }

  /**
   * Runs `fn` on one consistent view of the database, for reads that must agree with each
   * other (a cached window and the version it is kept under). PostgreSQL: a REPEATABLE READ,
   * READ ONLY transaction. SQLite: the single connection held for the reads, so no write (they
   * all go through that connection) can land between them.
   */
  snapshot<R>(fn: (scope: this) => Promise<R>): Promise<R> {
    if (this.k.isTransaction) return fn(this);
    if (this.dialect === 'postgres') {
      return this.k
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute((trx) => fn(this.rebind(trx)));
    }
    return this.k.connection().execute((conn) => fn(this.rebind(conn)));
  }

  /**
   * Runs `fn` in one transaction, with a scope of the same family bound to it. On the embedded
   * store, transactions that arrive together share one durable commit (group-commit.ts).
   * What `fn` emits is written to the outbox in it, and the worker is woken after the commit.
   * `family`: the family's row as the request already holds it, which says who listens (else
   * it is read at the first event that needs it).
   */
  async transaction<R>(fn: (scope: this) => Promise<R>, opts: { family?: ListenerFlags | null } = {}): Promise<R> {
    const events = new TransactionEvents(this.familyId, opts.family ?? this.knownFamily);
    const grouped = groupCommitOf(this.k);
    const result = grouped
      ? await grouped.transaction((k) => fn(this.rebind(k, events)))
      : await this.k.transaction().execute((trx) => fn(this.rebind(trx, events)));
    if (events.wrote) wakeOutboxWorker();
    return result;
  }

  /**
   * Records what happened, in the transaction this scope is bound to: the data layer writes the
   * outbox rows of the listeners switched on (webhooks, Web Push, Home Assistant), committed with
   * the change or not at all, and sent after the commit (architecture.md, property 9). Returns
   * how many messages it made.
   */
  emit(event: DomainEvent): Promise<Routed> {
    if (!this.events) throw new Error(`${event.kind} was emitted outside a transaction: what leaves the service must commit with its change`);
    return this.events.route(this.k, event);
  }
}

/**
 * A scope that reaches the log's tables too: the family's whole log (LogScope), or one child's
 * part of it (ChildScope, which filters the log's tables by its child through childFilter).
 */
abstract class LogReachingScope extends FamilyScope {
  override selectFrom<T extends AnyOwnedTable>(table: T) {
    return super.selectFrom(table as FamilyOwnedTable) as unknown as SelectQueryBuilder<Database, T, {}>;
  }

  override updateTable<T extends AnyOwnedTable>(table: T) {
    return super.updateTable(table as FamilyOwnedTable) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
  }

  override deleteFrom<T extends AnyOwnedTable>(table: T) {
    return super.deleteFrom(table as FamilyOwnedTable) as unknown as DeleteQueryBuilder<Database, T, DeleteResult>;
  }
}

/**
 * The family's whole log, every child's events and feed timers: an event found by its id (edit,
 * delete, react), undo (the family's most recent log), export, import, the aggregate counts.
 */
export class LogScope extends LogReachingScope {
  protected override rebind(k: Kysely<Database>, events: TransactionEvents | null = null): this {
    return new LogScope(k, this.familyId, this.dialect, null, events) as this;
  }

  /** Rows of the whole log, each naming its child (import). */
  insertManyIntoLog<T extends ChildOwnedTable>(table: T, rows: Omit<Insertable<Database[T]>, 'family_id'>[]) {
    return this.k.insertInto(table).values(rows.map((r) => ({ ...r, family_id: this.familyId })) as any);
  }
}

/**
 * One child's part of the family: the request's resolved child (named, or the family's
 * primary child). Its events and feed timer are filtered by, and written with, the child's id;
 * everything else is the family's, as for a FamilyScope.
 */
export class ChildScope extends LogReachingScope {
  constructor(
    k: Kysely<Database>,
    familyId: string,
    dialect: Dialect,
    knownFamily: Readonly<Selectable<Database['families']>> | null,
    readonly child: Readonly<ChildRow>,
    /** every child of the family (the child's own row among them) */
    readonly children: readonly ChildRow[],
    events: TransactionEvents | null = null,
  ) {
    super(k, familyId, dialect, knownFamily, events);
  }

  get childId(): string {
    return this.child.id;
  }

  /** Where this child's derived state is cached: per family and child (derived-cache.ts). */
  get cacheId(): string {
    return `${this.familyId}/${this.child.id}`;
  }

  protected override rebind(k: Kysely<Database>, events: TransactionEvents | null = null): this {
    return new ChildScope(k, this.familyId, this.dialect, null, this.child, this.children, events) as this;
  }

  protected override childFilter(table: string): string | null {
    return CHILD_OWNED.has(table) ? this.child.id : null;
  }

  /** A row of this child's log, written with the family's and the child's id. */
  insertIntoLog<T extends ChildOwnedTable>(table: T, values: Omit<Insertable<Database[T]>, 'family_id' | 'child_id'>) {
    return this.k.insertInto(table).values({ ...values, family_id: this.familyId, child_id: this.child.id } as any);
  }

  /** Many rows of this child's log in one statement. */
  insertManyIntoLog<T extends ChildOwnedTable>(table: T, rows: Omit<Insertable<Database[T]>, 'family_id' | 'child_id'>[]) {
    return this.k.insertInto(table).values(rows.map((r) => ({ ...r, family_id: this.familyId, child_id: this.child.id })) as any);
  }
}
