// An entity kind's form as data (`EntitySpec`: values from the entity, input for the API, checks, title), the spec of a
// kind with a general section (`generalSpec`), and the form a page's fields take (`EntityForm`, `FormOf`).
import type { AdminApi, EntityApi, EntityUsage } from '@portal/adapters/admin';
import type { LookupKind } from '../../admin-context.tsx';
import type { FormState } from '../form-kit.tsx';
import { validateFields, type FieldError, type FieldErrors } from '../../lib/form.ts';
import type { AdminT } from '../../lib/i18n.ts';

/** The kinds whose detail page is a form that creates, saves and deletes (users have their own page). */
export type FormKind = LookupKind;
type KindApi<K extends FormKind> = AdminApi[K];
export type DetailOf<K extends FormKind> = Awaited<ReturnType<KindApi<K>['get']>>;
type InputOf<K extends FormKind> = Parameters<KindApi<K>['create']>[0];
export type FormApi<K extends FormKind> = EntityApi<unknown, DetailOf<K>, InputOf<K>, unknown> & {
  readonly usage?: (id: string) => Promise<EntityUsage>;
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
export type GeneralField = 'key' | 'label' | 'description';
export type Texts<F extends string> = { readonly [P in F]: string };

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
