import type { ReactNode } from 'react';
import type { DocumentMetadata } from '../../../../client/create-client';
import { PermissionsTable } from '../../../components/permissions-table';

/** The five metadata categories of a document, read-only. */
export function MetadataView({ metadata }: { metadata: DocumentMetadata }) {
  const properties = Object.entries(metadata.properties);
  const values = Object.entries(metadata.metadataValues);
  return (
    <div className="metadata" data-testid="metadata-view">
      <Section id="md-collections" title="Collections">
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
      </Section>

      <Section id="md-permissions" title="Permissions">
        {metadata.permissions.length === 0 ? (
          <p className="muted">None</p>
        ) : (
          <PermissionsTable permissions={metadata.permissions} labelledBy="md-permissions" capabilities={(p) => p.capabilities.join(', ')} />
        )}
      </Section>

      <Section id="md-quality" title="Quality">
        <p data-testid="metadata-quality">{metadata.quality}</p>
      </Section>

      <Section id="md-properties" title="Properties">
        <KeyValueTable rows={properties.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])} labelledBy="md-properties" />
      </Section>

      <Section id="md-values" title="Metadata values">
        <KeyValueTable rows={values} labelledBy="md-values" />
      </Section>
    </div>
  );
}

/** One category: a titled section that its table, when there is one, is labelled by. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="section-title">
        {title}
      </h3>
      {children}
    </section>
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
