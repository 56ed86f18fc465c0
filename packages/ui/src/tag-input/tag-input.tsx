import { useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '../lib/cx.ts';
import { Chip } from './chip.tsx';
import { useUiText } from '../i18n/ui-text.tsx';
import { Field, fieldControlProps, useFieldIds } from '../form/field.tsx';
import { validateTag } from '@portal/core';

export interface TagInputProps {
  readonly label: string;
  readonly value: readonly string[];
  readonly onChange: (value: readonly string[]) => void;
  /** The field's own rule for one entry (e.g. an e-mail check); refused with "Ungültige Eingabe". */
  readonly validate?: (entry: string) => boolean;
  readonly help?: string;
  /** An error from the form (already translated); none when `undefined`, as FieldBaseProps. */
  readonly error?: string | undefined;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly id?: string;
  /** A comma adds the typed entry too (default); turn it off for values that may hold a comma. */
  readonly addOnComma?: boolean;
}

/**
 * A list of values as tags: Enter (or comma) adds the typed entry, so does leaving the field
 * with text in it (nothing typed is lost on Save), Backspace in the empty field removes the
 * last tag, each tag has a remove button. Duplicates ("Doppelter Eintrag", case-insensitive)
 * and invalid entries ("Ungültige Eingabe") are refused with a message; the text stays.
 */
export function TagInput({
  label,
  value,
  onChange,
  validate,
  help,
  error,
  required,
  disabled,
  id,
  addOnComma = true,
}: TagInputProps) {
  const t = useUiText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const shownError = refusal ?? error;
  const shownHelp = help ?? t('tagInput.hint');
  const ids = useFieldIds({ id, help: shownHelp, error: shownError });

  const add = () => {
    const refused = validateTag(draft, value, validate);
    if (refused !== undefined) {
      setRefusal(t(refused.code, refused.params));
      return;
    }
    onChange([...value, draft.trim()]);
    setDraft('');
    setRefusal(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || (addOnComma && event.key === ',')) {
      event.preventDefault();
      if (draft.trim() !== '' || event.key === 'Enter') add();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const remove = (index: number) => {
    onChange(value.filter((_, position) => position !== index));
    inputRef.current?.focus();
  };

  return (
    <Field label={label} help={shownHelp} error={shownError} required={required} ids={ids} live>
      <div
        className={cx(
          'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-lg border bg-surface px-2 py-1.5 focus-within:outline-2 focus-within:outline-focus',
          shownError === undefined ? 'border-line-strong' : 'border-danger',
          disabled === true && 'cursor-not-allowed bg-surface-muted',
        )}
      >
        {value.length > 0 && (
          <ul className="contents">
            {value.map((tag, index) => (
              <Chip
                key={`${tag}-${index}`}
                label={tag}
                onRemove={() => remove(index)}
                removeLabel={t('tagInput.remove', { tag })}
                disabled={disabled}
              />
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          {...fieldControlProps(ids, shownError)}
          value={draft}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            if (refusal !== undefined) setRefusal(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim() !== '') add();
          }}
          className="min-w-24 flex-1 bg-transparent px-1 py-1 text-base text-fg outline-none sm:text-sm"
        />
      </div>
    </Field>
  );
}
