import { DropZone } from '../../../components/drop-zone';
import { ErrorMessage } from '../../../components/error-message';
import { ProgressBar } from '../../../components/progress-bar';
import { useUploadDocuments } from '../queries/upload-documents';

/** Upload by picking or dropping files; each becomes `<directory><file name>`. */
export function UploadPanel({ dir }: { dir: string }) {
  const upload = useUploadDocuments();
  const target = dir || '/';

  const start = (files: File[]) => {
    if (files.length > 0 && !upload.isPending) upload.mutate({ dir, files });
  };

  return (
    <section className="upload" aria-label="Upload">
      <DropZone testId="drop-zone" onFiles={start} inputLabel="Upload files" multiple disabled={upload.isPending}>
        {(inputId) => (
          <span>
            Drop files here to upload to <code>{target}</code>, or{' '}
            <label htmlFor={inputId} className="link-button">
              choose files
            </label>
          </span>
        )}
      </DropZone>
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
