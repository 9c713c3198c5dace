import type { UseQueryResult } from '@tanstack/react-query';
import type { ConstraintSummary } from '../../../../client/search';
import { ErrorMessage } from '../../../components/error-message';
import { constraintExamples, constraintToken, GRAMMAR, OPERATOR_NOTE } from '../lib/query-grammar';
import { ScrollRegion } from '../../../components/scroll-region';

/** The string grammar at a glance, and the chosen option set's constraints, each insertable into the query. */
export function GrammarCheatSheet({
  id,
  optionSet,
  constraints,
  onInsert,
}: {
  id: string;
  optionSet: string;
  constraints: UseQueryResult<ConstraintSummary[]>;
  onInsert(token: string): void;
}) {
  return (
    <section className="cheat-sheet" id={id} aria-label="Query syntax">
      <div className="cheat-sheet__grammar">
        <h2 className="section-title">Query syntax</h2>
        <ScrollRegion label="String grammar (scrollable)">
          <table className="table cheat-sheet__table">
            <thead>
              <tr>
                <th scope="col">Write</th>
                <th scope="col">Example</th>
                <th scope="col">Finds</th>
              </tr>
            </thead>
            <tbody>
              {GRAMMAR.map((g) => (
                <tr key={g.syntax}>
                  <td>
                    <code>{g.syntax}</code>
                  </td>
                  <td>
                    <code>{g.example}</code>
                  </td>
                  <td>{g.meaning}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <p className="hint">{OPERATOR_NOTE}</p>
      </div>
      <div className="cheat-sheet__constraints">
        <h2 className="section-title">Constraints of “{optionSet}”</h2>
        {constraints.isPending ? (
          <p className="muted">Loading the constraints…</p>
        ) : constraints.error ? (
          <ErrorMessage error={constraints.error} title="Could not read the option set" />
        ) : constraints.data.length === 0 ? (
          <p className="muted">This option set defines no constraints: only words and phrases can be searched.</p>
        ) : (
          <ul className="constraint-list" aria-label="Constraints">
            {constraints.data.map((c) => (
              <li key={c.name} className="constraint-list__item">
                <button type="button" className="button button--small constraint-list__insert" onClick={() => onInsert(constraintToken(c))} title={`Insert ${constraintToken(c)} in the query`}>
                  {c.name}:
                </button>
                <span className="constraint-list__kind">
                  {c.kind}
                  {c.type ? ` ${c.type}` : ''}
                  {c.facet ? ' · facet' : ''}
                </span>
                <span className="constraint-list__examples">
                  {constraintExamples(c).map((example) => (
                    <code key={example}>{example}</code>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
