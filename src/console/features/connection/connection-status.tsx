import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../client/create-client';
import { errorText } from '../../components/error-message';
import { useApiReady, useApiWorkerStatus } from '../../lib/api-worker-status';
import { useConnection } from '../../lib/connection';

/** A ping of the target: reachable, and accepting these credentials. */
export function ConnectionStatus() {
  const { client, key, settings } = useConnection();
  const ready = useApiReady();
  const worker = useApiWorkerStatus();
  const ping = useQuery({
    queryKey: ['ping', key],
    queryFn: async ({ signal }) => {
      await client.ping({ signal });
      return true;
    },
    enabled: ready,
    staleTime: 30_000,
  });

  let state: 'pending' | 'ok' | 'error' = 'pending';
  let text = 'Connecting…';
  let detail: string | undefined;
  if (settings.target === 'local' && worker.state === 'starting') text = 'Starting…';
  else if (settings.target === 'local' && worker.state === 'failed') {
    state = 'error';
    text = 'Not available';
    detail = errorText(worker.error);
  } else if (ping.isError) {
    state = 'error';
    text = pingFailure(ping.error);
    detail = errorText(ping.error);
  } else if (ping.isSuccess) {
    state = 'ok';
    text = 'Connected';
  }

  return (
    <div className={`connection-status connection-status--${state}`} role="status" title={detail} data-testid="connection-status">
      <span className="connection-status__dot" aria-hidden="true" />
      <span>{text}</span>
      {detail && <span className="connection-status__detail">{detail}</span>}
    </div>
  );
}

function pingFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.statusCode === 0) return 'Unreachable';
  if (error.statusCode === 401 || error.statusCode === 403) return 'Not authorized';
  return `Error ${error.statusCode}`;
}
