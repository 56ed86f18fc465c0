// The form of a flow on its own card (the gate's missing attributes, a custom flow): its heading
// and what it asks for, the fields, then the buttons with the submit button last.
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@portal/ui';

export interface FlowFormProps {
  readonly headingId: string;
  readonly heading: string;
  /** Said below the heading (nothing when empty). */
  readonly intro: string;
  readonly submit: { readonly label: string; readonly busy: boolean };
  readonly onSubmit: () => void;
  /**
   * `post`: without JavaScript the form is posted to the page's own address, which the portal
   * server answers (the gate's, #28.10); with it, `onSubmit` runs instead.
   */
  readonly method?: 'post';
  /** Buttons before the submit button. */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}

export function FlowForm({ headingId, heading, intro, submit, onSubmit, method, actions, children }: FlowFormProps) {
  return (
    <form
      method={method}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-6 rounded-xl border border-line bg-surface p-6 shadow-sm"
    >
      <div>
        <h1 id={headingId} className="text-2xl font-semibold text-fg">
          {heading}
        </h1>
        {intro !== '' && <p className="mt-2 text-sm text-fg-muted">{intro}</p>}
      </div>
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        {actions}
        <Button type="submit" busy={submit.busy}>
          {submit.label}
        </Button>
      </div>
    </form>
  );
}
