import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDelete } from '../../components/confirm-delete';
import { useConnection } from '../../lib/connection';
import { DEFAULT_DATABASE } from '../../../client/indexes';
import { databaseInUse } from '../../lib/connection-settings';

/**
 * "Reset database…": empties the database in use of this browser's server (`POST /tabula/v1/reset`, with `database=`) once the user
 * has confirmed. Only for this browser's database: a MarkLogic server has no such path, and
 * emptying a server is not a console's one-click business. Admin only; the server's refusal
 * (403) stays in the dialog. Every page's data is refetched afterwards.
 */
export function ResetDatabase() {
  const { client, settings } = useConnection();
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
        title={`Reset this browser's database “${databaseInUse(settings)}”?`}
        confirmLabel="Reset database"
      >
        {/* The users and roles live in the home database, the built-in instance's content database: only its reset seeds them again. */}
        {databaseInUse(settings) === DEFAULT_DATABASE ? (
          <p>
            Every document, graph, option set and range index is deleted, the instance properties go back to their defaults, and the users
            and roles go back to the four seeded users. This cannot be undone.
          </p>
        ) : (
          <p>Every document, graph, option set and range index of “{databaseInUse(settings)}” is deleted, and its properties go back to their defaults. This cannot be undone.</p>
        )}
      </ConfirmDelete>
    </>
  );
}
