import { describe, expect, test } from 'vitest';
import { forRespondWith, isStreamed, streamedResponse } from './streamed-response';
import { CONTENT_SECURITY_POLICY, withSecurityHeaders } from './security-headers';

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

  test.for([
    { name: 'ASCII JSON', text: '{"head":{},"boolean":true}' },
    { name: 'non-ASCII text', text: 'Zoë → 東京 😀' },
    { name: 'nothing', text: '' },
  ])('carry bytes already encoded ($name) as they are', async ({ text }) => {
    const bytes = new TextEncoder().encode(text);
    const res = streamedResponse(bytes, { status: 200 });
    expect(isStreamed(res)).toBe(true);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  test('are told apart from other responses, which the worker re-wraps', () => {
    expect(isStreamed(streamedResponse('x', {}))).toBe(true);
    expect(isStreamed(new Response('x'))).toBe(false);
    expect(isStreamed(new Response(new ReadableStream()))).toBe(false);
  });
});

describe('forRespondWith (what the service worker hands to respondWith)', () => {
  test.for([
    { what: 'a bytes body', make: () => withSecurityHeaders(new Response('<p>x</p>', { status: 404, statusText: 'Not Found', headers: { 'content-type': 'text/html' } })) },
    { what: 'a streamed body', make: () => withSecurityHeaders(streamedResponse('<p>x</p>', { status: 404, statusText: 'Not Found', headers: { 'content-type': 'text/html' } })) },
  ])('keeps the status and every header of $what, security headers included', async ({ make }) => {
    const original = make();
    const handed = forRespondWith(original);
    expect(handed.status).toBe(404);
    expect(handed.statusText).toBe('Not Found');
    expect([...handed.headers]).toEqual([...original.headers]);
    expect(handed.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(handed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await handed.text()).toBe('<p>x</p>');
  });

  test('withSecurityHeaders copies an answer whose headers cannot change', () => {
    const redirect = Response.redirect('http://x/elsewhere', 302);
    const secured = withSecurityHeaders(redirect);
    expect(secured.status).toBe(302);
    expect(secured.headers.get('location')).toBe('http://x/elsewhere');
    expect(secured.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
