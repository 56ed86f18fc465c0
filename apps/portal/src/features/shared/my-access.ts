// The user's side of access governance (#19) over the typed API client: made by the pages that
// need it (the catalogue, my requests, the launcher's notifications), so the first route's
// composition root names none of its calls.
import { useMemo } from 'react';
import { createMyAccessApi, type MyAccessApi } from '@portal/adapters';
import { useServices } from '../../app/contexts.tsx';

export function useMyAccessApi(): MyAccessApi {
  const { client } = useServices();
  return useMemo(() => createMyAccessApi(client), [client]);
}
