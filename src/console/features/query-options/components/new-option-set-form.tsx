import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryOptionsJson } from '../../../../client/query-options';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { useConnection } from '../../../lib/connection';
import { navigate } from '../../../lib/use-hash-route';
import { optionSetNames, optionsHref, setNameProblem } from '../lib/options-route';
import { templates } from '../lib/snippets';
import { optionSetQueryOptions, useOptionSetList, useSaveOptionSet } from '../queries/option-sets';

type Start = { kind: 'template'; id: string } | { kind: 'copy'; name: string };

/** A name and a starting point — a template, or a copy of an existing set — then the editor. */
export function NewOptionSetForm() {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const list = useOptionSetList();
  const save = useSaveOptionSet();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [start, setStart] = useState<Start>({ kind: 'template', id: 'starter' });
  const [copyError, setCopyError] = useState<unknown>();
  const names = optionSetNames(list.data ?? []);
  const problem = setNameProblem(name, names);
  const nameId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setCopyError(undefined);
    let options: QueryOptionsJson;
    if (start.kind === 'copy') {
      try {
        options = await queryClient.fetchQuery(optionSetQueryOptions(connection, start.name));
      } catch (error) {
        setCopyError(error);
        return;
      }
    } else {
      options = templates.find((t) => t.id === start.id)?.options ?? {};
    }
    save.mutate({ name, options }, { onSuccess: () => navigate(optionsHref({ kind: 'set', name })) });
  };

  return (
    <form className="new-option-set" onSubmit={onSubmit} noValidate aria-label="New option set">
      <h2 className="panel__title">New option set</h2>
      <p className="hint">Searches use it with options={name || '…'}. It is created right away, then you edit it.</p>
      <label className="field-label" htmlFor={nameId}>
        Name
      </label>
      <input
        id={nameId}
        className="input input--mono"
        value={name}
        autoFocus
        aria-invalid={touched && problem !== undefined}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setTouched(true)}
        spellCheck={false}
      />
      {touched && problem && <p className="field-error">{problem}</p>}
      <fieldset className="new-option-set__start">
        <legend className="field-label">Start from</legend>
        {templates.map((t) => (
          <label key={t.id} className="radio new-option-set__choice">
            <input type="radio" name="start" checked={start.kind === 'template' && start.id === t.id} onChange={() => setStart({ kind: 'template', id: t.id })} />
            <span>
              <strong>{t.label}</strong> <span className="muted">— {t.description}</span>
            </span>
          </label>
        ))}
        <label className="radio new-option-set__choice">
          <input type="radio" name="start" checked={start.kind === 'copy'} onChange={() => setStart({ kind: 'copy', name: 'default' })} />
          <span>
            <strong>A copy of</strong>{' '}
            <select
              className="input input--compact"
              aria-label="Set to copy"
              value={start.kind === 'copy' ? start.name : 'default'}
              onChange={(e) => setStart({ kind: 'copy', name: e.target.value })}
            >
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </span>
        </label>
      </fieldset>
      {copyError != null && <ErrorMessage error={copyError} title="Could not read the set to copy" />}
      {save.error != null && <ErrorMessage error={save.error} title="The set could not be created" />}
      <FormActions busy={save.isPending} submitLabel="Create" busyLabel="Creating…" cancel={{ href: optionsHref({ kind: 'none' }) }} />
    </form>
  );
}
