import { useShortcut } from '../../../lib/shortcuts';
import { navigate } from '../../../lib/use-hash-route';
import { explorerHref, readExplorerState } from '../lib/explorer-state';
import { CollectionPicker } from './collection-picker';
import { DirectoryBreadcrumb } from './directory-breadcrumb';
import { DocumentList } from './document-list';
import { DocumentPanel } from './document-panel';
import { NewDocumentForm } from './new-document-form';
import { ScopeActions } from './scope-actions';
import { UploadPanel } from './upload-panel';
import '../document-explorer.css';

/** Browse by directory and collection on the left; the open document on the right (stacked on a narrow screen). */
export function DocumentExplorer({ params }: { params: URLSearchParams }) {
  const state = readExplorerState(params);
  useShortcut({ keys: '/', description: 'Choose a collection to filter by', group: 'Documents' }, () => document.getElementById('collection-filter')?.focus());
  useShortcut({ keys: 'n', description: 'New document', group: 'Documents' }, () => navigate(explorerHref({ ...state, uri: undefined, view: 'new' })));
  return (
    <div className="explorer explorer--documents">
      <aside className="explorer__browse" aria-label="Browse documents">
        <DirectoryBreadcrumb state={state} />
        <CollectionPicker state={state} />
        <ScopeActions state={state} />
        <UploadPanel dir={state.dir} />
        <DocumentList state={state} />
      </aside>
      <section className="explorer__detail" aria-label="Document">
        {state.view === 'new' ? (
          <NewDocumentForm key={state.dir} state={state} />
        ) : state.uri ? (
          // Keyed by URI so edit state never carries over to another document.
          <DocumentPanel key={state.uri} state={state} uri={state.uri} />
        ) : (
          <div className="placeholder">
            <p>Select a document to see its content and metadata,</p>
            <p>or upload files by dropping them on the left.</p>
          </div>
        )}
      </section>
    </div>
  );
}
