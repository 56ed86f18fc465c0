// Core's Lock port on the Web Locks API (navigator.locks), so a refresh runs once across
// every tab of the portal; without Web Locks (old browsers, Node) a lock per page.
// The lock manager is injected: tests pass a fake, the portal passes `navigator.locks`.

import type { Lock } from '@portal/core';

/** The part of `LockManager` this adapter uses. */
export interface LockManagerLike {
  request<T>(name: string, options: { readonly mode: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

/** Mutual exclusion inside one page: tasks of one name run one after the other. */
export function createLocalLock(): Lock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(name, task) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(task, task);
      const tail = run.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return run;
    },
  };
}

/** Web Locks when given (or present on `navigator`), else a page-local lock. */
export function createWebLock(locks: LockManagerLike | undefined = defaultLockManager()): Lock {
  if (locks === undefined) return createLocalLock();
  return {
    run: (name, task) => locks.request(name, { mode: 'exclusive' }, task),
  };
}

function defaultLockManager(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks;
}
