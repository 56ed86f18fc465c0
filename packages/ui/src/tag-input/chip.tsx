import { XMarkIcon } from '@heroicons/react/16/solid';

export type ChipProps = {
  /** What the chip shows (cut short with an ellipsis when it is wider than its list). */
  readonly label: string;
  /** The button stays, disabled, instead of leaving (a tag input that is disabled). */
  readonly disabled?: boolean | undefined;
} & (
  | {
      /** Removes the entry; without it the chip has no remove button. */
      readonly onRemove: () => void;
      /** The remove button's accessible name, e.g. "Filiale Nord entfernen" (its only text is an icon). */
      readonly removeLabel: string;
    }
  | { readonly onRemove?: undefined; readonly removeLabel?: undefined }
);

/** One chosen entry as a list item with its remove button: the tag input's tags and the console's chosen entries. */
export function Chip({ label, onRemove, removeLabel, disabled }: ChipProps) {
  return (
    <li className="inline-flex max-w-full items-center gap-1 rounded-md bg-accent-soft py-0.5 ps-2 pe-1 text-sm text-on-accent-soft">
      <span className="truncate">{label}</span>
      {onRemove !== undefined && (
        <button
          type="button"
          disabled={disabled}
          onClick={onRemove}
          aria-label={removeLabel}
          className="rounded-sm p-0.5 hover:bg-surface/50"
        >
          <XMarkIcon aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}
