import { useId } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { formatBytes } from '../../../lib/format-bytes';
import { useExportScene } from '../queries/scenes';

/** Export: the whole database downloaded as one zip, under the name the server gives it. */
export function ExportScene() {
  const titleId = useId();
  const exporting = useExportScene();
  return (
    <section className="scenes__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="scenes__title">
        Export
      </h3>
      <p className="hint">
        The whole database as one zip (a scene): documents with their metadata, graphs with their permissions, option sets, index settings,
        properties, roles and users.
      </p>
      <div className="scenes__row">
        <button type="button" className="button button--primary" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
          {exporting.isPending ? 'Exporting…' : 'Export scene'}
        </button>
        {exporting.isSuccess && (
          <p className="notice" role="status">
            Downloaded <code>{exporting.data.name}</code> ({formatBytes(exporting.data.size)}).
          </p>
        )}
      </div>
      {exporting.isError && <ErrorMessage error={exporting.error} title="Export failed" />}
    </section>
  );
}
