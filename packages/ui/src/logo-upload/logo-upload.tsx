import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ArrowUpTrayIcon, PhotoIcon, TrashIcon } from '@heroicons/react/20/solid';
import { cx } from '../lib/cx.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { FieldMessages, RequiredMark, fieldControlProps, useFieldIds } from '../form/field.tsx';
import { logoMaxBytes, validateLogo } from '@portal/core';

export interface LogoUploadProps {
  readonly label: string;
  /** The current logo URL (shown as preview until a new file is chosen). */
  readonly value?: string;
  /** Called with an accepted file (SVG by content, at most 2 MB). */
  readonly onSelect: (file: File) => void;
  /** Shows a remove button when given and a logo is shown. */
  readonly onRemove?: () => void;
  /** An error from the form or the upload (already translated); none when `undefined`, as FieldBaseProps. */
  readonly error?: string | undefined;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly id?: string;
}

/** Logo upload: SVG only (by content), 2 MB at most, preview via `<img>`, refusals shown under the field. */
export function LogoUpload({ label, value, onSelect, onRemove, error, required, disabled, id }: LogoUploadProps) {
  const t = useUiText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localUrl, setLocalUrl] = useState<string | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  // A refused logo is not shown (#17.20): when the form reports an error (the upload failed),
  // the chosen file's preview goes and the current logo (`value`) is shown again.
  const [reportedError, setReportedError] = useState(error);
  if (error !== reportedError) {
    setReportedError(error);
    if (error !== undefined) setLocalUrl(undefined);
  }
  const preview = localUrl ?? value;
  const shownError = refusal ?? error;
  const hint = t('logoUpload.hint', { max: logoMaxBytes / (1024 * 1024) });
  const ids = useFieldIds({ id, help: hint, error: shownError });

  useEffect(
    () => () => {
      if (localUrl !== undefined) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  const take = async (file: File | undefined) => {
    if (file === undefined) return;
    const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
    const refused = validateLogo({ size: file.size, head });
    if (refused !== undefined) {
      setRefusal(t(refused.code));
      return;
    }
    setRefusal(undefined);
    setLocalUrl(URL.createObjectURL(file));
    onSelect(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled !== true) void take(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex min-w-0 flex-col">
      <span className="mb-1.5 text-sm font-medium text-fg">
        {label}
        {required === true && <RequiredMark />}
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          'flex flex-col items-center gap-4 rounded-xl border border-dashed p-4 sm:flex-row',
          dragging
            ? 'border-accent bg-accent-soft'
            : shownError === undefined
              ? 'border-line-strong bg-surface'
              : 'border-danger bg-surface',
        )}
      >
        <div className="flex size-16 shrink-0 items-center justify-center rounded-lg border border-line bg-canvas">
          {preview === undefined ? (
            <PhotoIcon aria-hidden="true" className="size-8 text-fg-muted" />
          ) : (
            <img
              src={preview}
              alt={t('logoUpload.preview')}
              width={64}
              height={64}
              className="size-14 object-contain"
            />
          )}
        </div>
        <div className="flex flex-1 flex-col items-center gap-2 sm:items-start">
          {preview === undefined && <p className="text-sm text-fg-muted">{t('logoUpload.noLogo')}</p>}
          <div className="flex flex-wrap gap-2">
            <input
              ref={inputRef}
              {...fieldControlProps(ids, shownError)}
              type="file"
              accept=".svg,image/svg+xml"
              disabled={disabled}
              className="peer sr-only"
              onChange={(event) => {
                void take(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <label
              htmlFor={ids.controlId}
              className={cx(
                'inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-line-strong bg-surface px-3 text-sm font-medium text-fg hover:bg-surface-muted',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus',
                disabled === true && 'cursor-not-allowed opacity-60',
              )}
            >
              <ArrowUpTrayIcon aria-hidden="true" className="size-4" />
              {t('logoUpload.choose')}
              <span className="sr-only">{` (${label})`}</span>
            </label>
            {onRemove !== undefined && preview !== undefined && (
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  setLocalUrl(undefined);
                  setRefusal(undefined);
                  onRemove();
                }}
                className="inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium text-danger hover:bg-danger-soft disabled:opacity-60"
              >
                <TrashIcon aria-hidden="true" className="size-4" />
                {t('logoUpload.remove')}
              </button>
            )}
          </div>
        </div>
      </div>
      <div aria-live="polite">
        <FieldMessages error={shownError} help={hint} ids={ids} />
      </div>
    </div>
  );
}
