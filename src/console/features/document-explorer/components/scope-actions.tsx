import { useState } from 'react';
import type { SearchScope } from '../../../../client/create-client';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { navigate } from '../../../lib/use-hash-route';
import { useDeleteDocumentsInScope } from '../queries/delete-documents-in-scope';
import { explorerHref, type ExplorerState } from '../lib/explorer-state';

/**
 * "New document", and deleting everything the listing is narrowed to. The server
 * deletes by one directory or one collection, never both at once (MarkLogic’s REST API reference, DELETE /v1/search), so the
 * bulk delete is only offered when exactly one of them is chosen.
 */
export function ScopeActions({ state }: { state: ExplorerState }) {
  const [confirming, setConfirming] = useState(false);
  const removeAll = useDeleteDocumentsInScope();
  const scope: SearchScope | undefined =
    state.dir && !state.collection ? { directory: state.dir } : state.collection && !state.dir ? { collection: state.collection } : undefined;
  const scopeText = scope && ('directory' in scope ? `directory ${scope.directory}` : `collection “${scope.collection}”`);

  return (
    <div className="scope-actions">
      <a className="button button--primary" href={explorerHref({ ...state, uri: undefined, view: 'new' })}>
        New document
      </a>
      {scope && (
        <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
          Delete all…
        </button>
      )}
      {scope && (
        <ConfirmDelete
          open={confirming}
          onClose={() => setConfirming(false)}
          mutation={removeAll}
          target={scope}
          onDeleted={() => navigate(explorerHref({ dir: state.dir, collection: state.collection }))}
          title={`Delete everything in ${scopeText}?`}
          confirmLabel="Delete all"
        >
          <p>
            Every document in the {scopeText}
            {'directory' in scope ? ', including its subdirectories,' : ''} will be deleted. This cannot be undone.
          </p>
        </ConfirmDelete>
      )}
    </div>
  );
}
