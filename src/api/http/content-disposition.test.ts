import { describe, expect, test } from 'vitest';
import { DbError } from '../../db/errors';
import { formatContentDisposition, parseContentDisposition } from './content-disposition';

const paramsOf = (entries: Array<[string, string[]]>) => new Map(entries);

describe('parseContentDisposition', () => {
  test.for([
    {
      name: 'reads a bulk metadata part header',
      value: 'attachment; filename="/a.json"; category=metadata; format=json',
      type: 'attachment',
      filename: '/a.json',
      params: [['category', ['metadata']], ['format', ['json']]] as Array<[string, string[]]>,
    },
    {
      name: 'reads an inline default-metadata part without a filename',
      value: 'inline; category=metadata',
      type: 'inline',
      filename: undefined,
      params: [['category', ['metadata']]] as Array<[string, string[]]>,
    },
    {
      name: 'collects a repeated category in order',
      value: 'attachment; filename="/a.json"; category=collections; category=permissions; format=xml',
      type: 'attachment',
      filename: '/a.json',
      params: [['category', ['collections', 'permissions']], ['format', ['xml']]] as Array<[string, string[]]>,
    },
    {
      name: 'lower-cases the type and parameter names but keeps filename and values as sent',
      value: 'ATTACHMENT; FileName="/A.JSON"; Category=Content',
      type: 'attachment',
      filename: '/A.JSON',
      params: [['category', ['Content']]] as Array<[string, string[]]>,
    },
    {
      name: 'keeps a ; inside a quoted filename',
      value: 'attachment; filename="/a;b.json"; category=content',
      type: 'attachment',
      filename: '/a;b.json',
      params: [['category', ['content']]] as Array<[string, string[]]>,
    },
    {
      name: 'resolves backslash escapes in a quoted filename',
      value: String.raw`attachment; filename="/say \"hi\" \\ back\slash.json"`,
      type: 'attachment',
      filename: '/say "hi" \\ backslash.json',
      params: [] as Array<[string, string[]]>,
    },
    {
      name: 'accepts an unquoted filename with slashes, as sloppy clients send it',
      value: 'attachment; filename=/b/1.json',
      type: 'attachment',
      filename: '/b/1.json',
      params: [] as Array<[string, string[]]>,
    },
    {
      name: 'reads the extra content-part parameters of a server-generated URI',
      value: 'inline; extension=json; directory=/orders/; category=content',
      type: 'inline',
      filename: undefined,
      params: [['extension', ['json']], ['directory', ['/orders/']], ['category', ['content']]] as Array<[string, string[]]>,
    },
    {
      name: 'reads versionId, repair, extract and a quoted temporal-document holding ;',
      value: 'attachment; filename="/t.xml"; temporal-document="/t;1.xml"; versionId=123; repair=full; extract=properties; category=content',
      type: 'attachment',
      filename: '/t.xml',
      params: [
        ['temporal-document', ['/t;1.xml']],
        ['versionid', ['123']],
        ['repair', ['full']],
        ['extract', ['properties']],
        ['category', ['content']],
      ] as Array<[string, string[]]>,
    },
    {
      name: 'tolerates whitespace around ; and = and a trailing ;',
      value: '  attachment ;filename = "/w.json" ;  category =\tcontent ; ',
      type: 'attachment',
      filename: '/w.json',
      params: [['category', ['content']]] as Array<[string, string[]]>,
    },
    {
      name: 'keeps non-ASCII filenames',
      value: 'attachment; filename="/日本/ü €.json"',
      type: 'attachment',
      filename: '/日本/ü €.json',
      params: [] as Array<[string, string[]]>,
    },
    {
      name: 'keeps an empty quoted filename (the caller decides whether it names a document)',
      value: 'attachment; filename=""',
      type: 'attachment',
      filename: '',
      params: [] as Array<[string, string[]]>,
    },
  ])('$name', ({ value, type, filename, params }) => {
    const d = parseContentDisposition(value);
    expect(d.type).toBe(type);
    expect(d.filename).toBe(filename);
    expect('filename' in d).toBe(filename !== undefined);
    expect(d.params).toEqual(paramsOf(params));
  });

  test.for([
    { name: 'an empty value', value: '' },
    { name: 'only whitespace', value: '   ' },
    { name: 'parameters without a type', value: '; filename="/a.json"' },
    { name: 'a quoted type', value: '"attachment"; filename="/a.json"' },
    { name: 'a type with a space in it', value: 'attach ment' },
    { name: 'a parameter without =', value: 'attachment; filename' },
    { name: 'a parameter with an empty value', value: 'attachment; filename=; category=content' },
    { name: 'a parameter without a name', value: 'attachment; ="/a.json"' },
    { name: 'an unterminated quoted value', value: 'attachment; filename="/a.json; category=content' },
    { name: 'a quoted value ending in a lone backslash', value: 'attachment; filename="/a\\' },
    { name: 'text after a closing quote', value: 'attachment; filename="/a"b.json' },
    { name: 'an unquoted value with a space', value: 'attachment; filename=/a b.json' },
    { name: 'two filenames', value: 'attachment; filename="/a.json"; filename="/b.json"' },
    { name: 'a control character', value: 'attachment; filename="/a\u0000.json"' },
  ])('refuses $name with 400 XDMP-HTTP-MULTIPART', ({ value }) => {
    let caught: unknown;
    try {
      parseContentDisposition(value);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DbError);
    expect(caught).toMatchObject({ code: 'XDMP-HTTP-MULTIPART', status: 400 });
    expect((caught as DbError).detail).toContain('Content-Disposition');
  });
});

