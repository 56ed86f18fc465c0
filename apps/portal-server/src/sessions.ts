// The session store (issue #15): the tokens of each signed-in browser live here, in
// PostgreSQL, never in the page. The browser holds one opaque cookie of 256 random bits;
// the table keeps only its SHA-256, so a copy of the table opens no session. Sessions end
// after an idle time and at an absolute age (both configurable), at sign-out, or when a
// refresh fails.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Lock, SessionStore, SignedInUser, StoredSession } from '@portal/core';
import { decodeStoredSession } from '@portal/core';
import type { LockKey } from '@portal/server';
import type { PortalDatabase } from './db/database.ts';
import type { PortalDB } from './db/schema.ts';

export interface SessionLifetimes {
  /** A session unused this long ends. */
  readonly idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  readonly absoluteMs: number;
}

export interface SessionRecord {
  readonly idHash: string;
  readonly user: SignedInUser;
  readonly tokens: StoredSession;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly expiresAt: number;
}

/** A session as its owner sees it in the list of their sessions (never its cookie or hash). */
export interface SessionSummary {
  /** A public handle: a hash of the stored hash (it opens nothing). */
  readonly id: string;
  readonly userAgent: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly current: boolean;
}

export interface Sessions {
  /** A new session for these tokens; answers the cookie value (shown to the browser once, never stored). */
  create(
    tokens: StoredSession,
    user: SignedInUser,
    userAgent: string,
  ): Promise<{ readonly cookieValue: string; readonly record: SessionRecord }>;
  /** The live session of a cookie value (an idle or expired one is deleted and answers undefined). */
  find(cookieValue: string | undefined): Promise<SessionRecord | undefined>;
  read(idHash: string): Promise<SessionRecord | undefined>;
  save(idHash: string, tokens: StoredSession, user?: SignedInUser): Promise<void>;
  remove(idHash: string): Promise<void>;
  /** The live sessions of `record`'s user (the same subject of the same issuer), this one first, then by last use. */
  listOfUser(record: SessionRecord): Promise<readonly SessionSummary[]>;
  /** Ends one session of `record`'s user by its public id; false when there is none (or it is someone else's). */
  removeOfUser(record: SessionRecord, id: string): Promise<boolean>;
  /** Ends every session of `record`'s user but `record`; answers how many. */
  removeOthers(record: SessionRecord): Promise<number>;
  /** Deletes every ended session; answers how many. */
  sweep(): Promise<number>;
  /** Core's SessionStore port over one session's tokens (for core's refresh and sign-out steps). */
  storeFor(idHash: string): SessionStore;
  /** Marks a callback's state as handled; false when it already was (a reload, Back, a replay). */
  claimState(state: string): Promise<boolean>;
}

/** 256 random bits, base64url (43 characters). */
const newSessionToken = (): string => randomBytes(32).toString('base64url');
const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const wellFormed = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
/** The public handle of a session in the list of its owner's sessions. */
const publicSessionId = (idHash: string): string =>
  createHash('sha256').update(`portal-session:${idHash}`).digest('base64url').slice(0, 22);

interface Row {
  id_hash: string;
  tokens: unknown;
  signed_in_user: unknown;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
}

const ms = (value: Date | string): number => (value instanceof Date ? value.getTime() : Date.parse(value));
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** Last use is written at most this often (a page load makes several calls). */
const touchEveryMs = 60_000;

