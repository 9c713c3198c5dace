import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
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

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * Keeps Tab inside a modal: the browser makes the page behind a modal `<dialog>` inert, but Tab
 * from its last control still leaves for the browser's own toolbar; here it wraps to the first.
 */
export function keepTabInside(event: ReactKeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const inside = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (inside.length === 0) {
    event.preventDefault();
    return;
  }
  const first = inside[0];
  const last = inside[inside.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A ref for a `<dialog>` shown as a modal while `open` holds: the browser makes the rest of the
 * page inert and turns Escape into `cancel`. On closing, focus goes back to what had it before
 * (the button that opened it), or to the page's heading when that is gone (a deleted row's button).
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      restoreFocus(opener.current);
      opener.current = null;
    }
  }, [open]);
  // Unmounted while open (its page went away): focus must not be left on nothing.
  useEffect(
    () => () => {
      if (ref.current?.open) restoreFocus(opener.current);
    },
    [],
  );
  return ref;
}

function restoreFocus(opener: Element | null) {
  if (opener instanceof HTMLElement && opener.isConnected && opener.getClientRects().length > 0) opener.focus();
  else document.getElementById('page-title')?.focus();
}

interface ModalDialogProps {
  open: boolean;
  /** The dialog's heading, which names it. */
  title: ReactNode;
  /** Escape (the dialog's `cancel`), unless it is ignored while something runs. */
  onCancel(): void;
  cancelDisabled?: boolean;
  className?: string;
  testId?: string;
  /** Put beside the title (a Close button). */
  headerEnd?: ReactNode;
  children: ReactNode;
}

/**
 * A modal `<dialog>`, named by its heading: the browser makes the page behind it inert, Tab stays
 * inside, Escape cancels, and focus returns to the opener when it closes. Every console dialog
 * is one, so they behave alike.
 */
export function ModalDialog({ open, title, onCancel, cancelDisabled, className, testId, headerEnd, children }: ModalDialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="dialog__title">
      {title}
    </h2>
  );
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      // Only while shown: a closed dialog marked modal hides the whole page from assistive technology.
      aria-modal={open ? 'true' : undefined}
      data-testid={testId}
      onKeyDown={keepTabInside}
      onCancel={(e) => {
        e.preventDefault();
        if (!cancelDisabled) onCancel();
      }}
    >
      {headerEnd ? (
        <div className="dialog__head">
          {heading}
          {headerEnd}
        </div>
      ) : (
        heading
      )}
      {children}
    </dialog>
  );
}

/** A modal question: Cancel, or the action it asks about. */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, error, tone = 'danger', onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalDialog open={open} title={title} onCancel={onCancel} cancelDisabled={busy}>
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
    </ModalDialog>
  );
}
