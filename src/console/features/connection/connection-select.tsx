/**
 * A labelled select of the connection bar (the instance, the database): held while a transaction
 * is open, busy while its list loads, its title saying why it is held or why the list is missing.
 */
export function ConnectionSelect({
  id,
  label,
  value,
  choices,
  held,
  title,
  busy,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  held: boolean;
  title: string | undefined;
  busy: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="connection-bar__item">
      <label className="connection-bar__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input input--compact" value={value} disabled={held} title={title} aria-busy={busy} onChange={(e) => onChange(e.target.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
