/** CodeMirror with JSON/XML highlighting (its own chunk: it is most of the console's code). */
import { useMemo } from 'react';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import type { CodeEditorProps, CodeLanguage } from './code-editor';
import { consoleCodeTheme } from './code-mirror-theme';

const languages: Record<CodeLanguage, () => Extension[]> = {
  json: () => [json()],
  xml: () => [xml()],
  text: () => [EditorView.lineWrapping],
};

/** The CodeMirror half of {@link CodeEditor}, loaded on first use. */
export default function CodeMirrorEditor({ value, language, label, onChange, readOnly = false, minHeight = '8rem', maxHeight, testId }: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      ...languages[language](),
      // tabindex: a read-only view's text is not editable, hence not focusable, and a keyboard user
      // could not reach it to scroll it (WCAG 2.1.1). An editable one is focusable already, but
      // only an explicit tabindex says so to checkers (axe's scrollable-region-focusable).
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    ],
    [language, label],
  );
  return (
    <div className={`code-editor${readOnly ? ' code-editor--readonly' : ''}`} data-testid={testId}>
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        editable={!readOnly}
        readOnly={readOnly}
        minHeight={minHeight}
        maxHeight={maxHeight}
        // Colours from the console's CSS variables, so the editor follows System, Light or Dark.
        theme={consoleCodeTheme}
        basicSetup={{
          highlightActiveLine: !readOnly,
          highlightActiveLineGutter: !readOnly,
          autocompletion: false,
          searchKeymap: true,
        }}
      />
    </div>
  );
}
