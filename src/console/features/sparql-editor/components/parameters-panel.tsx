import { useId } from 'react';
import {
  commonDatatypes,
  emptyBinding,
  type BindingKind,
  type BindingRow,
  restrictionOf,
  type RequestParameters,
} from '../lib/request-parameters';
import type { Operation } from '../lib/sparql-syntax';
import { DocumentQueryFields } from './document-query-fields';

interface ParametersPanelProps {
  parameters: RequestParameters;
  operation: Operation;
  onChange(parameters: RequestParameters): void;
}

type GraphListKey = 'defaultGraphs' | 'namedGraphs' | 'usingGraphs' | 'usingNamedGraphs';

const graphLists: Record<Operation, { key: GraphListKey; label: string; param: string; hint: string }[]> = {
  query: [
    { key: 'defaultGraphs', label: 'Default graphs', param: 'default-graph-uri', hint: 'Merged into the default graph. None: all graphs.' },
    { key: 'namedGraphs', label: 'Named graphs', param: 'named-graph-uri', hint: 'The graphs GRAPH can match.' },
  ],
  update: [
    { key: 'usingGraphs', label: 'Using graphs', param: 'using-graph-uri', hint: 'The default graph of the WHERE clause.' },
    { key: 'usingNamedGraphs', label: 'Using named graphs', param: 'using-named-graph-uri', hint: 'The graphs GRAPH can match in WHERE.' },
  ],
};

const kinds: { kind: BindingKind; label: string }[] = [
  { kind: 'iri', label: 'IRI' },
  { kind: 'typed', label: 'Typed literal' },
  { kind: 'lang', label: 'Language string' },
];

/** The request parameters of a query or an update: its document query (queries only), dataset, bound values and base IRI. */
export function ParametersPanel({ parameters, operation, onChange }: ParametersPanelProps) {
  const id = useId();
  const set = (patch: Partial<RequestParameters>) => onChange({ ...parameters, ...patch });
  const setBinding = (index: number, patch: Partial<BindingRow>) =>
    set({ bindings: parameters.bindings.map((b, i) => (i === index ? { ...b, ...patch } : b)) });

  return (
    <section className="sparql-parameters" aria-label="Request parameters">
      {operation === 'query' ? (
        <DocumentQueryFields value={parameters.documentQuery} onChange={(documentQuery) => set({ documentQuery })} />
      ) : (
        restrictionOf(parameters.documentQuery) && <p className="hint">The document query applies to queries only: an update is sent without it.</p>
      )}
      <div className="sparql-parameters__graphs">
        {graphLists[operation].map(({ key, label, param, hint }) => (
          <div key={key} className="sparql-parameters__field">
            <label className="field-label" htmlFor={`${id}-${key}`}>
              {label} <code className="muted">{param}</code>
            </label>
            <textarea
              id={`${id}-${key}`}
              className="input input--mono sparql-parameters__graph-list"
              rows={3}
              placeholder="One graph IRI per line"
              spellCheck={false}
              value={parameters[key].join('\n')}
              onChange={(e) => set({ [key]: e.target.value.split('\n') })}
            />
            <p className="hint">{hint}</p>
          </div>
        ))}
        <div className="sparql-parameters__field">
          <label className="field-label" htmlFor={`${id}-base`}>
            Base IRI <code className="muted">base</code>
          </label>
          <input
            id={`${id}-base`}
            className="input input--mono"
            placeholder="Resolves relative IRIs"
            spellCheck={false}
            value={parameters.base}
            onChange={(e) => set({ base: e.target.value })}
          />
        </div>
      </div>

      <div className="sparql-parameters__field">
        <span className="field-label" id={`${id}-bindings`}>
          Bound variables <code className="muted">bind:</code>
        </span>
        {parameters.bindings.length > 0 && (
          <table className="table sparql-bindings" aria-labelledby={`${id}-bindings`}>
            <thead>
              <tr>
                <th scope="col">Variable</th>
                <th scope="col">Kind</th>
                <th scope="col">Value</th>
                <th scope="col">Datatype or language</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {parameters.bindings.map((b, i) => (
                <tr key={i}>
                  <td>
                    <input
                      className="input input--mono input--compact"
                      aria-label={`Variable of binding ${i + 1}`}
                      placeholder="?name"
                      spellCheck={false}
                      value={b.name}
                      onChange={(e) => setBinding(i, { name: e.target.value })}
                    />
                  </td>
                  <td>
                    <select
                      className="input input--compact"
                      aria-label={`Kind of binding ${i + 1}`}
                      value={b.kind}
                      onChange={(e) => setBinding(i, { kind: e.target.value as BindingKind })}
                    >
                      {kinds.map((k) => (
                        <option key={k.kind} value={k.kind}>
                          {k.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      className="input input--mono input--compact"
                      aria-label={`Value of binding ${i + 1}`}
                      placeholder={b.kind === 'iri' ? 'http://…' : 'value'}
                      spellCheck={false}
                      value={b.value}
                      onChange={(e) => setBinding(i, { value: e.target.value })}
                    />
                  </td>
                  <td>
                    {b.kind === 'typed' && (
                      <input
                        className="input input--mono input--compact"
                        aria-label={`Datatype of binding ${i + 1}`}
                        list={`${id}-datatypes`}
                        placeholder="xsd:string"
                        spellCheck={false}
                        value={b.datatype}
                        onChange={(e) => setBinding(i, { datatype: e.target.value })}
                      />
                    )}
                    {b.kind === 'lang' && (
                      <input
                        className="input input--mono input--compact"
                        aria-label={`Language of binding ${i + 1}`}
                        placeholder="en"
                        spellCheck={false}
                        value={b.lang}
                        onChange={(e) => setBinding(i, { lang: e.target.value })}
                      />
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost button--icon"
                      aria-label={`Remove binding ${i + 1}`}
                      title="Remove"
                      onClick={() => set({ bindings: parameters.bindings.filter((_, j) => j !== i) })}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <datalist id={`${id}-datatypes`}>
          {commonDatatypes.map((t) => (
            <option key={t} value={`xsd:${t}`} />
          ))}
        </datalist>
        <button type="button" className="button button--small" onClick={() => set({ bindings: [...parameters.bindings, emptyBinding] })}>
          Add binding
        </button>
      </div>
    </section>
  );
}
