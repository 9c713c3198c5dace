import { expect, test } from 'vitest';
import { displayText } from './display-text';

test.for([
  { name: 'indents JSON by two spaces', format: 'json', text: '{"a":[1,{"b":null}]}', shown: '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}' },
  { name: 'shows JSON that does not parse as stored', format: 'json', text: '{"a":', shown: '{"a":' },
  { name: 'indents XML', format: 'xml', text: '<a><b>1</b></a>', shown: '<a>\n  <b>1</b>\n</a>' },
  { name: 'leaves text alone', format: 'text', text: '  two\n lines ', shown: '  two\n lines ' },
] as const)('$name', ({ format, text, shown }) => {
  expect(displayText(format, text)).toBe(shown);
});
