import { useId, useState, type DragEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { ProgressBar } from '../../../components/progress-bar';
import { useUploadDocuments } from '../queries/upload-documents';

/** Upload by picking or dropping files; each becomes `<directory><file name>`. */
export function UploadPanel({ dir }: { dir: string }) {
  const inputId = useId();
  const upload = useUploadDocuments();
  const [dragging, setDragging] = useState(false);
  const target = dir || '/';

  const start = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0 && !upload.isPending) upload.mutate({ dir, files });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    start(e.dataTransfer.files);
  };

  return (
    <section className="upload" aria-label="Upload">
      <div
        className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span>
          Drop files here to upload to <code>{target}</code>, or{' '}
          <label htmlFor={inputId} className="link-button">
            choose files
          </label>
        </span>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          aria-label="Upload files"
          disabled={upload.isPending}
          onChange={(e) => {
            start(e.target.files);
            e.target.value = ''; // picking the same files again must upload again
          }}
        />
      </div>
      {upload.progress && (upload.isPending || upload.isError) && (
        <ProgressBar value={upload.progress.written} max={upload.progress.total} label="Upload progress" />
      )}
      {upload.isSuccess && (
        <p className="notice" role="status">
          Uploaded {upload.data.length} {upload.data.length === 1 ? 'file' : 'files'} to <code>{target}</code>.
        </p>
      )}
      {upload.isError && (
        <ErrorMessage
          error={upload.error}
          title={`Upload stopped after ${upload.progress?.written ?? 0} of ${upload.progress?.total ?? 0} files`}
        />
      )}
    </section>
  );
}
