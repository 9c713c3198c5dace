/** Driving the console's CodeMirror editors as a person types. */
import type { Locator } from '@playwright/test';
import { expect } from 'tabula/testing';

/** Replaces everything in a CodeMirror editor as typed (without auto-closed brackets), and leaves the cursor at its end. */
export async function replaceEditorText(editor: Locator, text: string): Promise<void> {
  const surface = editor.locator('.cm-content');
  await surface.click();
  await surface.press('ControlOrMeta+a');
  await surface.press('Delete');
  if (text) await editor.page().keyboard.insertText(text);
  await expect(surface).toHaveText(text, { useInnerText: true });
}
