import type { Kysely } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { Principal } from '../../../plugins/auth.js';

// What every offline change's handler (one file per kind in this folder) gives the push: the
// change applied in the push's transaction through the same service functions as the online API,
// so every rule and message is theirs. A handler adds only what offline needs: the baseVersion
// check, rebased on the device's own history (rebase.ts), and the shape of the answer. A rule
// refusal from those services is thrown (AppError) and recorded as 'rejected' by the push.

export interface Answer {
  status: 'applied' | 'rejected' | 'conflict';
  message?: string;
  version?: number;
  server?: Record<string, unknown>;
  /** For the record: the row changed and its version before and after. */
  target?: string;
  versionBefore?: number;
  versionAfter?: number;
  /** A change of several rows: each row's step, kept with the record for rebasing (rebase.ts). */
  steps?: TargetStep[];
}

export interface TargetStep {
  target: string;
  versionBefore: number;
  versionAfter: number;
}

export interface MutationContext {
  trx: Kysely<DB>;
  principal: Principal;
  clientId: string;
}

export const rejected = (message: string, server?: Record<string, unknown>): Answer =>
  ({ status: 'rejected', message, ...(server ? { server } : {}) });

/** A kind of change; its args come read by the contract's schema (shared-types MUTATION_ARGS). */
export interface MutationHandler<Args> {
  /** One change, in ctx.trx. */
  apply(ctx: MutationContext, args: Args, baseVersion: number): Promise<Answer>;
  /** Present when consecutive changes of this kind can go through one service call. */
  together?: {
    /** The row a change writes: a run never holds two changes of one row. */
    rowKey(args: Args): string;
    /**
     * How many of the changes, from the first, have their rows free; those rows are now locked
     * (nothing waited for). settings: transaction-local settings it sets in the same statement.
     */
    countFree(trx: Kysely<DB>, args: Args[], settings: Record<string, string>): Promise<number>;
    /** Each answer is the one apply would give that change alone. */
    applyAll(ctx: MutationContext, changes: { args: Args; baseVersion: number }[]): Promise<Answer[]>;
  };
}
