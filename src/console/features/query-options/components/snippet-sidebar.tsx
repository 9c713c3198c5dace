import { constraintSnippets, settingSnippets, type Snippet } from '../lib/snippets';

interface SnippetSidebarProps {
  /** While the text is not readable JSON there is nowhere sure to insert into. */
  disabled: boolean;
  onInsert(snippet: Snippet): void;
}

/** Constraints of each common kind and the usual settings, each explained, to insert with one click. */
export function SnippetSidebar({ disabled, onInsert }: SnippetSidebarProps) {
  const item = (snippet: Snippet) => (
    <li key={snippet.id} className="snippet-choice">
      <button
        type="button"
        className="snippet-choice__button"
        disabled={disabled}
        onClick={() => onInsert(snippet)}
        aria-label={`Insert ${snippet.label}`}
        title={snippet.kind === 'constraint' ? JSON.stringify(snippet.constraint, null, 2) : JSON.stringify({ [snippet.key]: snippet.value }, null, 2)}
      >
        <span className="snippet-choice__label">{snippet.label}</span>
        <span className="snippet-choice__description">{snippet.description}</span>
        {snippet.kind === 'constraint' && <code className="snippet-choice__example">{snippet.example}</code>}
      </button>
    </li>
  );
  return (
    <aside className="snippet-sidebar" aria-label="Snippets">
      {disabled && <p className="hint">Fix the JSON to insert snippets.</p>}
      <h3 className="section-title">Constraints</h3>
      <ul className="snippet-choices">{constraintSnippets.map(item)}</ul>
      <h3 className="section-title">Settings</h3>
      <ul className="snippet-choices">{settingSnippets.map(item)}</ul>
    </aside>
  );
}
