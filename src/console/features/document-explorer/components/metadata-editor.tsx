import { useState } from 'react';
import type { DocumentMetadata } from '../../../../client/create-client';
import { DocumentCodeEditor } from './document-code-editor';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { useSaveDocumentMetadata } from '../queries/save-document-metadata';

/** Edits the metadata as JSON and replaces it with PUT category=metadata. */
export function MetadataEditor({ uri, metadata, onDone }: { uri: string; metadata: DocumentMetadata; onDone(): void }) {
  const [text, setText] = useState(() => JSON.stringify(metadata, null, 2));
  const [parseError, setParseError] = useState<string>();
  const save = useSaveDocumentMetadata(uri);

  return (
    <form
      className="editor-form"
      onSubmit={(e) => {
        e.preventDefault();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (err) {
          setParseError(`The metadata is not valid JSON: ${(err as Error).message}`);
          return;
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
          setParseError('The metadata must be a JSON object, e.g. {"collections": ["a"]}');
          return;
        }
        setParseError(undefined);
        save.mutate(parsed as Partial<DocumentMetadata>, { onSuccess: onDone });
      }}
    >
      <p className="hint">
        Each category present replaces the document's current one. As on MarkLogic, an empty <code>collections</code> list leaves
        collections unchanged, and the acting user's default permissions are always kept.
      </p>
      <DocumentCodeEditor value={text} onChange={setText} format="json" label={`Metadata of ${uri}`} minHeight="14rem" maxHeight="60vh" testId="metadata-editor" />
      {parseError && <ErrorMessage error={new Error(parseError)} />}
      {save.isError && <ErrorMessage error={save.error} title="Could not save the metadata" />}
      <FormActions busy={save.isPending} submitLabel="Save metadata" busyLabel="Saving…" cancel={{ onClick: onDone }} />
    </form>
  );
}
