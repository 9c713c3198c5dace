import type { ReactNode } from 'react';
import { ErrorMessage } from '../components/error-message';
import { useApiWorkerStatus } from '../lib/api-worker-status';
import { useConnection } from '../lib/connection';

/**
 * Holds back the pages until this browser's database controls the page: before
 * that, API requests would go to the network and fail. A remote target needs no
 * worker and passes straight through.
 */
export function WorkerGate({ children }: { children: ReactNode }) {
  const { settings } = useConnection();
  const status = useApiWorkerStatus();
  if (settings.target === 'remote' || status.state === 'ready') return <>{children}</>;
  if (status.state === 'failed') {
    return (
      <div className="gate">
        <ErrorMessage error={status.error} title="This browser's database could not start" />
        <p className="hint">You can still connect to a remote REST server with “Connection…” above.</p>
      </div>
    );
  }
  return (
    <div className="gate" role="status" data-testid="starting-database">
      <span className="spinner" aria-hidden="true" />
      Starting database…
    </div>
  );
}
