import { useId, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { DEFAULT_FORMAT, formatById, rdfFormats } from '../lib/rdf-formats';
import { useExportGraph } from '../queries/export-graph';

/** Downloads the graph in a chosen RDF format. */
export function ExportControl({ graph }: { graph: string }) {
  const id = useId();
  const [formatId, setFormatId] = useState(DEFAULT_FORMAT.id);
  const exporting = useExportGraph();
  return (
    <div className="export-control">
      <div className="input-group">
        <label htmlFor={id} className="visually-hidden">
          Export format
        </label>
        <select id={id} className="input input--compact" value={formatId} onChange={(e) => setFormatId(e.target.value)}>
          {rdfFormats.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={exporting.isPending}
          onClick={() => exporting.mutate({ graph, format: formatById(formatId) })}
        >
          {exporting.isPending ? 'Exporting…' : 'Export'}
        </button>
      </div>
      {exporting.isError && <ErrorMessage error={exporting.error} title="Could not export the graph" />}
    </div>
  );
}
