import { useId, useMemo, useState, type FormEvent } from 'react';
import { typeChoices, collationChoices } from '../lib/range-index-draft';
import {
  aggregateChoices,
  definitionOf,
  draftProblems,
  editRange,
  isStringType,
  newRangeSource,
  type RangeSourceDraft,
  type RangeTarget,
  type ValuesDraft,
} from '../lib/values-draft';

interface ValuesFormProps {
  /** Where the form starts: a new draft, or a definition of the set being edited. */
  initial: ValuesDraft;
  /** Whether it adds a definition or replaces one. */
  mode: 'add' | 'edit';
  /** The names of the set's other values and tuples definitions. */
  taken: ReadonlySet<string>;
  onApply(definition: Record<string, unknown>): void;
  onCancel(): void;
}

/**
 * A values or tuples definition field by field, with what the set will hold shown as it
 * is typed; Apply writes it into the set's JSON (unsaved until the set is saved).
 */
export function ValuesForm({ initial, mode, taken, onApply, onCancel }: ValuesFormProps) {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  const problems = useMemo(() => draftProblems(draft, taken), [draft, taken]);
  const definition = useMemo(() => definitionOf(draft), [draft]);
  const valid = Object.keys(problems).length === 0;
  const id = useId();
  const kindLabel = draft.kind === 'tuples' ? 'tuples' : 'values';
  const edit = (patch: Partial<ValuesDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const editSource = (i: number, patch: Partial<RangeSourceDraft>) => setDraft((d) => ({ ...d, ranges: d.ranges.map((r, j) => (j === i ? editRange(r, patch) : r)) }));
  const shown = (field: keyof typeof problems) => (touched ? problems[field] : undefined);
  const choices = aggregateChoices(draft);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (valid) onApply(definition);
  };

  return (
    <form className="values-form" aria-label={`${mode === 'add' ? 'New' : 'Edit'} ${kindLabel} definition`} onSubmit={onSubmit} noValidate>
      <div className="values-form__fields">
        <label className="field-label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className="input input--mono"
          value={draft.name}
          aria-invalid={shown('name') !== undefined}
          onChange={(e) => edit({ name: e.target.value })}
          spellCheck={false}
          autoComplete="off"
        />
        {shown('name') && <p className="field-error">{shown('name')}</p>}

        {draft.kind === 'values' && (
          <fieldset className="values-form__group">
            <legend>Source</legend>
            {(
              [
                ['range', 'Range index'],
                ['collection', 'Collection lexicon'],
                ['uri', 'URI lexicon'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="values-form__choice">
                <input type="radio" name={`${id}-source`} checked={draft.source === value} onChange={() => edit({ source: value })} /> {label}
              </label>
            ))}
            {draft.source === 'collection' && (
              <label className="values-form__inline">
                Prefix{' '}
                <input className="input input--mono input--compact" value={draft.prefix} placeholder="none: every collection" onChange={(e) => edit({ prefix: e.target.value })} spellCheck={false} />
              </label>
            )}
          </fieldset>
        )}

        {(draft.kind === 'tuples' || draft.source === 'range') && (
          <fieldset className="values-form__group">
            <legend>{draft.kind === 'tuples' ? 'Range indexes (two or more, in order)' : 'Range index'}</legend>
            {draft.ranges.map((r, i) => (
              <RangeSourceFields
                key={i}
                number={i + 1}
                source={r}
                problem={touched ? problems[`range-${i}`] : undefined}
                onEdit={(patch) => editSource(i, patch)}
                onRemove={draft.kind === 'tuples' && draft.ranges.length > 2 ? () => edit({ ranges: draft.ranges.filter((_, j) => j !== i) }) : undefined}
              />
            ))}
            {draft.kind === 'tuples' && (
              <button type="button" className="button button--small" onClick={() => edit({ ranges: [...draft.ranges, newRangeSource()] })}>
                Add a range index
              </button>
            )}
            {shown('ranges') && <p className="field-error">{shown('ranges')}</p>}
          </fieldset>
        )}

        <fieldset className="values-form__group">
          <legend>Values options</legend>
          <label className="values-form__inline">
            Order{' '}
            <select className="input input--compact" value={draft.order} onChange={(e) => edit({ order: e.target.value === 'frequency' ? 'frequency' : 'item' })}>
              <option value="item">by value (item-order)</option>
              <option value="frequency">by frequency (frequency-order)</option>
            </select>
          </label>
          <label className="values-form__inline">
            Direction{' '}
            <select className="input input--compact" value={draft.direction} onChange={(e) => edit({ direction: e.target.value as ValuesDraft['direction'] })}>
              <option value="">default ({draft.order === 'frequency' ? 'descending' : 'ascending'})</option>
              <option value="ascending">ascending</option>
              <option value="descending">descending</option>
            </select>
          </label>
          <label className="values-form__inline">
            Frequency{' '}
            <select className="input input--compact" value={draft.frequency} onChange={(e) => edit({ frequency: e.target.value as ValuesDraft['frequency'] })}>
              <option value="">as the request asks</option>
              <option value="item">item (each occurrence)</option>
              <option value="fragment">fragment (each document)</option>
            </select>
          </label>
          <label className="values-form__inline">
            Limit{' '}
            <input
              className="input input--compact values-form__limit"
              inputMode="numeric"
              value={draft.limit}
              placeholder="none"
              aria-invalid={shown('limit') !== undefined}
              onChange={(e) => edit({ limit: e.target.value })}
            />
          </label>
          {shown('limit') && <p className="field-error">{shown('limit')}</p>}
        </fieldset>

        <fieldset className="values-form__group">
          <legend>Aggregates</legend>
          {choices.length === 0 && draft.aggregates.length === 0 && <p className="hint">Aggregates over tuples need exactly two numeric range indexes.</p>}
          {[...choices, ...draft.aggregates.filter((a) => !choices.includes(a))].map((a) => (
            <label key={a} className="values-form__choice">
              <input
                type="checkbox"
                checked={draft.aggregates.includes(a)}
                onChange={(e) => edit({ aggregates: e.target.checked ? [...draft.aggregates, a] : draft.aggregates.filter((x) => x !== a) })}
              />{' '}
              {a}
            </label>
          ))}
          {problems.aggregates && <p className="field-error">{problems.aggregates}</p>}
        </fieldset>
      </div>
      <div className="values-form__json">
        <p className="field-label">The set will hold</p>
        <pre className="mono values-form__code" data-testid="values-form-json">
          {JSON.stringify({ [draft.kind]: [definition] }, null, 2)}
        </pre>
      </div>
      <div className="panel__actions panel__actions--start values-form__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={touched && !valid}>
          {mode === 'add' ? `Add ${kindLabel}` : 'Apply'}
        </button>
      </div>
    </form>
  );
}

interface RangeSourceFieldsProps {
  number: number;
  source: RangeSourceDraft;
  problem: string | undefined;
  onEdit(patch: Partial<RangeSourceDraft>): void;
  onRemove: (() => void) | undefined;
}

const TARGETS: ReadonlyArray<readonly [RangeTarget, string]> = [
  ['json-property', 'JSON property'],
  ['element', 'XML element'],
  ['attribute', 'XML attribute'],
];

function RangeSourceFields({ number, source, problem, onEdit, onRemove }: RangeSourceFieldsProps) {
  const stringType = isStringType(source.type);
  const label = (what: string) => `Index ${number}: ${what}`;
  return (
    <div className="values-form__range" data-testid="values-range-source">
      <select className="input input--compact" value={source.type} aria-label={label('type')} onChange={(e) => onEdit({ type: e.target.value })}>
        {typeChoices.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      {stringType && (
        <select className="input input--compact" value={source.collation} aria-label={label('collation')} onChange={(e) => onEdit({ collation: e.target.value })}>
          {!collationChoices.some((c) => c.uri === source.collation) && <option value={source.collation}>{source.collation}</option>}
          {collationChoices.map((c) => (
            <option key={c.uri} value={c.uri}>
              {c.label}
            </option>
          ))}
        </select>
      )}
      <select className="input input--compact" value={source.target} aria-label={label('kind')} onChange={(e) => onEdit({ target: e.target.value as RangeTarget })}>
        {TARGETS.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {source.target === 'attribute' && (
        <>
          <input className="input input--mono input--compact" value={source.parentNs} placeholder="element namespace" aria-label={label('element namespace')} onChange={(e) => onEdit({ parentNs: e.target.value })} spellCheck={false} />
          <input className="input input--mono input--compact" value={source.parentName} placeholder="element" aria-label={label('element')} onChange={(e) => onEdit({ parentName: e.target.value })} spellCheck={false} />
        </>
      )}
      {source.target !== 'json-property' && (
        <input className="input input--mono input--compact" value={source.ns} placeholder="namespace (none)" aria-label={label('namespace')} onChange={(e) => onEdit({ ns: e.target.value })} spellCheck={false} />
      )}
      <input
        className="input input--mono input--compact"
        value={source.name}
        placeholder={source.target === 'json-property' ? 'property' : source.target === 'element' ? 'element' : 'attribute'}
        aria-label={label(source.target === 'json-property' ? 'JSON property' : source.target === 'element' ? 'element' : 'attribute')}
        aria-invalid={problem !== undefined}
        onChange={(e) => onEdit({ name: e.target.value })}
        spellCheck={false}
      />
      {onRemove && (
        <button type="button" className="button button--small button--ghost" aria-label={`Remove index ${number}`} onClick={onRemove}>
          ✕
        </button>
      )}
      {problem && <p className="field-error values-form__range-error">{problem}</p>}
    </div>
  );
}
