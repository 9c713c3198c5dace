import { useId, useState } from 'react';
import { SceneFileDrop } from '../../scenes/components/scene-file-drop';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { ProgressBar } from '../../../components/progress-bar';
import { phaseText } from '../../scenes/lib/scene-text';
import { useSamples } from '../../samples/queries/samples';
import { createdText, failureTitle, stepText } from '../lib/database-text';
import { useCreateDatabase, type InitialContent } from '../queries/databases';

type ContentKind = InitialContent['kind'];

/**
 * "New database": a name, and what it starts with — nothing, a bundled sample (loaded into it
 * through `/tabula/v1/samples/{name}?database=…`), or a scene file (imported into it through
 * `/tabula/v1/scene?database=…`, docs/scenes.md). A server without samples (a MarkLogic server:
 * no `/tabula/` paths) is offered the empty database only. The name is checked by the server,
 * whose refusal is shown as it words it.
 */
export function CreateDatabaseForm({ onCreated, onCancel }: { onCreated(text: string): void; onCancel(): void }) {
  const ids = { name: useId(), hint: useId(), sample: useId() };
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ContentKind>('empty');
  const samples = useSamples();
  const tabula = (samples.data?.length ?? 0) > 0;
  const [sample, setSample] = useState('');
  const [file, setFile] = useState<File>();
  const create = useCreateDatabase();
  const chosenSample = sample || samples.data?.[0]?.name || '';

  const content = (): InitialContent | undefined => {
    if (kind === 'empty') return { kind };
    if (kind === 'sample') return chosenSample ? { kind, sample: chosenSample } : undefined;
    return file ? { kind, file } : undefined;
  };
  const ready = name.trim() !== '' && content() !== undefined;

  return (
    <form
      className="databases-form"
      aria-label="New database"
      onSubmit={(e) => {
        e.preventDefault();
        const initial = content();
        const trimmed = name.trim();
        if (!initial || trimmed === '') return;
        const title = initial.kind === 'sample' ? samples.data?.find((s) => s.name === initial.sample)?.title : undefined;
        create.mutate({ name: trimmed, content: initial }, { onSuccess: () => onCreated(createdText(trimmed, initial, title)) });
      }}
    >
      <fieldset className="databases-form__fields" disabled={create.isPending}>
        <div className="form-grid">
          <label className="field-label" htmlFor={ids.name}>
            Name
          </label>
          <input
            id={ids.name}
            className="input input--mono"
            // The form opens on a person's asking for it: the name is what they came to type.
            autoFocus
            autoComplete="off"
            spellCheck={false}
            value={name}
            aria-describedby={ids.hint}
            aria-invalid={create.isError && create.step === 'creating'}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <p id={ids.hint} className="hint">
          Tabula takes 1 to 64 letters, digits, “.”, “_” and “-”, starting with a letter or a digit.
        </p>
        <fieldset className="radio-group">
          <legend className="field-label">Start with</legend>
          <label className="radio">
            <input type="radio" name="database-content" checked={kind === 'empty'} onChange={() => setKind('empty')} /> Nothing (empty)
          </label>
          {tabula && (
            <>
              <label className="radio">
                <input type="radio" name="database-content" checked={kind === 'sample'} onChange={() => setKind('sample')} /> A sample
              </label>
              <label className="radio">
                <input type="radio" name="database-content" checked={kind === 'scene'} onChange={() => setKind('scene')} /> A scene file
              </label>
            </>
          )}
        </fieldset>
        {kind === 'sample' && tabula && (
          <div className="form-grid">
            <label className="field-label" htmlFor={ids.sample}>
              Sample
            </label>
            <select id={ids.sample} className="input" value={chosenSample} onChange={(e) => setSample(e.target.value)}>
              {samples.data?.map((s) => (
                <option key={s.name} value={s.name} title={s.description}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
        )}
        {kind === 'scene' && tabula && (
          <SceneFileDrop testId="database-scene-drop-zone" file={file} onFile={setFile} disabled={create.isPending} />
        )}
      </fieldset>
      {create.isPending && create.step === 'importing-scene' && create.progress && (
        <ProgressBar value={create.progress.done} max={create.progress.total} label={`Import: ${phaseText(create.progress)}`} />
      )}
      {create.isError && <ErrorMessage error={create.error} title={failureTitle(create.step)} />}
      <FormActions busy={create.isPending} submitLabel="Create database" busyLabel={stepText(create.step)} submitDisabled={!ready} cancel={{ onClick: onCancel }} />
    </form>
  );
}
