// The frame of a detail page: load (or start empty for /new), navigation bar, delete with
// confirmation, and the entity's history under the form; an entity kind's form (values, input,
// checks, title) is a spec that `useEntityForm` and `EntityFormFrame` save and frame alike.
import { useMemo, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { TrashIcon } from '@heroicons/react/20/solid';
import { Button, Switch, TextField } from '@portal/ui';
import { useLocation, useParams } from 'wouter';
import { useNavigationBar, useToasts } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import type { LoadState } from '../../../app/use-load.ts';
import { useServerData } from '../../../app/server-data.ts';
import { toPortalError } from '@portal/core';
import type { AdminApi, DeleteResult, EntityApi, EntityUsage } from '@portal/adapters/admin';
import { useAdmin, useLabels, type LookupKind } from '../admin-context.tsx';
import { Confirm } from './confirm.tsx';
import { FormFrame, Grid, Section, useErrorText, useFormState, type FormState } from './form-kit.tsx';
import { HistorySection } from './history.tsx';
import { PageFailure, PageSkeleton } from './page-state.tsx';
import { RefsSection, SingleRef, usePickerSearch } from './pickers.tsx';
import { removedFromText, UsageDetails, type UsageSubject } from './usage-details.tsx';
import { validateFields, type FieldError, type FieldErrors } from '../lib/form.ts';
import { adminLinks, newId } from '../lib/links.ts';
import { useAdminT, type AdminKey, type AdminT } from '../lib/i18n.ts';

/** The entity of a detail route; `undefined` data for a new one. */
function useEntity<D>(id: string, get: (id: string) => Promise<D>): LoadState<D | undefined> {
  return useServerData<D | undefined>(['admin', 'entity', id], () =>
    id === newId ? Promise.resolve(undefined) : get(id),
  );
}

export function DetailHeader({
  title,
  subTitle,
  backLink,
}: {
  readonly title: string;
  readonly subTitle?: string;
  readonly backLink: string;
}) {
  useNavigationBar({ title, backLink, ...(subTitle === undefined ? {} : { subTitle }) });
  usePageTitle(title);
  return null;
}

const isDeleteResult = (value: unknown): value is DeleteResult =>
  typeof value === 'object' && value !== null && Array.isArray((value as { removedFrom?: unknown }).removedFrom);

/**
 * A delete button that asks first; on success goes back to the list. With `usage`, the dialog
 * shows where the entity is used and what the delete affects (#17.15, #30.3), and the toast what
 * the delete removed it from.
 */
export function DeleteAction({
  name,
  onDelete,
  afterHref,
  label,
  title,
  message,
  doneText,
  usage,
}: {
  readonly name: string;
  readonly onDelete: () => Promise<unknown>;
  readonly afterHref: string;
  readonly label?: string;
  readonly title?: string;
  readonly message?: string;
  /** The toast after it is done when it is not a deletion (e.g. a user's access removed, #17.16). */
  readonly doneText?: string;
  readonly usage?: { readonly subject: UsageSubject; readonly load: () => Promise<EntityUsage> };
}) {
  const t = useAdminT();
  const toasts = useToasts();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="danger" icon={<TrashIcon />} onClick={() => setOpen(true)}>
        {label ?? t('form.delete')}
      </Button>
      <Confirm
        open={open}
        busy={busy}
        title={title ?? t('form.deleteTitle', { name })}
        message={message ?? t('form.deleteMessage', { name })}
        {...(usage === undefined
          ? {}
          : { details: <UsageDetails name={name} subject={usage.subject} load={usage.load} /> })}
        {...(label === undefined ? {} : { confirmLabel: label })}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setBusy(true);
          onDelete().then(
            (result) => {
              setBusy(false);
              setOpen(false);
              const removedFrom = usage !== undefined && isDeleteResult(result) ? result.removedFrom : [];
              toasts.success(
                doneText ??
                  (removedFrom.length === 0 || usage === undefined
                    ? t('form.deleted', { name })
                    : t('usage.deletedFrom', { name, list: removedFromText(removedFrom, usage.subject, t) })),
              );
              navigate(afterHref, { replace: true });
            },
            (error: unknown) => {
              setBusy(false);
              setOpen(false);
              toasts.error(toPortalError(error));
            },
          );
        }}
      />
    </>
  );
}

export function DetailLayout({ children, history }: { readonly children: ReactNode; readonly history?: ReactNode }) {
  return (
    <div className="flex flex-col gap-8">
      {children}
      {history}
    </div>
  );
}

/** The kinds whose detail page is a form that creates, saves and deletes (users have their own page). */
export type FormKind = LookupKind;
type KindApi<K extends FormKind> = AdminApi[K];
export type DetailOf<K extends FormKind> = Awaited<ReturnType<KindApi<K>['get']>>;
type InputOf<K extends FormKind> = Parameters<KindApi<K>['create']>[0];
type FormApi<K extends FormKind> = EntityApi<unknown, DetailOf<K>, InputOf<K>, unknown> & {
  usage?(id: string): Promise<EntityUsage>;
};

