import { describe, expect, test } from 'vitest';
import { repairXml } from './repair';

describe('repairXml', () => {
  test.for([
    { name: 'closes an element left open at the end', input: '<a><b>x</b>', out: '<a><b>x</b></a>' },
    { name: 'closes inner elements where the outer one ends', input: '<a><b>x</a>', out: '<a><b>x</b></a>' },
    { name: 'drops a stray end tag', input: '<a>x</c></a>', out: '<a>x</a>' },
    { name: 'leaves comments, CDATA and attributes with > alone', input: '<a t="1>2"><!-- <b> --><![CDATA[</a>]]>', out: '<a t="1>2"><!-- <b> --><![CDATA[</a>]]></a>' },
    { name: 'keeps well-formed XML unchanged', input: '<?xml version="1.0"?><r><e/></r>', out: '<?xml version="1.0"?><r><e/></r>' },
  ])('$name', ({ input, out }) => {
    expect(repairXml(input)).toBe(out);
  });

  test('what cannot be repaired is still refused', () => {
    expect(() => repairXml('just text')).toThrow(/XDMP-/);
  });
});
