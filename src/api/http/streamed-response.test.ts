import { describe, expect, test } from 'vitest';
import { isStreamed, streamedResponse } from './streamed-response';

describe('streamed responses', () => {
  test.for([
    { name: 'ASCII JSON', text: '{"head":{},"boolean":true}' },
    { name: 'non-ASCII text, encoded as UTF-8', text: 'Zoë → 東京 😀' },
    { name: 'an empty body', text: '' },
  ])('carry $name as one byte stream', async ({ text }) => {
    const res = streamedResponse(text, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    expect(res.body).toBeInstanceOf(ReadableStream);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(text);
  });

  test('are told apart from other responses, which the worker re-wraps', () => {
    expect(isStreamed(streamedResponse('x', {}))).toBe(true);
    expect(isStreamed(new Response('x'))).toBe(false);
    expect(isStreamed(new Response(new ReadableStream()))).toBe(false);
  });
});
