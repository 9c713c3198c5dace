import { describe, expect, test } from 'vitest';
import { constantTimeEqual, digestHa1, digestMatches, expectedDigestResponse, passwordMatches } from './passwords';

// RFC 2617 §3.5's worked example: the one published Digest vector with qop=auth.
const rfc = {
  ha1: '939e7578ed9e3c518a452acee763bce9',
  fields: {
    method: 'GET',
    uri: '/dir/index.html',
    nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
    qop: 'auth',
    nc: '00000001',
    cnonce: '0a4f113b',
  },
  response: '6629fae49393a05397450978507c4ef1',
};

describe('password digests', () => {
  test('HA1 is MD5(name:realm:password), as RFC 2617 computes it', () => {
    expect(digestHa1('Mufasa', 'Circle Of Life', 'testrealm@host.com')).toBe(rfc.ha1);
  });

  test('the default realm is "public", as MarkLogic app servers name it', () => {
    expect(digestHa1('admin', 'admin')).toBe(digestHa1('admin', 'admin', 'public'));
    expect(digestHa1('admin', 'admin')).not.toBe(digestHa1('admin', 'admin', 'other'));
  });

  test('a Basic password matches only the HA1 it was stored as', () => {
    const ha1 = digestHa1('alice', 'pässwörd');
    expect(passwordMatches(ha1, 'alice', 'pässwörd')).toBe(true);
    expect(passwordMatches(ha1, 'alice', 'passwörd')).toBe(false);
    expect(passwordMatches(ha1, 'bob', 'pässwörd')).toBe(false);
  });

  test('the expected Digest response reproduces the RFC 2617 example', () => {
    expect(expectedDigestResponse(rfc.ha1, rfc.fields)).toBe(rfc.response);
  });

  test.for([
    { name: 'the right response is accepted', change: {}, ok: true },
    { name: 'an upper-case hex response is accepted', change: { response: rfc.response.toUpperCase() }, ok: true },
    { name: 'algorithm=MD5 spelled out is accepted', change: { algorithm: 'MD5' }, ok: true },
    { name: 'a response for another uri is refused', change: { uri: '/dir/other.html' }, ok: false },
    { name: 'a response for another method is refused', change: { method: 'PUT' }, ok: false },
    { name: 'a different nc is refused', change: { nc: '00000002' }, ok: false },
    { name: 'a malformed nc is refused', change: { nc: '1' }, ok: false },
    { name: 'qop other than auth is refused', change: { qop: 'auth-int' }, ok: false },
    { name: 'an unsupported algorithm is refused', change: { algorithm: 'SHA-256' }, ok: false },
    { name: 'an empty cnonce is refused', change: { cnonce: '' }, ok: false },
  ])('$name', ({ change, ok }) => {
    expect(digestMatches(rfc.ha1, { ...rfc.fields, response: rfc.response, ...change })).toBe(ok);
  });

  test('MD5-sess derives a session key from the nonce and cnonce', () => {
    const fields = { ...rfc.fields, algorithm: 'MD5-sess' };
    const response = expectedDigestResponse(rfc.ha1, fields);
    expect(response).not.toBe(rfc.response);
    expect(digestMatches(rfc.ha1, { ...fields, response })).toBe(true);
  });

  test.for([
    { a: 'abc', b: 'abc', equal: true },
    { a: 'abc', b: 'abd', equal: false },
    { a: 'abc', b: 'abcd', equal: false },
    { a: '', b: '', equal: true },
  ])('constantTimeEqual($a, $b) is $equal', ({ a, b, equal }) => {
    expect(constantTimeEqual(a, b)).toBe(equal);
  });
});
