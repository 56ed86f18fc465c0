// wouter imports `use-sync-external-store/shim` for React versions before 18; React 19 has the
// hook itself. The build points the shim here (vite.config.ts): the first route does not ship
// the fallback (about 0.3 KB gzip).
export { useSyncExternalStore } from 'react';
