interface FormActionsProps {
  /** The mutation the form submits is running: the buttons wait and the submit says so. */
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Submit is also disabled while this holds (the form is not ready). */
  submitDisabled?: boolean;
  /** Cancel as a button (disabled while busy), or as a link away from the form. */
  cancel: { onClick(): void } | { href: string };
}

/** The Cancel and submit buttons under an edit or create form. */
export function FormActions({ busy, submitLabel, busyLabel, submitDisabled, cancel }: FormActionsProps) {
  return (
    <div className="panel__actions">
      {'href' in cancel ? (
        <a className="button" href={cancel.href}>
          Cancel
        </a>
      ) : (
        <button type="button" className="button" onClick={cancel.onClick} disabled={busy}>
          Cancel
        </button>
      )}
      <button type="submit" className="button button--primary" disabled={busy || submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
