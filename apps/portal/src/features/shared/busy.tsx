/** A centred progress indicator with its text announced to screen readers. */
export function Busy({ label }: { readonly label: string }) {
  return (
    <div role="status" className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 p-8 text-fg-muted">
      <span
        aria-hidden="true"
        className="size-8 rounded-full border-4 border-line border-t-accent motion-safe:animate-spin"
      />
      <p className="text-base">{label}</p>
    </div>
  );
}
