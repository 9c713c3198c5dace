import { describe, expect, test } from 'vitest';
import { parseDemoArgs } from '../scripts/demo';
import { storyboardHtml, type Storyboard } from '../src/testing/demo';

describe('parseDemoArgs', () => {
  test.for([
    { args: ['demos/a.demo.ts'], env: {}, out: 'demo-output', headless: true, paceMs: 0 },
    { args: ['demos/a.demo.ts'], env: { DISPLAY: ':0' }, out: 'demo-output', headless: false, paceMs: 1500 },
    { args: ['a.ts', 'b.ts', '--out', 'x', '--headed', '--pace', '10'], env: {}, out: 'x', headless: false, paceMs: 10 },
    { args: ['a.ts', '--headless'], env: { DISPLAY: ':0' }, out: 'demo-output', headless: true, paceMs: 0 },
  ])('$args with $env', ({ args, env, out, headless, paceMs }) => {
    expect(parseDemoArgs(args, env).options).toEqual({ out, headless, paceMs });
  });

  test.for([[[]], [['--out']], [['a.ts', '--pace', 'slow']], [['a.ts', '--video']]])('%j is a usage error', ([args]) => {
    expect(() => parseDemoArgs(args, {})).toThrow(/usage|needs a value|milliseconds|unknown option/);
  });
});

describe('storyboardHtml', () => {
  test('every step in order, captions escaped, the failing step and the missing video said', () => {
    const board: Storyboard = {
      title: 'Search <demo>',
      demo: 'demos/search.demo.ts',
      date: '2026-01-01T00:00:00.000Z',
      steps: [
        { index: 1, caption: 'Open & look', screenshot: '01-open.png', ms: 1200 },
        { index: 2, caption: 'Search', screenshot: '02-search.png', ms: 800, error: 'no results' },
      ],
      video: null,
      videoNote: 'No video: no ffmpeg.',
      passed: false,
    };
    const html = storyboardHtml(board);
    expect(html).toContain('<h1>Search &#60;demo&#62;</h1>');
    expect(html.indexOf('01-open.png')).toBeLessThan(html.indexOf('02-search.png'));
    expect(html).toContain('Open &#38; look');
    expect(html).toContain('<p class="error">no results</p>');
    expect(html).toContain('No video: no ffmpeg.');
    expect(html).toContain('Stopped at a failing step');
  });
});
