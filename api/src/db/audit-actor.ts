import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings,
} from 'kysely';
import type { DB } from './database.js';

// Who is writing, for the audit trail (migration 2026_11_27_140000_audit_trail). Triggers record
// every change to the audited tables; they read the actor from the transaction-local setting
// rollbook.actor. This file keeps that setting current without any service having to: each
// request runs inside an AsyncLocalStorage scope holding its actor (app.ts), and the Kysely driver
// sets rollbook.actor right after every BEGIN it sends (but a read-only one's). A write outside a transaction (a single
// statement in autocommit) is wrapped in a short transaction of its own so it gets the setting too.
// No scope (the seed, migrations, jobs): no setting, and the triggers record source 'system'.

export type AuditSource = 'web' | 'phone';

export interface AuditActor {
  /** null: a public route (sign-up, password reset) before anyone is known. */
  userId: number | null;
  source: AuditSource;
  /**
   * The transactions of this scope set rollbook.actor themselves before their first audited write
   * (the sync push: with each change's device time): the driver sends nothing after BEGIN.
   */
  setByTransaction?: boolean;
}

/** What rollbook.actor holds: the actor, and for phone changes when each was made on the device. */
export interface AuditSetting {
  user: number | null;
  source: AuditSource;
  /** Device time of the change(s) (ISO); the triggers use applied time when absent. */
  at?: string;
  /** Device time per record id (the key values joined by ':'), for a run of phone changes applied together. */
  times?: Record<string, string>;
}

const scope = new AsyncLocalStorage<AuditActor>();

/** Runs fn with `actor` as the writer of everything it changes (the request's scope). */
export const runAsActor = <T>(actor: AuditActor, fn: () => T): T => scope.run(actor, fn);

/**
 * Runs fn as the current scope's actor, its transactions setting rollbook.actor themselves
 * (setAuditActor, or set_config in one of their statements): the driver's setting after BEGIN
 * would be written over before anything is recorded, a round trip for nothing.
 */
export function runSettingActorInTransactions<T>(fn: () => T): T {
  const actor = currentActor();
  return actor ? scope.run({ ...actor, setByTransaction: true }, fn) : fn();
}

/** The writer of the current scope, if any. */
export const currentActor = (): AuditActor | undefined => scope.getStore();

/** The transaction-local setting the audit triggers read. */
export const ACTOR_SETTING = 'rollbook.actor';

const SET_ACTOR = `select set_config('${ACTOR_SETTING}', $1, true)`;

/**
 * Sets rollbook.actor for the rest of the transaction (or savepoint) `trx`: the sync push calls it
 * with the device times of the changes it is about to apply.
 */
export async function setAuditActor(trx: Kysely<DB>, setting: AuditSetting): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(SET_ACTOR, [JSON.stringify(setting)]));
}

const settingOf = (actor: AuditActor): string => JSON.stringify({ user: actor.userId, source: actor.source } satisfies AuditSetting);

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const WRITE_SQL = /^\s*(with\b[\s\S]*\b(insert|update|delete)\b|insert|update|delete|merge)\b/i;
const isWrite = (q: CompiledQuery): boolean => WRITE_NODES.has(q.query.kind) || (q.query.kind === 'RawNode' && WRITE_SQL.test(q.sql));

/** The driver of `inner` with rollbook.actor set in every transaction a request opens. */
class ActorDriver implements Driver {
  /** Connections between BEGIN and COMMIT/ROLLBACK. */
  readonly #inTransaction = new WeakSet<DatabaseConnection>();

  constructor(private readonly inner: Driver) {
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init: Driver['init'] = (options) => this.inner.init(options);
  destroy: Driver['destroy'] = (options) => this.inner.destroy(options);
  releaseConnection: Driver['releaseConnection'] = (connection, options) => this.inner.releaseConnection(connection, options);

  async acquireConnection(options?: Parameters<Driver['acquireConnection']>[0]): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection(options);
    return this.#autocommitWritesAsActor(connection);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(connection, settings);
    this.#inTransaction.add(connection);
    // A read-only transaction (every sync pull) writes nothing to record: no round trip for it.
    const actor = settings.accessMode === 'read only' ? undefined : currentActor();
    if (actor && !actor.setByTransaction) await connection.executeQuery(CompiledQuery.raw(SET_ACTOR, [settingOf(actor)]));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#inTransaction.delete(connection);
    await this.inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#inTransaction.delete(connection);
    await this.inner.rollbackTransaction(connection);
  }

  /** A write in autocommit made in a request's scope runs as BEGIN, set actor, write, COMMIT. */
  #autocommitWritesAsActor(connection: DatabaseConnection): DatabaseConnection {
    const inTransaction = this.#inTransaction;
    const begin = (c: DatabaseConnection) => this.beginTransaction(c, {});
    const commit = (c: DatabaseConnection) => this.commitTransaction(c);
    const rollback = (c: DatabaseConnection) => this.rollbackTransaction(c);
    // The connection's own executeQuery, bound to it: drivers keep their state in private fields.
    const run = connection.executeQuery.bind(connection);
    // What callers get: ours, or what Kysely's query log wrapped around ours (it patches
    // executeQuery by assignment; stored on the connection itself, the wrapper and ours called
    // each other until the stack overflowed).
    let outer: DatabaseConnection['executeQuery'] = executeQuery;
    const proxy: DatabaseConnection = new Proxy(connection, {
      get(target, prop) {
        if (prop === 'executeQuery') return outer;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
      set(target, prop, value) {
        if (prop !== 'executeQuery') return Reflect.set(target, prop, value, target);
        outer = value as DatabaseConnection['executeQuery'];
        return true;
      },
    });
    async function executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const actor = currentActor();
      if (!actor || inTransaction.has(proxy) || !isWrite(query)) return run<R>(query);
      // A lone write has no statement of its own to set the actor in: BEGIN sets it, whatever the scope says.
      await scope.run({ ...actor, setByTransaction: false }, () => begin(proxy));
      try {
        const result = await run<R>(query);
        await commit(proxy);
        return result;
      } catch (err) {
        await rollback(proxy).catch(() => undefined);
        throw err;
      }
    }
    return proxy;
  }
}

/** `dialect` whose driver sets the audit actor (see the top of this file). */
export function withAuditActor(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new ActorDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
