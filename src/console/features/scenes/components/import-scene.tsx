import { useId, useState } from 'react';
import { SceneFileDrop } from './scene-file-drop';
import { ErrorMessage } from '../../../components/error-message';
import { ProgressBar } from '../../../components/progress-bar';
import { importedText, phaseText } from '../lib/scene-text';
import { useImportScene, type ImportInput } from '../queries/scenes';

/**
 * Import: a scene picked or dropped, Replace (the default, with its warning) or Merge, then
 * the server's phase and counts while it runs and what it wrote, or the server's message.
 * An import is all or nothing (docs/scenes.md, Import: all or nothing), so a failure says
 * the database is unchanged.
 */
export function ImportScene() {
  const ids = { title: useId(), warning: useId() };
  const [file, setFile] = useState<File>();
  const [mode, setMode] = useState<ImportInput['mode']>('replace');
  const importing = useImportScene();
  const { progress } = importing;

  return (
    <section className="scenes__section" aria-labelledby={ids.title}>
      <h3 id={ids.title} className="scenes__title">
        Import
      </h3>
      <form
        className="scenes__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) importing.mutate({ file, mode });
        }}
      >
        <SceneFileDrop testId="scene-drop-zone" file={file} onFile={setFile} disabled={importing.isPending} />
        <fieldset className="radio-group" disabled={importing.isPending}>
          <legend className="field-label">Mode</legend>
          <label className="radio">
            <input type="radio" name="scene-mode" checked={mode === 'replace'} aria-describedby={ids.warning} onChange={() => setMode('replace')} /> Replace
            the database
          </label>
          <label className="radio">
            <input type="radio" name="scene-mode" checked={mode === 'merge'} onChange={() => setMode('merge')} /> Merge into it
          </label>
        </fieldset>
        <p id={ids.warning} className={mode === 'replace' ? 'scenes__warning' : 'hint'}>
          {mode === 'replace'
            ? 'Replace deletes every document, graph, option set and user the database holds now: afterwards it holds the scene and nothing else.'
            : 'Merge writes the scene over the database: documents, option sets, graphs and users of the same name are replaced, triples added, the rest kept.'}
        </p>
        {importing.isPending &&
          (progress ? (
            <div data-testid="import-progress">
              <span className="field-label">{phaseText(progress)}</span>
              <ProgressBar value={progress.done} max={progress.total} label={`Import: ${phaseText(progress)}`} />
            </div>
          ) : (
            <div className="progress" data-testid="import-progress">
              <progress className="progress__bar" aria-label="Import progress" />
              <span className="progress__text">Sending the scene…</span>
            </div>
          ))}
        {importing.isSuccess && (
          <p className="notice" role="status">
            {importedText(importing.data)}.
          </p>
        )}
        {importing.isError && <ErrorMessage error={importing.error} title="Import failed; the database is unchanged" />}
        <div className="scenes__row">
          <button type="submit" className="button button--primary" disabled={!file || importing.isPending}>
            {importing.isPending ? 'Importing…' : 'Import scene'}
          </button>
        </div>
      </form>
    </section>
  );
}
