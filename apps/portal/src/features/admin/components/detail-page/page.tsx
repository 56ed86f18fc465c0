// The frame of an entity's form (`EntityFormFrame`: navigation bar, save, delete with its usage, leave guard, history)
// and an entity's page as data (`EntityDetailPage`: route, form and frame for a page that needs nothing else).
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { FormFrame } from '../form-kit.tsx';
import { HistorySection } from '../history.tsx';
import type { UsageSubject } from '../usage-details.tsx';
import { adminLinks } from '../../lib/links.ts';
import type { AdminKey } from '../../lib/i18n.ts';
import { useEntityForm } from './form.ts';
import { DeleteAction, DetailHeader, DetailLayout } from './layout.tsx';
import { EntityDetailRoute } from './route.tsx';
import type { DetailOf, EntityForm, EntitySpec, FormKind } from './spec.ts';

const usageSubjects: ReadonlySet<string> = new Set<UsageSubject>([
  'roles',
  'accountAccesses',
  'attributes',
  'customFlows',
  'permissions',
  'applications',
]);
const isUsageSubject = (kind: FormKind): kind is FormKind & UsageSubject => usageSubjects.has(kind);

/**
 * The frame of an entity's form: navigation bar, the form with save and (with usage where others
 * use the kind) delete, a leave guard, and the history under it (after `history`, e.g. deliveries).
 */
export function EntityFormFrame<K extends FormKind, V>({
  of,
  subTitle,
  notice,
  history,
  busy = false,
  children,
}: {
  readonly of: EntityForm<K, V>;
  readonly subTitle?: string;
  /** Between the header and the form. */
  readonly notice?: ReactNode;
  readonly history?: ReactNode;
  readonly busy?: boolean;
  readonly children: ReactNode;
}) {
  const {
    spec: { kind },
    id,
    form,
    isNew,
    writable,
    title,
    t,
    api,
  } = of;
  const list = adminLinks.list(kind);
  const [reverts, setReverts] = useState(0);
  const loadUsage = api.usage;
  // Where others use the kind, the delete's dialog says where this one is used (#17.15), and what it affects (#30.3).
  const usage =
    isUsageSubject(kind) && loadUsage !== undefined ? { usage: { subject: kind, load: () => loadUsage(id) } } : {};
  return (
    <DetailLayout
      history={
        isNew ? undefined : (
          <>
            {history}
            <HistorySection
              scope={id}
              reloadKey={form.round + reverts}
              load={(params) => api.history(id, params)}
              {...(writable
                ? {
                    revert: {
                      // A refused revert reloads the history too: it says what may be undone now.
                      run: (entry) => void of.revert(entry.id).finally(() => setReverts((n) => n + 1)),
                      blocked: form.dirty || form.busy || busy,
                    },
                  }
                : {})}
            />
          </>
        )
      }
    >
      <DetailHeader title={title} subTitle={subTitle ?? t(`${kind}.detailSubTitle` as AdminKey)} backLink={list} />
      {notice}
      <FormFrame
        onSubmit={() => void of.submit()}
        dirty={form.dirty}
        busy={form.busy || busy}
        canSave={writable}
        extraActions={
          !isNew && writable ? (
            <DeleteAction name={title} onDelete={() => api.remove(id)} {...usage} afterHref={list} />
          ) : undefined
        }
      >
        {children}
      </FormFrame>
    </DetailLayout>
  );
}

/** An entity's page as data: its form's spec and its fields (inside the frame every kind shares). */
export function EntityDetailPage<K extends FormKind, V>({
  spec,
  fields: Fields,
}: {
  readonly spec: EntitySpec<K, V>;
  readonly fields: ComponentType<{ readonly of: EntityForm<K, V>; readonly entity: DetailOf<K> | undefined }>;
}) {
  const Form = useMemo(
    () =>
      function EntityFormOf({ id, entity }: { readonly id: string; readonly entity: DetailOf<K> | undefined }) {
        const of = useEntityForm(spec, id, entity);
        return (
          <EntityFormFrame of={of}>
            <Fields of={of} entity={entity} />
          </EntityFormFrame>
        );
      },
    [spec, Fields],
  );
  return <EntityDetailRoute kind={spec.kind} form={Form} />;
}