describe('formatContentDisposition', () => {
  test.for([
    {
      name: 'writes the metadata part header MarkLogic sends',
      args: ['attachment', '/a.json', [['category', 'metadata'], ['format', 'json']]] as const,
      out: 'attachment; filename="/a.json"; category=metadata; format=json',
    },
    {
      name: 'writes repeated categories in the given order',
      args: ['attachment', '/a.json', [['category', 'collections'], ['category', 'quality'], ['format', 'xml']]] as const,
      out: 'attachment; filename="/a.json"; category=collections; category=quality; format=xml',
    },
    {
      name: 'writes an inline part without a filename',
      args: ['inline', undefined, [['category', 'metadata']]] as const,
      out: 'inline; category=metadata',
    },
    {
      name: 'backslash-escapes " and \\ in the filename and leaves ; inside the quotes',
      args: ['attachment', '/a "b" \\c;d.json', [['category', 'content']]] as const,
      out: 'attachment; filename="/a \\"b\\" \\\\c;d.json"; category=content',
    },
    {
      name: 'quotes only the parameter values that are not tokens',
      args: ['attachment', '/t.json', [['versionId', '123'], ['temporal-document', '/t 1.json'], ['x', '']]] as const,
      out: 'attachment; filename="/t.json"; versionId=123; temporal-document="/t 1.json"; x=""',
    },
    {
      name: 'writes non-ASCII filenames as they are',
      args: ['attachment', '/日本.json', []] as const,
      out: 'attachment; filename="/日本.json"',
    },
  ])('$name', ({ args, out }) => {
    const [type, filename, params] = args;
    expect(formatContentDisposition(type, filename, params.map(([k, v]) => [k, v]))).toBe(out);
  });

  test.for([
    '/plain.json',
    '/semi;colon.json',
    '/quote"and\\back\\\\slash.json',
    '/trailing-backslash\\',
    '/spaces and\ttabs.json',
    '/ünïcödé/日本.json',
    '',
  ])('round-trips the filename %j through parse', (filename) => {
    const header = formatContentDisposition('attachment', filename, [['category', 'content'], ['directory', '/a;b/']]);
    const d = parseContentDisposition(header);
    expect(d.filename).toBe(filename);
    expect(d.params).toEqual(paramsOf([['category', ['content']], ['directory', ['/a;b/']]]));
  });

  test.for([
    { name: 'a line break in the filename', args: ['attachment', '/a\r\nX-Evil: 1', []] },
    { name: 'a type that is not a token', args: ['attach ment', '/a.json', []] },
    { name: 'a parameter name that is not a token', args: ['attachment', '/a.json', [['cat egory', 'content']]] },
    { name: 'a control character in a parameter value', args: ['attachment', '/a.json', [['category', 'a\nb']]] },
  ] as Array<{ name: string; args: [string, string | undefined, Array<[string, string]>] }>)(
    'refuses $name rather than write a broken header',
    ({ args }) => {
      expect(() => formatContentDisposition(...args)).toThrow(TypeError);
    },
  );
});
