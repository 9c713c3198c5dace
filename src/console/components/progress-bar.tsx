/**
 * A labelled progress bar reading "n of m", or `text` for other units ("2.1 MB of 5.6 MB").
 * Without a `value` it is indeterminate: something is under way that cannot be measured.
 */
export function ProgressBar({ value, max, label, text }: { value?: number; max: number; label: string; text?: string }) {
  return (
    <div className="progress">
      <progress className="progress__bar" value={value} max={Math.max(max, 1)} aria-label={label} />
      {(text !== undefined || value !== undefined) && (
        <span className="progress__text" data-testid="progress-text">
          {text ?? `${value} of ${max}`}
        </span>
      )}
    </div>
  );
}
