import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/** The part of a TanStack mutation the question needs: what deletes, and its state. */
export interface DeleteMutation<T> {
  mutate(target: T, options: { onSuccess(): void }): void;
  reset(): void;
  isPending: boolean;
  error: unknown;
}

interface ConfirmDeleteProps<T> {
  open: boolean;
  /** Closes the question: on Cancel, and once the delete has succeeded. */
  onClose(): void;
  mutation: DeleteMutation<T>;
  target: T;
  /** After the delete succeeded and the question closed: usually navigating away from what is gone. */
  onDeleted(): void;
  title: string;
  confirmLabel: string;
  children: ReactNode;
}

/**
 * "Delete …?" for a document, a graph or a whole scope: the delete runs only once confirmed,
 * the buttons wait while it runs, a failure stays in the dialog, and Cancel forgets it so the
 * next question starts clean.
 */
export function ConfirmDelete<T>({ open, onClose, mutation, target, onDeleted, title, confirmLabel, children }: ConfirmDeleteProps<T>) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      error={mutation.error}
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={() =>
        mutation.mutate(target, {
          onSuccess: () => {
            onClose();
            onDeleted();
          },
        })
      }
    >
      {children}
    </ConfirmDialog>
  );
}
