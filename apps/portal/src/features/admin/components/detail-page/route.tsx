// A detail route of a kind: its entity loaded (or none for /new), a skeleton meanwhile, its failure, then its form.
import type { ComponentType } from 'react';
import { useParams } from 'wouter';
import type { LoadState } from '../../../../app/use-load.ts';
import { useServerData } from '../../../../app/server-data.ts';
import { useAdmin } from '../../admin-context.tsx';
import { PageFailure, PageSkeleton } from '../page-state.tsx';
import { newId } from '../../lib/links.ts';
import type { DetailOf, FormApi, FormKind } from './spec.ts';

/** The entity of a detail route; `undefined` data for a new one. */
function useEntity<D>(id: string, get: (id: string) => Promise<D>): LoadState<D | undefined> {
  return useServerData<D | undefined>(['admin', 'entity', id], () =>
    id === newId ? Promise.resolve(undefined) : get(id),
  );
}

/** A detail route of a kind: load it (or start empty for /new), then its form, new for each id. */
export function EntityDetailRoute<K extends FormKind>({
  kind,
  form: Form,
}: {
  readonly kind: K;
  readonly form: ComponentType<{ readonly id: string; readonly entity: DetailOf<K> | undefined }>;
}) {
  const { id = newId } = useParams<{ id: string }>();
  const { api } = useAdmin();
  const state = useEntity(id, (api[kind] as unknown as FormApi<K>).get);
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <Form key={id} id={id} entity={state.data} />;
}
