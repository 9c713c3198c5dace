import { DropZone } from '../../../components/drop-zone';
import { formatBytes } from '../../../lib/format-bytes';

/** Where a scene archive is dropped or chosen: the scene import, and a new database made from a scene. */
export function SceneFileDrop({ testId, file, onFile, disabled }: { testId: string; file: File | undefined; onFile: (file: File) => void; disabled: boolean }) {
  return (
    <DropZone testId={testId} onFiles={(files) => files[0] && onFile(files[0])} inputLabel="Scene file" accept=".zip,application/zip" disabled={disabled}>
      {(inputId) => (
        <>
          {file ? (
            <span>
              <code>{file.name}</code> ({formatBytes(file.size)}) —{' '}
            </span>
          ) : (
            <span>Drop a scene (.zip) here, or </span>
          )}
          <label htmlFor={inputId} className="link-button">
            {file ? 'choose another' : 'choose a file'}
          </label>
        </>
      )}
    </DropZone>
  );
}
