/** A labelled progress bar reading "n of m". */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  return (
    <div className="progress">
      <progress className="progress__bar" value={value} max={Math.max(max, 1)} aria-label={label} />
      <span className="progress__text" data-testid="progress-text">
        {value} of {max}
      </span>
    </div>
  );
}
