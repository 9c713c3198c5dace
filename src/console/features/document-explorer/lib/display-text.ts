import type { DocumentFormat } from '../../../../client/create-client';
import { prettyXml } from '../../../lib/pretty-xml';

/**
 * A document's text as the explorer shows and edits it: JSON indented by two
 * spaces (the server stores it compactly), XML indented, text untouched. Content
 * that does not parse is shown as stored rather than hidden behind an error.
 */
export function displayText(format: Exclude<DocumentFormat, 'binary'>, text: string): string {
  if (format === 'json') {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }
  if (format === 'xml') return prettyXml(text);
  return text;
}