export function createSessions(
  db: Kysely<PortalDB>,
  lifetimes: SessionLifetimes,
  now: () => number = Date.now,
): Sessions {
  const toRecord = (row: Row): SessionRecord | undefined => {
    const tokens = decodeStoredSession(json(row.tokens));
    const user = json(row.signed_in_user) as SignedInUser | null;
    if (tokens === undefined || user === null || typeof user !== 'object') return undefined;
    return {
      idHash: row.id_hash,
      tokens,
      user,
      createdAt: ms(row.created_at),
      lastSeenAt: ms(row.last_seen_at),
      expiresAt: ms(row.expires_at),
    };
  };
  const live = (record: SessionRecord, at: number) =>
    record.expiresAt > at && record.lastSeenAt + lifetimes.idleMs > at;

  const sessions: Sessions = {
    async create(tokens, user, userAgent) {
      const cookieValue = newSessionToken();
      const at = now();
      const record: SessionRecord = {
        idHash: hashSessionToken(cookieValue),
        user,
        tokens,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: at + lifetimes.absoluteMs,
      };
      await db
        .insertInto('portal_session')
        .values({
          id_hash: record.idHash,
          user_id: user.id,
          issuer: user.issuer,
          tokens: JSON.stringify(tokens),
          signed_in_user: JSON.stringify(user),
          user_agent: userAgent.slice(0, 300),
          created_at: new Date(at),
          last_seen_at: new Date(at),
          expires_at: new Date(record.expiresAt),
        })
        .execute();
      return { cookieValue, record };
    },
    async find(cookieValue) {
      if (cookieValue === undefined || !wellFormed(cookieValue)) return undefined;
      const record = await sessions.read(hashSessionToken(cookieValue));
      if (record === undefined) return undefined;
      const at = now();
      if (!live(record, at)) {
        await sessions.remove(record.idHash);
        return undefined;
      }
      if (at - record.lastSeenAt >= touchEveryMs) {
        await db
          .updateTable('portal_session')
          .set({ last_seen_at: new Date(at) })
          .where('id_hash', '=', record.idHash)
          .execute();
        return { ...record, lastSeenAt: at };
      }
      return record;
    },
    async read(idHash) {
      const row = await db
        .selectFrom('portal_session')
        .select(['id_hash', 'tokens', 'signed_in_user', 'created_at', 'last_seen_at', 'expires_at'])
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },
    async save(idHash, tokens, user) {
      await db
        .updateTable('portal_session')
        .set({
          tokens: JSON.stringify(tokens),
          ...(user === undefined ? {} : { signed_in_user: JSON.stringify(user) }),
        })
        .where('id_hash', '=', idHash)
        .execute();
    },
    async remove(idHash) {
      await db.deleteFrom('portal_session').where('id_hash', '=', idHash).execute();
    },
    async listOfUser(record) {
      const at = now();
      const rows = await db
        .selectFrom('portal_session')
        .select(['id_hash', 'user_agent', 'created_at', 'last_seen_at'])
        .where('user_id', '=', record.user.id)
        .where('issuer', '=', record.user.issuer)
        .where('expires_at', '>', new Date(at))
        .where('last_seen_at', '>', new Date(at - lifetimes.idleMs))
        .execute();
      return rows
        .map((row) => ({
          id: publicSessionId(row.id_hash),
          userAgent: row.user_agent,
          createdAt: ms(row.created_at),
          lastSeenAt: ms(row.last_seen_at),
          current: row.id_hash === record.idHash,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
    },
    async removeOfUser(record, id) {
      const rows = await db
        .selectFrom('portal_session')
        .select('id_hash')
        .where('user_id', '=', record.user.id)
        .where('issuer', '=', record.user.issuer)
        .execute();
      const target = rows.find((row) => publicSessionId(row.id_hash) === id);
      if (target === undefined) return false;
      await sessions.remove(target.id_hash);
      return true;
    },
    async removeOthers(record) {
      const { numDeletedRows } = await db
        .deleteFrom('portal_session')
        .where('user_id', '=', record.user.id)
        .where('issuer', '=', record.user.issuer)
        .where('id_hash', '<>', record.idHash)
        .executeTakeFirst();
      return Number(numDeletedRows);
    },
    async sweep() {
      const at = now();
      const { numDeletedRows } = await db
        .deleteFrom('portal_session')
        .where((eb) =>
          eb.or([eb('expires_at', '<=', new Date(at)), eb('last_seen_at', '<=', new Date(at - lifetimes.idleMs))]),
        )
        .executeTakeFirst();
      // A state lives 10 minutes (its cookie's Max-Age); an hour is ample.
      await db
        .deleteFrom('portal_used_state')
        .where('used_at', '<=', new Date(at - 3_600_000))
        .execute();
      return Number(numDeletedRows);
    },
    async claimState(state) {
      const rows = await db
        .insertInto('portal_used_state')
        .values({ state, used_at: new Date(now()) })
        .onConflict((oc) => oc.doNothing())
        .returning('state')
        .execute();
      return rows.length === 1;
    },
    storeFor(idHash) {
      return {
        read: async () => (await sessions.read(idHash))?.tokens,
        write: (tokens) => sessions.save(idHash, tokens),
        clear: () => sessions.remove(idHash),
      };
    },
  };
  return sessions;
}

export interface RefreshLocks {
  /** Core's Lock port for one session's refresh (`refreshSession`), beside `Sessions.storeFor`. */
  forSession(idHash: string): Lock;
}

export interface RefreshLockOptions {
  /** How long a call waits for another instance's refresh of its session before it gives up (a 502, session kept). */
  readonly waitMs: number;
  /** First pause between tries while another instance holds the lock (doubling to 8× this). */
  readonly pollMs?: number;
}

/** Another instance held the session's refresh lock longer than `waitMs`. */
class RefreshLockTimeout extends Error {
  constructor(waitMs: number) {
    super(`another instance held the session's refresh lock for more than ${waitMs} ms`);
    this.name = 'RefreshLockTimeout';
  }
}

/**
 * The refresh lock of each session (issue #28): callers of one session in this process queue
 * behind each other (so ten waiting calls of a session make one refresh: the later ones find
 * the refreshed tokens); across instances the session's advisory lock, keyed by its hash
 * (`refreshLockKey`), is taken without waiting and tried again while another instance holds
 * it. Sessions never wait for each other, in the process or in the database: no queue, key
 * or pooled connection is shared between them.
 */
export function createRefreshLocks(
  database: Pick<PortalDatabase, 'tryLock'>,
  options: RefreshLockOptions,
): RefreshLocks {
  const pollMs = options.pollMs ?? 25;
  const tails = new Map<string, Promise<unknown>>();

  async function acrossInstances<T>(idHash: string, task: () => Promise<T>): Promise<T> {
    const key = refreshLockKey(idHash);
    const until = Date.now() + options.waitMs;
    let release = await database.tryLock(key);
    for (let pause = pollMs; release === undefined; pause = Math.min(pause * 2, pollMs * 8)) {
      if (Date.now() + pause > until) throw new RefreshLockTimeout(options.waitMs);
      await new Promise((resolve) => setTimeout(resolve, pause));
      release = await database.tryLock(key);
    }
    try {
      return await task();
    } finally {
      await release();
    }
  }

  return {
    forSession(idHash) {
      return {
        run<T>(task: () => Promise<T>): Promise<T> {
          const previous = tails.get(idHash) ?? Promise.resolve();
          const result = previous.then(() => acrossInstances(idHash, task));
          const tail = result.catch(() => undefined);
          tails.set(idHash, tail);
          void tail.then(() => {
            if (tails.get(idHash) === tail) tails.delete(idHash);
          });
          return result;
        },
      };
    },
  };
}

/**
 * The advisory-lock key of a session's refresh: two signed int4 from the first 8 bytes of its
 * stored hash (`id_hash`, the SHA-256 of the cookie value; never the cookie itself), as
 * `pg_locks` shows them (classid, objid, objsubid 2). Two sessions share a key with a chance
 * of 2^-64: they would then only wait for each other.
 */
export function refreshLockKey(idHash: string): LockKey {
  if (!/^[0-9a-f]{16}/.test(idHash)) throw new Error('a session hash is hexadecimal SHA-256');
  const bytes = Buffer.from(idHash.slice(0, 16), 'hex');
  return [bytes.readInt32BE(0), bytes.readInt32BE(4)];
}
