/**
 * Everything wrong with the editor's text, in two forms: marks in the text (what can be
 * placed) and the list under the editor (everything, each with where it is when known,
 * so clicking it can take the person there). Sources: the text itself (JSON syntax, the
 * wrapper, keys given twice) and the sentences of the server's last refusal.
 */
import type { ReadOptionsText, TextProblem } from './options-text';
import { locateProblem, type Span } from './problem-locations';

export interface ListedProblem {
  message: string;
  severity: 'error' | 'warning';
  /** Where it is in the current text; absent when it cannot be placed. */
  at?: Span;
}

export interface EditorProblems {
  marks: TextProblem[];
  listed: ListedProblem[];
}

export function editorProblems(read: ReadOptionsText, serverSentences: readonly string[]): EditorProblems {
  if (!read.ok) {
    const { problem } = read;
    return {
      marks: [problem],
      listed: [{ message: problem.message, severity: problem.severity, at: { from: problem.from, to: problem.to } }, ...serverSentences.map((message) => ({ message, severity: 'error' as const }))],
    };
  }
  const marks: TextProblem[] = [...read.warnings];
  const listed: ListedProblem[] = read.warnings.map((w) => ({ message: w.message, severity: w.severity, at: { from: w.from, to: w.to } }));
  for (const message of serverSentences) {
    const spans = locateProblem(read.optionsNode, message);
    for (const span of spans) marks.push({ message, severity: 'error', ...span });
    listed.push({ message, severity: 'error', ...(spans.length > 0 ? { at: spans[0] } : {}) });
  }
  return { marks, listed };
}
