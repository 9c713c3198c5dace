import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDelete } from '../../components/confirm-delete';
import { useConnection } from '../../lib/connection';

/**
 * "Reset database…": empties this browser's database (`POST /tabula/v1/reset`) once the user
 * has confirmed. Only for this browser's database: a MarkLogic server has no such path, and
 * emptying a server is not a console's one-click business. Admin only; the server's refusal
 * (403) stays in the dialog. Every page's data is refetched afterwards.
 */
export function ResetDatabase() {
  const { client } = useConnection();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => client.database.reset(),
    onSuccess: () => queryClient.invalidateQueries(),
  });
  return (
    <>
      <button type="button" className="button button--small" onClick={() => setOpen(true)}>
        Reset database…
      </button>
      <ConfirmDelete
        open={open}
        onClose={() => setOpen(false)}
        mutation={{ ...mutation, mutate: (_: undefined, options) => mutation.mutate(undefined, options) }}
        target={undefined}
        onDeleted={() => {}}
        title="Reset this browser's database?"
        confirmLabel="Reset database"
      >
        <p>
          Every document, graph, option set and range index is deleted, the instance properties go back to their defaults, and the users
          and roles go back to the four seeded users. This cannot be undone.
        </p>
      </ConfirmDelete>
    </>
  );
}
