import { useMemo, useState } from 'react';
import { documentReadRequest } from '../../../../client/create-client';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { SentRequest, useRequestBase } from '../../../components/copy-request';
import { ErrorMessage } from '../../../components/error-message';
import { Tabs, tabPanelProps } from '../../../components/tabs';
import { formatBytes } from '../../../lib/format-bytes';
import { describeRequest } from '../../../lib/request-snippets';
import { navigate } from '../../../lib/use-hash-route';
import { useDeleteDocument } from '../queries/delete-document';
import { useDocument } from '../queries/get-document';
import { useDocumentMetadata } from '../queries/get-document-metadata';
import { explorerHref, type DocumentTab, type ExplorerState } from '../lib/explorer-state';
import { canEmbedTriples } from '../lib/embedded-triples';
import { ContentEditor } from './content-editor';
import { ContentView } from './content-view';
import { EmbeddedTriples } from './embedded-triples';
import { FormatBadge } from './format-badge';
import { MetadataEditor } from './metadata-editor';
import { MetadataView } from './metadata-view';
import { UncommittedBadge } from '../../transactions/components/uncommitted-badge';
import { useShortcut } from '../../../lib/shortcuts';
import { useDocumentDrafts } from '../lib/use-document-drafts';
import { draftStatus } from '../lib/document-drafts';
import { displayText } from '../lib/display-text';
import { DraftBadge } from './draft-badge';

const tabs = [
  { id: 'content', label: 'Content' },
  { id: 'metadata', label: 'Metadata' },
] as const;

/** One open document: its content and metadata, with edit and delete, and the triples it embeds. */
export function DocumentPanel({ state, uri }: { state: ExplorerState; uri: string }) {
  const doc = useDocument(uri);
  const remove = useDeleteDocument();
  const { drafts, discard } = useDocumentDrafts();
  const draft = drafts[uri];
  // A document with a draft opens in the editor, where the draft is.
  const [editing, setEditing] = useState(() => draft !== undefined);
  const [confirming, setConfirming] = useState(false);
  const select = (tab: DocumentTab) => {
    setEditing(false);
    navigate(explorerHref({ ...state, tab }), { replace: true });
  };
  const canEdit = state.tab === 'content' && doc.data !== undefined && doc.data.format !== 'binary' && !editing;
  const { base, sent } = useRequestBase();
  const shownText = useMemo(() => (doc.data && doc.data.format !== 'binary' ? displayText(doc.data.format, doc.data.text) : undefined), [doc.data]);
  const status = draftStatus(draft, shownText);
  useShortcut({ keys: 'e', description: 'Edit the open document', group: 'Documents' }, () => setEditing(true), { enabled: canEdit });

  return (
    <article className="panel document-panel" aria-labelledby="document-title">
      <header className="panel__header">
        <div className="panel__heading">
          <h2 id="document-title" className="panel__title mono">
            {uri}
          </h2>
          {doc.data && (
            <div className="panel__meta">
              <FormatBadge format={doc.data.format} />
              <UncommittedBadge uri={uri} />
              {status !== 'none' && <DraftBadge status={status} />}
              <span>{doc.data.contentType}</span>
              <span>{formatBytes(doc.data.size)}</span>
            </div>
          )}
        </div>
        <div className="panel__toolbar">
          {canEdit && (
            <button type="button" className="button" onClick={() => setEditing(true)}>
              {draft ? 'Edit draft' : 'Edit'}
            </button>
          )}
          <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      </header>

      <Tabs label="Document views" tabs={tabs} selected={state.tab} onSelect={select} idPrefix="document" />
      <div className="panel__body" {...tabPanelProps('document', state.tab)}>
        {state.tab === 'content' ? (
          doc.isPending ? (
            <p className="muted">Loading content…</p>
          ) : doc.isError ? (
            <ErrorMessage error={doc.error} title="Could not read the document" />
          ) : editing && doc.data.format !== 'binary' ? (
            <ContentEditor doc={doc.data} onDone={() => setEditing(false)} />
          ) : (
            <>
              {draft && (
                <div className="draft-bar draft-bar--notice" role="status">
                  <span>This document has an unsaved draft in this browser.</span>
                  <button type="button" className="button button--small" onClick={() => setEditing(true)}>
                    Continue editing
                  </button>
                  <button type="button" className="button button--small button--danger-outline" onClick={() => discard(uri)}>
                    Discard draft
                  </button>
                </div>
              )}
              <ContentView doc={doc.data} />
            </>
          )
        ) : (
          <MetadataTab uri={uri} />
        )}
        {/* The read behind the tab shown: its content, or its metadata as JSON (in the open transaction and the database in use). */}
        <SentRequest request={describeRequest(base, sent(documentReadRequest(uri, state.tab)))} kind="document" />
      </div>
      <EmbeddedTriples uri={uri} enabled={doc.data !== undefined && canEmbedTriples(doc.data.format)} />

      <ConfirmDelete
        open={confirming}
        onClose={() => setConfirming(false)}
        mutation={remove}
        target={uri}
        onDeleted={() => navigate(explorerHref({ dir: state.dir, collection: state.collection, page: state.page }))}
        title="Delete document?"
        confirmLabel="Delete"
      >
        <p>
          <code>{uri}</code> will be deleted with its metadata. This cannot be undone.
        </p>
      </ConfirmDelete>
    </article>
  );
}

function MetadataTab({ uri }: { uri: string }) {
  const metadata = useDocumentMetadata(uri);
  const [editing, setEditing] = useState(false);
  if (metadata.isPending) return <p className="muted">Loading metadata…</p>;
  if (metadata.isError) return <ErrorMessage error={metadata.error} title="Could not read the metadata" />;
  if (editing) return <MetadataEditor uri={uri} metadata={metadata.data} onDone={() => setEditing(false)} />;
  return (
    <>
      <div className="panel__actions panel__actions--top">
        <button type="button" className="button" onClick={() => setEditing(true)}>
          Edit metadata
        </button>
      </div>
      <MetadataView metadata={metadata.data} />
    </>
  );
}
