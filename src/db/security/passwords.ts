/**
 * Password digests. A password is never kept: a user stores HA1 = MD5(name:realm:password),
 * the one value HTTP Digest (RFC 7616, MD5) needs, and Basic credentials are checked by
 * computing the same HA1 from the password sent.
 *
 * MD5 is what MarkLogic's app servers and the official clients speak for Digest; it is
 * used here for protocol compatibility only, not as a password hash of choice.
 *
 * @example
 * const ha1 = digestHa1('admin', 'admin');
 * passwordMatches(ha1, 'admin', 'admin'); // true
 */
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { REALM } from './types';

/** Lower-case hex MD5 of the UTF-8 bytes of `s`, as Digest clients compute it. */
export const md5Hex = (s: string): string => bytesToHex(md5(utf8ToBytes(s)));

export function digestHa1(name: string, password: string, realm: string = REALM): string {
  return md5Hex(`${name}:${realm}:${password}`);
}

/** Compares without an early exit, so timing does not reveal how much of a digest matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return diff === 0;
}

export function passwordMatches(storedHa1: string, name: string, password: string): boolean {
  return constantTimeEqual(storedHa1, digestHa1(name, password));
}

/** The fields of a Digest `Authorization` header that enter the response computation. */
export interface DigestFields {
  method: string;
  /** The `uri` field as the client sent it (it must already have been checked against the request). */
  uri: string;
  nonce: string;
  /** Only `auth` is accepted: it is the quality of protection the challenge offers. */
  qop: string;
  nc: string;
  cnonce: string;
  /** `MD5` (default) or `MD5-sess`. */
  algorithm?: string;
  response: string;
}

/**
 * The `response` a client holding the right password computes (RFC 7616 §3.4.1):
 * MD5(HA1:nonce:nc:cnonce:qop:HA2) with HA2 = MD5(method:uri); for MD5-sess HA1 is
 * re-derived with the nonce and cnonce first.
 */
export function expectedDigestResponse(ha1: string, f: Omit<DigestFields, 'response'>): string {
  const a1 = f.algorithm?.toUpperCase() === 'MD5-SESS' ? md5Hex(`${ha1}:${f.nonce}:${f.cnonce}`) : ha1;
  const ha2 = md5Hex(`${f.method}:${f.uri}`);
  return md5Hex(`${a1}:${f.nonce}:${f.nc}:${f.cnonce}:${f.qop}:${ha2}`);
}

/** True when `f.response` proves knowledge of the password behind `storedHa1`. */
export function digestMatches(storedHa1: string, f: DigestFields): boolean {
  const algorithm = (f.algorithm ?? 'MD5').toUpperCase();
  if (algorithm !== 'MD5' && algorithm !== 'MD5-SESS') return false;
  if (f.qop !== 'auth' || !/^[0-9a-fA-F]{8}$/.test(f.nc) || !f.cnonce) return false;
  return constantTimeEqual(expectedDigestResponse(storedHa1, f), f.response.toLowerCase());
}
