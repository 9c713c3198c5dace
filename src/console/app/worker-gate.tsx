import type { ReactNode } from 'react';
import { ErrorMessage } from '../components/error-message';
import { ProgressBar } from '../components/progress-bar';
import { useApiWorkerStatus, useStartupProgress } from '../lib/api-worker-status';
import { useConnection } from '../lib/connection';
import { startupView } from '../lib/startup-progress';

const MARKS = { done: '✓', active: '•', pending: '○' } as const;

/**
 * Holds back the pages until this browser's database controls the page and has opened: before
 * that, API requests would go to the network and fail. Meanwhile it shows the start step by step
 * with the bytes the worker has downloaded. A remote target needs no worker and passes straight through.
 */
export function WorkerGate({ children }: { children: ReactNode }) {
  const { settings } = useConnection();
  const status = useApiWorkerStatus();
  const progress = useStartupProgress();
  const view = startupView(progress);
  // Outlives the gate: a screen reader hears "ready" once, and a test can see the start ended.
  const announced = (
    <p className="visually-hidden" role="status" data-testid="startup-status">
      {view.summary}
    </p>
  );
  if (settings.target === 'remote' || status.state === 'ready') {
    return (
      <>
        {settings.target === 'local' && announced}
        {children}
      </>
    );
  }
  if (status.state === 'failed') {
    return (
      <div className="gate">
        <ErrorMessage error={status.error} title="This browser's database could not start" />
        <p className="hint">You can still connect to a remote REST server with “Connection…” above.</p>
      </div>
    );
  }
  return (
    <div className="gate gate--progress" data-testid="starting-database">
      <h2 className="gate__title">Starting this browser's database</h2>
      <ol className="gate__steps">
        {view.steps.map((step) => (
          <li key={step.label} className={`gate__step gate__step--${step.status}`} aria-current={step.status === 'active' ? 'step' : undefined}>
            <span className="gate__mark" aria-hidden="true">
              {MARKS[step.status]}
            </span>
            <span>
              {step.label}
              <span className="visually-hidden">{step.status === 'done' ? ' (done)' : step.status === 'active' ? ' (in progress)' : ''}</span>
            </span>
            {step.detail && step.status !== 'pending' && <span className="gate__detail">{step.detail}</span>}
          </li>
        ))}
      </ol>
      <ProgressBar
        label="Starting the database"
        value={view.fraction === undefined ? undefined : Math.round(view.fraction * 100)}
        max={100}
        text={view.fraction === undefined ? undefined : `${Math.round(view.fraction * 100)}%`}
      />
      {announced}
      {progress.stage === 'register' && <p className="hint">A first visit downloads the database engine; later visits start from the browser's cache, offline too.</p>}
    </div>
  );
}
