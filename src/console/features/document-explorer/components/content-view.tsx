import { useEffect, useState } from 'react';
import type { DocumentContent } from '../../../../client/create-client';
import { CodeEditor } from '../../../components/code-editor';
import { formatBytes } from '../../../lib/format-bytes';
import { displayText } from '../lib/display-text';

/** A document's content, read-only: text formats highlighted, binary as facts and a download. */
export function ContentView({ doc }: { doc: DocumentContent }) {
  if (doc.format === 'binary') return <BinaryContent doc={doc} />;
  return (
    <CodeEditor
      value={displayText(doc.format, doc.text)}
      language={doc.format}
      label={`Content of ${doc.uri}`}
      readOnly
      maxHeight="70vh"
      testId="document-content"
    />
  );
}

function BinaryContent({ doc }: { doc: Extract<DocumentContent, { format: 'binary' }> }) {
  const url = useObjectUrl(doc.blob);
  const name = doc.uri.split('/').pop() || 'document';
  return (
    <div className="binary" data-testid="document-content">
      <dl className="facts">
        <dt>Format</dt>
        <dd>binary</dd>
        <dt>Content type</dt>
        <dd>
          <code>{doc.contentType}</code>
        </dd>
        <dt>Size</dt>
        <dd>
          {formatBytes(doc.size)} ({doc.size.toLocaleString('en')} bytes)
        </dd>
      </dl>
      {url && (
        <a className="button button--primary" href={url} download={name}>
          Download
        </a>
      )}
      {url && doc.contentType.startsWith('image/') && <ImagePreview url={url} uri={doc.uri} />}
    </div>
  );
}

/** A preview that disappears when the bytes are not an image the browser can decode. */
function ImagePreview({ url, uri }: { url: string; uri: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return null;
  return <img className="binary__preview" src={url} alt={`Preview of ${uri}`} onError={() => setBroken(true)} />;
}

/** An object URL for a Blob, revoked when the Blob changes or the view goes away. */
function useObjectUrl(blob: Blob): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}
