import { useState } from 'react';
import type { DocumentContent } from '../../../../client/create-client';
import { CodeEditor } from '../../../components/code-editor';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { useSaveDocument } from '../queries/save-document';
import { displayText } from '../lib/display-text';

type TextDocument = Extract<DocumentContent, { format: 'json' | 'xml' | 'text' }>;

/** Edits a text document in place; Save replaces it with PUT. */
export function ContentEditor({ doc, onDone }: { doc: TextDocument; onDone(): void }) {
  const [text, setText] = useState(() => displayText(doc.format, doc.text));
  const save = useSaveDocument();
  return (
    <form
      className="editor-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ uri: doc.uri, content: text, format: doc.format }, { onSuccess: onDone });
      }}
    >
      <CodeEditor value={text} onChange={setText} language={doc.format} label={`Edit ${doc.uri}`} minHeight="16rem" maxHeight="70vh" testId="content-editor" />
      {save.isError && <ErrorMessage error={save.error} title="Could not save" />}
      <FormActions busy={save.isPending} submitLabel="Save" busyLabel="Saving…" cancel={{ onClick: onDone }} />
    </form>
  );
}
