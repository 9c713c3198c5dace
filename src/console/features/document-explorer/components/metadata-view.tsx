import type { DocumentMetadata } from '../../../../client/create-client';

/** The five metadata categories of a document, read-only. */
export function MetadataView({ metadata }: { metadata: DocumentMetadata }) {
  const properties = Object.entries(metadata.properties);
  const values = Object.entries(metadata.metadataValues);
  return (
    <div className="metadata" data-testid="metadata-view">
      <section aria-labelledby="md-collections">
        <h3 id="md-collections" className="section-title">
          Collections
        </h3>
        {metadata.collections.length === 0 ? (
          <p className="muted">None</p>
        ) : (
          <ul className="chips" aria-label="Collections">
            {metadata.collections.map((c) => (
              <li key={c} className="chip">
                {c}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="md-permissions">
        <h3 id="md-permissions" className="section-title">
          Permissions
        </h3>
        {metadata.permissions.length === 0 ? (
          <p className="muted">None</p>
        ) : (
          <table className="table" aria-labelledby="md-permissions">
            <thead>
              <tr>
                <th scope="col">Role</th>
                <th scope="col">Capabilities</th>
              </tr>
            </thead>
            <tbody>
              {metadata.permissions.map((p) => (
                <tr key={p['role-name']}>
                  <td>{p['role-name']}</td>
                  <td>{p.capabilities.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="md-quality">
        <h3 id="md-quality" className="section-title">
          Quality
        </h3>
        <p data-testid="metadata-quality">{metadata.quality}</p>
      </section>

      <section aria-labelledby="md-properties">
        <h3 id="md-properties" className="section-title">
          Properties
        </h3>
        <KeyValueTable rows={properties.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])} labelledBy="md-properties" />
      </section>

      <section aria-labelledby="md-values">
        <h3 id="md-values" className="section-title">
          Metadata values
        </h3>
        <KeyValueTable rows={values} labelledBy="md-values" />
      </section>
    </div>
  );
}

function KeyValueTable({ rows, labelledBy }: { rows: Array<[string, string]>; labelledBy: string }) {
  if (rows.length === 0) return <p className="muted">None</p>;
  return (
    <table className="table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <td>{k}</td>
            <td className="mono">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
