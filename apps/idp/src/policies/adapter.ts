// In-memory storage for oidc-provider's models (sessions, codes, tokens, grants), shared by
// every policy of one provider process. Unlike the library's default LRU it never evicts a
// live entry; expired entries are swept once a minute. A restart forgets all of it (the
// local stack signs in again), while keys and accounts live on disk.
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * How long the client of an interaction is known after the interaction itself is gone (used or
 * expired): the tenant's SSO session lifetime. A Back to a used sign-in page finds its way back.
 */
const interactionClientMs = 24 * 60 * 60 * 1000;

interface Entry {
  payload: AdapterPayload;
  expiresAt: number | undefined;
}

export class MemoryStore {
  readonly entries = new Map<string, Entry>();
  readonly grants = new Map<string, Set<string>>();
  readonly #timer: NodeJS.Timeout;

  constructor() {
    this.#timer = setInterval(() => this.sweep(), 60_000);
    this.#timer.unref();
  }

  get(key: string): AdapterPayload | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
    }
  }

  close(): void {
    clearInterval(this.#timer);
  }

  /** The client an interaction was for, while it is remembered (also after it was used or expired). */
  interactionClient(uid: string): string | undefined {
    const clientId = this.get(`InteractionClient:${uid}`)?.clientId;
    return typeof clientId === 'string' ? clientId : undefined;
  }

  adapterFor(model: string): Adapter {
    return adapterOf(this, model);
  }
}

function adapterOf(store: MemoryStore, model: string): Adapter {
  const key = (id: string) => `${model}:${id}`;
  return {
    async upsert(id, payload, expiresIn) {
      store.entries.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
      if (payload.grantId) {
        const set = store.grants.get(payload.grantId) ?? new Set<string>();
        set.add(key(id));
        store.grants.set(payload.grantId, set);
      }
      const clientId = (payload.params as { client_id?: unknown } | undefined)?.client_id;
      if (model === 'Interaction' && typeof clientId === 'string')
        store.entries.set(`InteractionClient:${id}`, {
          payload: { clientId },
          expiresAt: Date.now() + interactionClientMs,
        });
      if (model === 'Session' && payload.uid)
        store.entries.set(`SessionUid:${payload.uid}`, {
          payload: { id },
          expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined,
        });
      if (payload.userCode)
        store.entries.set(`UserCode:${payload.userCode}`, {
          payload: { id },
          expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined,
        });
    },
    async find(id) {
      return store.get(key(id));
    },
    async findByUid(uid) {
      const ref = store.get(`SessionUid:${uid}`);
      return typeof ref?.id === 'string' ? store.get(key(ref.id)) : undefined;
    },
    async findByUserCode(userCode) {
      const ref = store.get(`UserCode:${userCode}`);
      return typeof ref?.id === 'string' ? store.get(key(ref.id)) : undefined;
    },
    async consume(id) {
      const payload = store.get(key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.entries.delete(key(id));
    },
    async revokeByGrantId(grantId) {
      for (const k of store.grants.get(grantId) ?? []) store.entries.delete(k);
      store.grants.delete(grantId);
    },
  };
}
