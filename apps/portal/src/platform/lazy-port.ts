// A port whose adapter is loaded on first use, so the launcher's first route does not carry
// it (ADR 0007): the identity provider (oauth4webapi + jose, about 14 KB gzip), the sign-in's
// auth-state cookies, the refresh lock and the API calls other than the launcher's list.
// Every listed method returns a Promise, so the load fits in front of it; a failed load is
// tried again on the next call.

import { createModuleLoader } from '@portal/ui';

type AsyncMethodOf<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T];

export function lazyPort<T, K extends AsyncMethodOf<T>>(load: () => Promise<T>, methods: readonly K[]): Pick<T, K> {
  const adapter = createModuleLoader(load);
  const port: Partial<Record<K, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const name of methods) {
    port[name] = async (...args) => {
      const target = await adapter.load();
      return (target[name] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
    };
  }
  return port as Pick<T, K>;
}
