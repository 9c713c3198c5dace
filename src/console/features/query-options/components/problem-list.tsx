import type { ListedProblem } from '../lib/editor-problems';
import type { Span } from '../lib/problem-locations';

interface ProblemListProps {
  problems: readonly ListedProblem[];
  /** Heading for problems the server named. */
  title: string;
  onReveal(at: Span): void;
}

/** What is wrong with the text, under the editor; a problem with a place takes the person there. */
export function ProblemList({ problems, title, onReveal }: ProblemListProps) {
  if (problems.length === 0) return null;
  const errors = problems.some((p) => p.severity === 'error');
  return (
    <div className={`problem-list${errors ? ' problem-list--error' : ''}`} role={errors ? 'alert' : 'status'} data-testid="options-problems">
      {errors && <div className="problem-list__title">{title}</div>}
      <ul>
        {problems.map((p, i) => (
          <li key={`${i}:${p.message}`} className={`problem-list__item problem-list__item--${p.severity}`}>
            {p.at ? (
              <button type="button" className="problem-list__link" onClick={() => onReveal(p.at!)} title="Show it in the editor">
                {p.message}
              </button>
            ) : (
              <span>{p.message}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
