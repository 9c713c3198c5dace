import { ProgressBar } from '../../../components/progress-bar';

interface IndexStateProps {
  state: 'ready' | 'building' | 'unknown';
  done: number;
  total: number;
}

/** Ready, or the re-indexing progress of an index being built. */
export function IndexState({ state, done, total }: IndexStateProps) {
  if (state === 'ready') {
    return (
      <span className="index-state index-state--ready" data-testid="index-state">
        ✓ Ready
      </span>
    );
  }
  if (state === 'unknown') {
    return (
      <span className="index-state muted" data-testid="index-state" title="The server does not report this index's progress">
        —
      </span>
    );
  }
  return (
    <span className="index-state index-state--building" data-testid="index-state">
      <span>Building…</span>
      <ProgressBar value={done} max={total} label="Re-indexing progress" />
    </span>
  );
}
