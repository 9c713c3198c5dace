import { SampleButtons } from './load-sample-data';
import { useDatabaseEmpty, useSamples } from '../queries/samples';

export interface WelcomePage {
  label: string;
  href: string;
  summary: string;
}

/**
 * The first visit: on an empty database, what Tabula is, the samples to start from, and the
 * pages. Gone as soon as the database holds anything, and never shown against a server
 * without samples (a MarkLogic server).
 */
export function Welcome({ pages }: { pages: readonly WelcomePage[] }) {
  const samples = useSamples();
  const list = samples.data;
  const empty = useDatabaseEmpty(!!list?.length);
  if (!list?.length || empty.data !== true) return null;
  return (
    <section className="welcome" aria-labelledby="welcome-title" data-testid="welcome">
      <h2 id="welcome-title" className="welcome__title">
        Welcome to Tabula
      </h2>
      <p>
        Tabula is a document and RDF database that lives in this browser tab. It answers MarkLogic's REST API from your browser's own storage,
        offline: JSON, XML and text documents with collections and metadata, search with facets and range indexes, and triples queried with
        SPARQL. This database is empty.
      </p>
      <h2 className="section-title">Start from a sample</h2>
      <ul className="welcome__samples">
        {list.map((sample) => (
          <li key={sample.name} className="welcome__sample">
            <div>
              <strong>{sample.title}</strong>
              <p className="muted">{sample.description}</p>
            </div>
            <SampleButtons samples={[sample]} label={() => 'Load'} />
          </li>
        ))}
      </ul>
      <h2 className="section-title">Or find your way</h2>
      <ul className="welcome__pages">
        {pages.map((page) => (
          <li key={page.href}>
            <a href={page.href}>{page.label}</a> — {page.summary}
          </li>
        ))}
      </ul>
    </section>
  );
}
