import { useId, useState, type ReactNode } from 'react';

interface DropZoneProps {
  testId: string;
  /** Files dropped on the zone or picked with the hidden file input (possibly none). */
  onFiles(files: File[]): void;
  /** The file input's accessible name. */
  inputLabel: string;
  multiple?: boolean;
  accept?: string;
  disabled?: boolean;
  /** What the zone says; it gets the input's id for its "choose…" `<label>`. */
  children(inputId: string): ReactNode;
}

/** An area files can be dropped on, with a visually hidden file input for picking them instead. */
export function DropZone({ testId, onFiles, inputLabel, multiple, accept, disabled, children }: DropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFiles(Array.from(e.dataTransfer.files));
      }}
    >
      {children(inputId)}
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple={multiple}
        accept={accept}
        aria-label={inputLabel}
        disabled={disabled}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = ''; // picking the same files again must count as a new pick
        }}
      />
    </div>
  );
}