/** An entity's form as data: its values from the entity, its input to the API, its checks and its title. */
export interface EntitySpec<K extends FormKind, V> {
  readonly kind: K;
  readonly valuesOf: (entity: DetailOf<K> | undefined) => V;
  readonly inputOf: (values: V) => InputOf<K>;
  /** Checked before saving (spec §5): the fields' errors, none when it may be saved. */
  readonly validate: (values: V) => FieldErrors;
  readonly titleOf: (entity: DetailOf<K>) => string;
}

/** `validate` of a form whose only rule is that some text fields are filled. */
function requiredFields<V extends Readonly<Record<F, string>>, F extends string>(
  ...fields: readonly F[]
): (values: V) => FieldErrors {
  return (values) =>
    validateFields(
      Object.fromEntries(fields.map((field) => [field, values[field]])),
      Object.fromEntries(fields.map((field) => [field, ['required'] as const])),
    );
}

/** The text fields of a kind's general section (`GeneralSection`). */
type GeneralField = 'key' | 'label' | 'description';
type Texts<F extends string> = { readonly [P in F]: string };

/**
 * The spec of a kind with a general section: its text fields `texts` ('' for a new entity, trimmed for the
 * API; the key and the label required; the title its label unless `titleOf`) beside its own values and input
 * (and its own rules, `validate`, checked with the required fields).
 */
export function generalSpec<K extends FormKind, F extends GeneralField, O extends object>(
  kind: K,
  texts: readonly F[],
  own: {
    readonly valuesOf: (entity: DetailOf<K> | undefined) => O;
    readonly inputOf: (values: Texts<F> & O) => Omit<InputOf<K>, F>;
    readonly validate?: (values: Texts<F> & O) => FieldErrors;
    readonly titleOf?: (entity: DetailOf<K>) => string;
  },
): EntitySpec<K, Texts<F> & O> {
  const required = requiredFields<Texts<F>, F>(...texts.filter((field) => field !== 'description'));
  // Every kind with a general section has these fields in its detail and its input (strings).
  const textsOf = (entity: Partial<Texts<F>> | undefined, edit: (text: string) => string) =>
    Object.fromEntries(texts.map((field) => [field, edit(entity?.[field] ?? '')])) as Texts<F>;
  return {
    kind,
    valuesOf: (entity) => ({
      ...textsOf(entity as Partial<Texts<F>> | undefined, (text) => text),
      ...own.valuesOf(entity),
    }),
    inputOf: (values) => ({ ...textsOf(values, (text) => text.trim()), ...own.inputOf(values) }) as InputOf<K>,
    validate: (values) => ({ ...required(values), ...own.validate?.(values) }),
    titleOf: own.titleOf ?? ((entity) => (entity as Texts<'label'>).label),
  };
}

/** The form of a spec's kind and values (a page's fields take it). */
export type FormOf<S> = S extends EntitySpec<infer K, infer V> ? EntityForm<K, V> : never;

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

export interface EntityForm<K extends FormKind, V> {
  readonly spec: EntitySpec<K, V>;
  readonly id: string;
  readonly form: FormState<V>;
  readonly values: V;
  readonly errors: FieldErrors;
  readonly isNew: boolean;
  readonly writable: boolean;
  readonly title: string;
  readonly t: AdminT;
  readonly errorText: (error: FieldError | undefined) => string | undefined;
  readonly api: FormApi<K>;
  readonly submit: () => Promise<void>;
  /** Undoes one entry of the history (#19.7): the entity as the server saved it becomes the form's. */
  readonly revert: (entryId: string) => Promise<void>;
}

/**
 * The state of an entity's form: checks, then creates or saves (the kind's labels asked again;
 * a new entity's page replaced by its own); `afterSave` after a save, `onInvalid` when the checks fail.
 */
export function useEntityForm<K extends FormKind, V>(
  spec: EntitySpec<K, V>,
  id: string,
  entity: DetailOf<K> | undefined,
  options: {
    readonly afterSave?: (saved: DetailOf<K>) => void;
    readonly onInvalid?: () => void;
  } = {},
): EntityForm<K, V> {
  const t = useAdminT();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const { api: adminApi, canWrite, invalidate } = useAdmin();
  const form = useFormState(spec.valuesOf(entity));
  const api = adminApi[spec.kind] as unknown as FormApi<K>;
  const isNew = entity === undefined;
  const submit = async () => {
    const invalid = spec.validate(form.values);
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      options.onInvalid?.();
      return;
    }
    const input = spec.inputOf(form.values);
    const saved = await form.save(() => (isNew ? api.create(input) : api.update(id, input)), spec.valuesOf);
    if (saved === undefined) return;
    invalidate(spec.kind);
    options.afterSave?.(saved);
    if (isNew) navigate(adminLinks.detail(spec.kind, (saved as { readonly id: string }).id), { replace: true });
  };
  const revert = async (entryId: string) => {
    const saved = await form.save(() => api.revert(id, entryId), spec.valuesOf, {
      done: t('history.reverted'),
      besideFields: false,
    });
    if (saved === undefined) return;
    invalidate(spec.kind);
    options.afterSave?.(saved);
  };
  return {
    spec,
    id,
    form,
    values: form.values,
    errors: form.errors,
    isNew,
    writable: canWrite(spec.kind),
    t,
    errorText,
    api,
    submit,
    revert,
    title: entity === undefined ? t(`${spec.kind}.new` as AdminKey) : spec.titleOf(entity),
  };
}

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

