// The field kit of an entity's form, each field by its name: the general section (key, label, description), a text
// field, a switch, a link to one entity, links to many in their own section.
import type { ComponentProps, ReactNode } from 'react';
import { Switch, TextField } from '@portal/ui';
import { useLabels, type LookupKind } from '../../admin-context.tsx';
import { Grid, Section } from '../form-kit.tsx';
import { RefsSection, SingleRef, usePickerSearch } from '../pickers.tsx';
import type { AdminKey, AdminT } from '../../lib/i18n.ts';
import type { EntityForm, FormKind, Texts } from './spec.ts';

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
