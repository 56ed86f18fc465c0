// Building blocks of the admin detail forms: form state with change detection, saving with
// server field errors and a toast, sections, the action bar. The picker of linked entities: ref-picker.tsx.
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { saidBesideFields, toPortalError, type PortalError } from '@portal/core';
import { Button, Section as UiSection, useToasterClearance } from '@portal/ui';
import { useToasts } from '../../../app/contexts.tsx';
import { sameValue, serverFieldErrors, withoutError, type FieldError, type FieldErrors } from '../lib/form.ts';
import { useAdminT, useUiT } from '../lib/i18n.ts';
import { LeaveGuard } from './leave-guard.tsx';

export interface FormState<V> {
  readonly values: V;
  readonly dirty: boolean;
  readonly errors: FieldErrors;
  readonly busy: boolean;
  /** Counts successful saves (lists under the form, like the history, reload on it). */
  readonly round: number;
  set<K extends keyof V>(field: K, value: V[K]): void;
  update(change: (values: V) => V, field?: string): void;
  setErrors(errors: FieldErrors): void;
  /**
   * Runs a save: on success the saved values become the new baseline and a toast says so (`done`,
   * else "saved"); on failure the input stays, field errors go onto the fields (unless
   * `besideFields` is false: a save whose values were not typed here, like a revert) and a toast
   * says why (with the server's messages no field shows).
   */
  save<R>(
    run: () => Promise<R>,
    saved: (result: R) => V,
    options?: { readonly done?: string; readonly besideFields?: boolean },
  ): Promise<R | undefined>;
  /** Runs another action (delete) with the same error handling. */
  run<R>(action: () => Promise<R>): Promise<R | undefined>;
}

/**
 * The server's field errors a page rendered beside their field: `useErrorText` marks each one
 * it turns into text while rendering, so a failed save knows, after that render, which of the
 * answer's `errors[]` no field shows (those go into the toast, spec §8).
 */
const shownBesideField = new WeakSet<FieldError>();

/** After a failed save: the server's errors by field, and the toast still to show. */
interface PendingFailure {
  readonly error: PortalError;
  readonly fields: FieldErrors;
}

export function useFormState<V>(initial: V): FormState<V> {
  const t = useAdminT();
  const toasts = useToasts();
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const [pending, setPending] = useState<PendingFailure | undefined>();
  // Once the page has rendered the failure's field errors: the toast, without what fields show.
  useEffect(() => {
    if (pending === undefined) return;
    setPending(undefined);
    const placed = (field: string) => {
      const shown = pending.fields[field];
      return shown !== undefined && shownBesideField.has(shown);
    };
    // Said beside the fields alone: no toast repeats it (#30.8).
    if (!saidBesideFields(pending.error, placed)) toasts.error(pending.error, placed);
  }, [pending, toasts]);
  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, String(field)));
  }, []);
  const update = useCallback((change: (values: V) => V, field?: string) => {
    setValues(change);
    if (field !== undefined) setErrors((current) => withoutError(current, field));
  }, []);
  const fail = useCallback((error: unknown, besideFields = true): PortalError => {
    const portalError = toPortalError(error);
    const fields = besideFields ? serverFieldErrors(portalError) : {};
    setErrors(fields);
    setPending({ error: portalError, fields });
    return portalError;
  }, []);
  const save = useCallback(
    async <R,>(
      action: () => Promise<R>,
      saved: (result: R) => V,
      options: { readonly done?: string; readonly besideFields?: boolean } = {},
    ) => {
      setBusy(true);
      try {
        const result = await action();
        const next = saved(result);
        setBaseline(next);
        setValues(next);
        setErrors({});
        setRound((r) => r + 1);
        toasts.success(options.done ?? t('form.saved'));
        return result;
      } catch (error) {
        fail(error, options.besideFields);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [fail, t, toasts],
  );
  const run = useCallback(
    async <R,>(action: () => Promise<R>) => {
      setBusy(true);
      try {
        return await action();
      } catch (error) {
        fail(error);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [fail],
  );
  return { values, dirty: !sameValue(values, baseline), errors, busy, round, set, update, setErrors, save, run };
}

/** The text of a field error (validation codes are translated from the ui namespace). */
export function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const tu = useUiT();
  return useCallback(
    (error) => {
      if (error === undefined) return undefined;
      if ('text' in error) {
        shownBesideField.add(error);
        return error.text;
      }
      return tu(error.code, error.params ?? {});
    },
    [tu],
  );
}

export function Section({
  title,
  description,
  children,
  actions,
}: {
  readonly title: string;
  readonly description?: string;
  readonly children?: ReactNode;
  readonly actions?: ReactNode;
}) {
  return (
    <UiSection
      title={title}
      {...(description === undefined ? {} : { description })}
      actions={actions}
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-6"
    >
      <div className="flex flex-col gap-4">{children}</div>
    </UiSection>
  );
}

export function Grid({ children }: { readonly children?: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 md:grid-cols-2">{children}</div>;
}

/** The form element with the leave guard and the action bar (primary action right). */
export function FormFrame({
  onSubmit,
  dirty,
  busy,
  canSave,
  children,
  extraActions,
  submitLabel,
}: {
  readonly onSubmit: () => void;
  readonly dirty: boolean;
  readonly busy: boolean;
  readonly canSave: boolean;
  readonly children?: ReactNode;
  readonly extraActions?: ReactNode;
  readonly submitLabel?: string;
}) {
  const t = useAdminT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !busy) onSubmit();
  };
  const bar = useRef<HTMLDivElement>(null);
  useToasterClearance(bar);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <LeaveGuard dirty={dirty && !busy} />
      <fieldset disabled={!canSave} className="flex min-w-0 flex-col gap-6">
        {children}
      </fieldset>
      <div
        ref={bar}
        className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-line bg-canvas/95 px-4 py-3 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
      >
        {dirty && (
          <p className="me-auto text-sm text-fg-muted" role="status">
            {t('form.unsaved')}
          </p>
        )}
        {extraActions}
        {canSave && (
          <Button type="submit" busy={busy} disabled={!dirty}>
            {submitLabel ?? t('form.save')}
          </Button>
        )}
      </div>
    </form>
  );
}
