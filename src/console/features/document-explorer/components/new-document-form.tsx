import { useMemo, useState } from 'react';
import { DocumentCodeEditor, LINT_DELAY_MS } from './document-code-editor';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { contentProblem } from '../lib/content-problems';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { navigate } from '../../../lib/use-hash-route';
import { useSaveDocument } from '../queries/save-document';
import { uriInDirectory } from '../lib/directory-listing';
import { explorerHref, type ExplorerState } from '../lib/explorer-state';

type TextFormat = 'json' | 'xml' | 'text';

const templates: Record<TextFormat, { name: string; content: string }> = {
  json: { name: 'new-document.json', content: '{\n  "title": ""\n}\n' },
  xml: { name: 'new-document.xml', content: '<document>\n  <title></title>\n</document>\n' },
  text: { name: 'new-document.txt', content: '' },
};

export function NewDocumentForm({ state }: { state: ExplorerState }) {
  const [format, setFormat] = useState<TextFormat>('json');
  const [uri, setUri] = useState(() => uriInDirectory(state.dir, templates.json.name));
  const [content, setContent] = useState(templates.json.content);
  const [collections, setCollections] = useState(state.collection);
  const save = useSaveDocument();
  // Format and text settle together, so a format switch is never checked against the old text.
  const settled = useDebouncedValue(useMemo(() => ({ format, content }), [format, content]), LINT_DELAY_MS);
  const problem = useMemo(() => contentProblem(settled.format, settled.content), [settled]);

  const changeFormat = (next: TextFormat) => {
    // Follow the format in the suggested name and content until the person edits them.
    if (uri === uriInDirectory(state.dir, templates[format].name)) setUri(uriInDirectory(state.dir, templates[next].name));
    if (content === templates[format].content) setContent(templates[next].content);
    setFormat(next);
  };

  return (
    <form
      className="panel new-document"
      aria-labelledby="new-document-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (contentProblem(format, content)) return;
        const list = collections.split(',').map((c) => c.trim()).filter(Boolean);
        save.mutate(
          { uri: uri.trim(), content, format, collections: list },
          { onSuccess: () => navigate(explorerHref({ dir: state.dir, collection: state.collection, uri: uri.trim() })) },
        );
      }}
    >
      <header className="panel__header">
        <h2 id="new-document-title" className="panel__title">
          New document
        </h2>
      </header>
      <div className="form-grid">
        <label className="field-label" htmlFor="new-document-uri">
          URI
        </label>
        <input id="new-document-uri" className="input input--mono" value={uri} onChange={(e) => setUri(e.target.value)} required />
        <label className="field-label" htmlFor="new-document-format">
          Format
        </label>
        <select id="new-document-format" className="input" value={format} onChange={(e) => changeFormat(e.target.value as TextFormat)}>
          <option value="json">JSON</option>
          <option value="xml">XML</option>
          <option value="text">Text</option>
        </select>
        <label className="field-label" htmlFor="new-document-collections">
          Collections
        </label>
        <input
          id="new-document-collections"
          className="input"
          placeholder="comma-separated, optional"
          value={collections}
          onChange={(e) => setCollections(e.target.value)}
        />
      </div>
      <p className="hint">A document already at this URI is replaced. The URI's extension, when known, decides the format on the server.</p>
      <DocumentCodeEditor value={content} onChange={setContent} format={format} label="New document content" minHeight="16rem" testId="new-document-editor" />
      {problem && (
        <p className="content-problem content-problem--error" aria-live="polite">
          Line {problem.line}, column {problem.column}: {problem.message}
        </p>
      )}
      {save.isError && <ErrorMessage error={save.error} title="Could not create the document" />}
      <FormActions
        busy={save.isPending}
        submitLabel="Create"
        busyLabel="Creating…"
        submitDisabled={!uri.trim() || problem !== undefined}
        cancel={{ href: explorerHref({ dir: state.dir, collection: state.collection, page: state.page }) }}
      />
    </form>
  );
}
