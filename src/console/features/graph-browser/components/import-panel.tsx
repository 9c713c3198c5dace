import { useId, useState } from 'react';
import { DEFAULT_GRAPH, type WriteMode } from '../../../../client/graphs';
import { DropZone } from '../../../components/drop-zone';
import { ErrorMessage } from '../../../components/error-message';
import { ProgressBar } from '../../../components/progress-bar';
import { formatBytes } from '../../../lib/format-bytes';
import { graphHref, graphsHref } from '../lib/browser-state';
import { graphLabel } from '../lib/graph-summaries';
import { DEFAULT_FORMAT, formatById, formatForFileName, rdfFormats } from '../lib/rdf-formats';
import { useImportRdf } from '../queries/import-rdf';

type SourceKind = 'file' | 'text';
/** `inline`: the graphs a quads payload names (no graph parameter). */
type TargetKind = 'named' | 'default' | 'inline';

// Characters RFC 3987 never allows in an IRI; the server would refuse them less clearly.
const BAD_IRI = /[\s<>"{}|^`\\]/;

/** Import RDF from a file or pasted text into a graph, merging or replacing. */
export function ImportPanel({ target }: { target?: string }) {
  const ids = { text: useId(), format: useId(), iri: useId(), base: useId() };
  const [sourceKind, setSourceKind] = useState<SourceKind>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [formatId, setFormatId] = useState(DEFAULT_FORMAT.id);
  const [targetKind, setTargetKind] = useState<TargetKind>(target === DEFAULT_GRAPH ? 'default' : 'named');
  const [iri, setIri] = useState(target && target !== DEFAULT_GRAPH ? target : '');
  const [mode, setMode] = useState<WriteMode>('merge');
  const [base, setBase] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const importing = useImportRdf();
  const format = formatById(formatId);

  const chooseFormat = (id: string) => {
    setFormatId(id);
    // Only quad formats can name their graphs; a replace of "whatever the data names" is not offered.
    if (!formatById(id).quads && targetKind === 'inline') setTargetKind('named');
  };
  const pick = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    setSourceKind('file');
    const detected = formatForFileName(picked.name);
    if (detected) chooseFormat(detected.id);
  };

  const graph = targetKind === 'default' ? DEFAULT_GRAPH : targetKind === 'named' ? iri.trim() : undefined;
  const submit = () => {
    const source = sourceKind === 'file' ? file : text;
    if (sourceKind === 'file' && !file) return setInvalid('Choose a file to import.');
    if (sourceKind === 'text' && !text.trim()) return setInvalid('Paste some RDF to import.');
    if (targetKind === 'named' && !graph) return setInvalid('Give the IRI of the graph to import into.');
    if (graph && BAD_IRI.test(graph)) return setInvalid(`"${graph}" is not an IRI: it holds a space or one of < > " { } | ^ \` \\.`);
    if (base.trim() && BAD_IRI.test(base.trim())) return setInvalid(`"${base.trim()}" is not an IRI.`);
    setInvalid(undefined);
    importing.mutate({ source: source!, format, graph, mode: targetKind === 'inline' ? 'merge' : mode, base: base.trim() || undefined });
  };

  const progress = importing.progress;
  const done = importing.isSuccess ? { input: importing.variables, result: importing.data } : undefined;

  return (
    <section className="panel import-panel" aria-labelledby="import-title">
      <header className="panel__header">
        <div className="panel__heading">
          <h2 id="import-title" className="panel__title">
            Import RDF
          </h2>
          <p className="hint">
            N-Triples and N-Quads without blank nodes are sent in pieces of 10,000 statements with progress; other formats in one request.
          </p>
        </div>
      </header>
      <form
        className="panel__body import-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="radio-group">
          <legend className="field-label">Source</legend>
          <label className="radio">
            <input type="radio" name="source" checked={sourceKind === 'file'} onChange={() => setSourceKind('file')} /> A file
          </label>
          <label className="radio">
            <input type="radio" name="source" checked={sourceKind === 'text'} onChange={() => setSourceKind('text')} /> Pasted text
          </label>
        </fieldset>

        {sourceKind === 'file' ? (
          <DropZone
            testId="rdf-drop-zone"
            onFiles={(files) => pick(files[0])}
            inputLabel="RDF file"
            accept={rdfFormats.flatMap((f) => f.extensions.map((x) => `.${x}`)).join(',')}
          >
            {(inputId) => (
              <>
                {file ? (
                  <span>
                    <code>{file.name}</code> ({formatBytes(file.size)}) —{' '}
                  </span>
                ) : (
                  <span>Drop an RDF file here, or </span>
                )}
                <label htmlFor={inputId} className="link-button">
                  {file ? 'choose another' : 'choose a file'}
                </label>
              </>
            )}
          </DropZone>
        ) : (
          <div>
            <label className="field-label" htmlFor={ids.text}>
              RDF text
            </label>
            <textarea
              id={ids.text}
              className="input input--mono import-form__text"
              rows={10}
              spellCheck={false}
              value={text}
              placeholder={'@prefix ex: <http://example.org/> .\nex:ada ex:knows ex:bob .'}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        )}

        <div className="form-grid">
          <label className="field-label" htmlFor={ids.format}>
            Format
          </label>
          <select id={ids.format} className="input" value={formatId} onChange={(e) => chooseFormat(e.target.value)}>
            {rdfFormats.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label} ({f.mediaType})
              </option>
            ))}
          </select>
        </div>

        <fieldset className="radio-group">
          <legend className="field-label">Into</legend>
          <label className="radio">
            <input type="radio" name="target" checked={targetKind === 'named'} onChange={() => setTargetKind('named')} /> A named graph
          </label>
          <label className="radio">
            <input type="radio" name="target" checked={targetKind === 'default'} onChange={() => setTargetKind('default')} /> The default graph
          </label>
          <label className="radio" title={format.quads ? undefined : 'Only N-Quads and TriG name their graphs'}>
            <input type="radio" name="target" checked={targetKind === 'inline'} disabled={!format.quads} onChange={() => setTargetKind('inline')} /> The graphs
            named in the data
          </label>
        </fieldset>
        {targetKind === 'named' && (
          <div>
            <label className="field-label" htmlFor={ids.iri}>
              Graph IRI
            </label>
            <input
              id={ids.iri}
              className="input input--mono"
              value={iri}
              placeholder="http://example.org/graphs/people"
              onChange={(e) => setIri(e.target.value)}
            />
          </div>
        )}

        <fieldset className="radio-group">
          <legend className="field-label">Mode</legend>
          <label className="radio">
            <input type="radio" name="mode" checked={mode === 'merge' || targetKind === 'inline'} onChange={() => setMode('merge')} /> Merge: add to
            the graph (POST)
          </label>
          <label className="radio">
            <input type="radio" name="mode" checked={mode === 'replace' && targetKind !== 'inline'} disabled={targetKind === 'inline'} onChange={() => setMode('replace')} />{' '}
            Replace the graph's triples (PUT)
          </label>
        </fieldset>

        <div>
          <label className="field-label" htmlFor={ids.base}>
            Base IRI <span className="muted">(optional, for relative IRIs in the data)</span>
          </label>
          <input id={ids.base} className="input input--mono" value={base} onChange={(e) => setBase(e.target.value)} />
        </div>

        {invalid && <ErrorMessage error={new Error(invalid)} />}
        {importing.isPending &&
          (progress?.chunked ? (
            <ProgressBar value={progress.done} max={progress.total} label="Import progress" />
          ) : (
            <div className="progress">
              <progress className="progress__bar" aria-label="Import progress" />
              <span className="progress__text">Sending in one request…</span>
            </div>
          ))}
        {importing.isError && (
          <ErrorMessage
            error={importing.error}
            title={progress?.chunked && progress.done > 0 ? `Import stopped after ${progress.done} of ${progress.total} statements` : 'Import failed'}
          />
        )}
        {done && (
          <p className="notice" role="status">
            Imported {typeof done.input.source === 'string' ? 'the pasted text' : done.input.source.name}
            {done.result.statements !== undefined && ` (${done.result.statements.toLocaleString('en')} statements)`} into{' '}
            {done.input.graph ? (
              <a href={graphHref(done.input.graph)}>{graphLabel(done.input.graph)}</a>
            ) : (
              <a href={graphsHref()}>the graphs it names</a>
            )}
            .
          </p>
        )}

        <div className="panel__actions">
          <button type="submit" className="button button--primary" disabled={importing.isPending}>
            {importing.isPending ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </section>
  );
}
