import { describe, expect, test } from 'vitest';
import type { BulkWriteAnswer, BulkWrittenDocument } from '../../wire/documents';
import { bulkWriteJson, bulkWriteXml } from './bulk-write';

const answer: BulkWriteAnswer = {
  documents: [
    { uri: '/b/1.json', 'mime-type': 'application/json', category: ['metadata', 'content'] },
    { uri: '/b/"q" & <x>.txt', 'mime-type': 'text/plain', category: ['metadata', 'content'] },
    { uri: '/b/old.json', 'mime-type': '', category: ['metadata'] },
  ],
};

describe('the bulk write answer', () => {
  test('JSON is written as the server string-builds it: a space after each comma, none after a colon', () => {
    expect(bulkWriteJson(answer)).toBe(
      '{"documents":[' +
        '{"uri":"/b/1.json", "mime-type":"application/json", "category":["metadata", "content"]}, ' +
        '{"uri":"/b/\\"q\\" & <x>.txt", "mime-type":"text/plain", "category":["metadata", "content"]}, ' +
        '{"uri":"/b/old.json", "mime-type":"", "category":["metadata"]}' +
        ']}',
    );
    expect(bulkWriteJson({ documents: [] })).toBe('{"documents":[]}');
  });

  test('the JSON parses back to the answer, each document with every field the wire type requires', () => {
    const parsed = JSON.parse(bulkWriteJson(answer)) as BulkWriteAnswer;
    expect(parsed).toEqual(answer);
    const required: Array<keyof BulkWrittenDocument> = ['uri', 'mime-type', 'category'];
    for (const d of parsed.documents) expect(Object.keys(d)).toEqual(required);
  });

  test('XML lists each document with its categories, then its MIME type', () => {
    expect(bulkWriteXml(answer)).toBe(
      '<rapi:documents xmlns:rapi="http://marklogic.com/rest-api">' +
        '<rapi:document><rapi:uri>/b/1.json</rapi:uri><rapi:category>metadata</rapi:category><rapi:category>content</rapi:category><rapi:mime-type>application/json</rapi:mime-type></rapi:document>' +
        '<rapi:document><rapi:uri>/b/&quot;q&quot; &amp; &lt;x&gt;.txt</rapi:uri><rapi:category>metadata</rapi:category><rapi:category>content</rapi:category><rapi:mime-type>text/plain</rapi:mime-type></rapi:document>' +
        '<rapi:document><rapi:uri>/b/old.json</rapi:uri><rapi:category>metadata</rapi:category><rapi:mime-type></rapi:mime-type></rapi:document>' +
        '</rapi:documents>',
    );
  });
});
