import { useId } from 'react';
import { constraintSnippets, settingSnippets, type Snippet } from '../lib/snippets';

interface SnippetSidebarProps {
  /** While the text is not readable JSON there is nowhere sure to insert into. */
  disabled: boolean;
  onInsert(snippet: Snippet): void;
}

/**
 * One snippet as a card that inserts it when clicked. The button is named by its label alone,
 * the words a person sees first and would say to voice control (WCAG 2.5.3, label in name);
 * the explanation and the example are its description rather than part of its name.
 */
function SnippetChoice({ snippet, disabled, onInsert }: { snippet: Snippet } & SnippetSidebarProps) {
  const id = useId();
  return (
    <li className="snippet-choice">
      <button
        type="button"
        className="snippet-choice__button"
        disabled={disabled}
        onClick={() => onInsert(snippet)}
        aria-describedby={`${id}-description${snippet.kind === 'constraint' ? ` ${id}-example` : ''}`}
        title={snippet.kind === 'constraint' ? JSON.stringify(snippet.constraint, null, 2) : JSON.stringify({ [snippet.key]: snippet.value }, null, 2)}
      >
        <span className="snippet-choice__label">{snippet.label}</span>
        <span className="snippet-choice__description" id={`${id}-description`} aria-hidden="true">
          {snippet.description}
        </span>
        {snippet.kind === 'constraint' && (
          <code className="snippet-choice__example" id={`${id}-example`} aria-hidden="true">
            {snippet.example}
          </code>
        )}
      </button>
    </li>
  );
}

/** Constraints of each common kind and the usual settings, each explained, to insert with one click. */
export function SnippetSidebar({ disabled, onInsert }: SnippetSidebarProps) {
  return (
    <aside className="snippet-sidebar" aria-label="Snippets">
      {disabled && <p className="hint">Fix the JSON to insert snippets.</p>}
      <h3 className="section-title">Constraints</h3>
      <ul className="snippet-choices">
        {constraintSnippets.map((s) => (
          <SnippetChoice key={s.id} snippet={s} disabled={disabled} onInsert={onInsert} />
        ))}
      </ul>
      <h3 className="section-title">Settings</h3>
      <ul className="snippet-choices">
        {settingSnippets.map((s) => (
          <SnippetChoice key={s.id} snippet={s} disabled={disabled} onInsert={onInsert} />
        ))}
      </ul>
    </aside>
  );
}