/**
 * The general section of an entity with a key and a label: both required (the key with its help
 * where the kind has one), `grid` beside them, the description under them where it has one, then `children`.
 */
export function GeneralSection<
  K extends FormKind,
  V extends { readonly key: string; readonly label: string; readonly description?: string },
>({
  of,
  keyHelp = false,
  grid,
  children,
}: {
  readonly of: EntityForm<K, V>;
  readonly keyHelp?: boolean;
  readonly grid?: ReactNode;
  readonly children?: ReactNode;
}) {
  const {
    spec: { kind },
    t,
    values,
  } = of;
  return (
    <Section title={t(`${kind}.sections.general` as AdminKey)}>
      <Grid>
        <EntityTextField of={of} field="key" required help={keyHelp} />
        <EntityTextField of={of} field="label" required />
        {grid}
      </Grid>
      {values.description !== undefined && (
        <EntityTextField of={of as EntityForm<K, V & Texts<'description'>>} field="description" />
      )}
      {children}
    </Section>
  );
}

/** The label of a kind's field: `{kind}.fields.{name}`. */
const fieldLabel = (t: AdminT, kind: FormKind, name: string) => t(`${kind}.fields.${name}` as AdminKey);

/** A text field of an entity's form: its label (`help`: with `{kind}.help.{field}`), its value and its error. */
export function EntityTextField<K extends FormKind, V extends Texts<F>, F extends string>({
  of,
  field,
  help = false,
  ...input
}: {
  readonly of: EntityForm<K, V>;
  readonly field: F;
  readonly help?: boolean;
} & Pick<ComponentProps<typeof TextField>, 'required' | 'type' | 'inputMode'>) {
  const { t, errorText, form, values, errors } = of;
  return (
    <TextField
      label={fieldLabel(t, of.spec.kind, field)}
      {...(help ? { help: t(`${of.spec.kind}.help.${field}` as AdminKey) } : {})}
      {...input}
      value={values[field]}
      onChange={(e) => form.set(field, e.target.value as V[F])}
      error={errorText(errors[field])}
    />
  );
}

/** A switch of an entity's form, disabled without the right to write (and when `disabled`). */
export function EntitySwitch<K extends FormKind, V extends Readonly<Record<F, boolean>>, F extends string>({
  of,
  field,
  help = false,
  checked,
  disabled = false,
}: {
  readonly of: EntityForm<K, V>;
  readonly field: F;
  readonly help?: boolean;
  /** What it shows when that is not the value as typed (e.g. as core's rules will write it). */
  readonly checked?: boolean;
  readonly disabled?: boolean;
}) {
  const { t, form, values, writable } = of;
  return (
    <Switch
      label={fieldLabel(t, of.spec.kind, field)}
      {...(help ? { help: t(`${of.spec.kind}.help.${field}` as AdminKey) } : {})}
      checked={checked ?? values[field]}
      disabled={!writable || disabled}
      onChange={(value) => form.set(field, value as V[F])}
    />
  );
}

/** An entity's optional link to one entity of `kind` (its field `{name}Id`, labelled `{kind}.fields.{name}`), read only without the right to write. */
export function EntityRef<K extends FormKind, V extends Readonly<Record<`${N}Id`, string | null>>, N extends string>({
  of,
  field,
  kind,
}: {
  readonly of: EntityForm<K, V>;
  readonly field: `${N}Id`;
  readonly kind: LookupKind;
}) {
  const labels = useLabels(kind);
  const search = usePickerSearch(kind);
  return (
    <SingleRef
      label={fieldLabel(of.t, of.spec.kind, field.slice(0, -'Id'.length))}
      value={of.values[field]}
      labels={labels}
      search={search}
      disabled={!of.writable}
      onChange={(value) => of.form.set(field, value as V[`${N}Id`])}
    />
  );
}

/**
 * An entity's links to entities of `kind` (its field of ids), in their own section: its title and help are
 * `{form's kind}.sections.{kind}` and `….help.{kind}`; `texts`: what it says when there are none, and its picker's label.
 */
export function EntityRefs<K extends FormKind, V extends Readonly<Record<F, readonly string[]>>, F extends string>({
  of,
  field,
  kind,
  texts,
}: {
  readonly of: EntityForm<K, V>;
  readonly field: F;
  readonly kind: LookupKind;
  readonly texts: { readonly empty: AdminKey; readonly add: AdminKey };
}) {
  const { t, form, values, writable } = of;
  return (
    <RefsSection
      kind={kind}
      title={t(`${of.spec.kind}.sections.${kind}` as AdminKey)}
      description={t(`${of.spec.kind}.help.${kind}` as AdminKey)}
      emptyText={t(texts.empty)}
      addLabel={t(texts.add)}
      ids={values[field]}
      writable={writable}
      onChange={(ids) => form.set(field, ids as V[F])}
    />
  );
}
