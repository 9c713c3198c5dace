import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorMessage } from './error-message';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown while the confirmed action runs; the buttons are disabled meanwhile. */
  busy?: boolean;
  error?: unknown;
  /** How the confirming button looks: `danger` (the default) for what destroys, `primary` for what only adds. */
  tone?: 'danger' | 'primary';
  onConfirm(): void;
  onCancel(): void;
}

/** A ref for a `<dialog>` shown as a modal while `open` holds: the browser then traps focus and turns Escape into `cancel`. */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/** A modal question built on `<dialog>`, which brings focus trapping and Escape for free. */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, error, tone = 'danger', onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      {error != null && <ErrorMessage error={error} />}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={`button button--${tone}`} onClick={onConfirm} disabled={busy} autoFocus={tone === 'danger'}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
