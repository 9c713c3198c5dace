import { errorText } from '../../../components/error-message';
import { useOptionSetNames } from '../queries/option-sets';

/** The option set searches use: `default`, then the stored sets. */
export function OptionsPicker({ value, onChange }: { value: string; onChange(optionSet: string): void }) {
  const { data, error } = useOptionSetNames();
  // A link may name a set that is not (or no longer) stored: it stays selectable, and the search says why it fails.
  const names = data ? (data.includes(value) ? data : [...data, value]) : [value];
  return (
    <label className="options-picker">
      <span className="field-label">Options</span>
      <select
        className="input input--compact"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        title={error ? `Could not list the option sets: ${errorText(error)}` : 'The query options the search uses'}
      >
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
