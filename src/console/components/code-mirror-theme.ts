/**
 * CodeMirror in the console's colours: the editor, its gutter, selection, panels and tooltips,
 * and the syntax highlighting, all drawn from the CSS variables of styles.css, so one theme
 * follows the light and the dark one with no reconfiguration. Every syntax colour keeps 4.5:1
 * on the editor's backgrounds in both themes (WCAG 1.4.3), which CodeMirror's own light
 * highlighting and One Dark's gutter and comments do not.
 */
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

const editorTheme = EditorView.theme({
  '&': { color: 'var(--text)', backgroundColor: 'var(--surface)' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '.cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--accent-soft)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent-soft) 45%, transparent)' },
  '.cm-gutters': { color: 'var(--text-muted)', backgroundColor: 'var(--surface-2)', borderRight: '1px solid var(--border)' },
  '.cm-activeLineGutter': { color: 'var(--text)', backgroundColor: 'var(--accent-soft)' },
  '.cm-foldPlaceholder': { color: 'var(--text-muted)', backgroundColor: 'var(--surface-2)', border: '1px solid var(--border)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--accent-soft)', outline: '1px solid var(--border-strong)' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'var(--danger-soft)' },
  '.cm-searchMatch': { backgroundColor: 'var(--tint-amber-bg)', outline: '1px solid var(--warn)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--accent-soft)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--tint-teal-bg)' },
  '.cm-panels': { color: 'var(--text)', backgroundColor: 'var(--surface-2)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-textfield': { color: 'var(--text)', backgroundColor: 'var(--surface)', border: '1px solid var(--border-strong)' },
  '.cm-button': { color: 'var(--text)', backgroundColor: 'var(--surface)', backgroundImage: 'none', border: '1px solid var(--border-strong)' },
  '.cm-tooltip': { color: 'var(--text)', backgroundColor: 'var(--surface)', border: '1px solid var(--border)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { color: 'var(--on-accent)', backgroundColor: 'var(--accent)' },
  '.cm-tooltip .cm-completionDetail, .cm-tooltip .cm-completionInfo': { color: 'var(--text-muted)' },
});

const highlightStyle = HighlightStyle.define([
  { tag: [t.keyword, t.operatorKeyword, t.controlKeyword, t.modifier, t.bool, t.null, t.atom], color: 'var(--code-keyword)' },
  { tag: [t.string, t.special(t.string), t.regexp, t.attributeValue, t.character], color: 'var(--code-string)' },
  { tag: [t.number, t.integer, t.float, t.url, t.link], color: 'var(--code-number)' },
  { tag: [t.propertyName, t.definition(t.propertyName), t.variableName, t.special(t.variableName)], color: 'var(--code-property)' },
  { tag: [t.tagName, t.angleBracket], color: 'var(--code-tag)' },
  { tag: [t.attributeName, t.typeName, t.className, t.namespace, t.labelName], color: 'var(--code-attribute)' },
  { tag: [t.comment, t.lineComment, t.blockComment, t.meta, t.documentMeta, t.processingInstruction], color: 'var(--text-muted)', fontStyle: 'italic' },
  { tag: t.invalid, color: 'var(--danger)' },
  { tag: [t.heading, t.strong], fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
]);

/** The console's CodeMirror theme, for `<CodeMirror theme={consoleCodeTheme}>` or as an extension. */
export const consoleCodeTheme: Extension = [editorTheme, syntaxHighlighting(highlightStyle)];
