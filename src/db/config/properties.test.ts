import { describe, expect, test } from 'vitest';
import { openStorage } from '../storage/schema';
import { WriteQueue } from '../storage/write-queue';
import { DbError } from '../errors';
import { defaultProperties, PropertiesStore, propertyFromText, propertyNames } from './properties';

let counter = 0;
async function freshStore(): Promise<{ props: PropertiesStore; name: string }> {
  const name = `props-test-${process.pid}-${++counter}`;
  return { props: new PropertiesStore(await openStorage(indexedDB, name), new WriteQueue()), name };
}

async function rejection(p: Promise<unknown> | (() => unknown)): Promise<DbError> {
  let err: unknown;
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    err = e;
  }
  if (!(err instanceof DbError)) throw new Error(`expected a DbError, got ${String(err)}`);
  return err;
}

describe('PropertiesStore', () => {
  test('a fresh instance reports the MarkLogic defaults, and a 60 s time limit', async () => {
    const { props } = await freshStore();
    expect(await props.get()).toEqual({
      'content-versions': 'none',
      debug: false,
      'default-time-limit': 60,
      'document-transform-all': true,
      'document-transform-out': '',
      'update-policy': 'merge-metadata',
      'validate-options': true,
      'validate-queries': false,
    });
  });

  test('an update changes only the properties it names', async () => {
    const { props } = await freshStore();
    await props.update({ debug: true });
    await props.update({ 'document-transform-out': 'xform' });
    expect(await props.get()).toEqual({ ...defaultProperties, debug: true, 'document-transform-out': 'xform' });
  });

  test('properties survive reopening the database', async () => {
    const { props, name } = await freshStore();
    await props.update({ 'validate-queries': true });
    const reopened = new PropertiesStore(await openStorage(indexedDB, name), new WriteQueue());
    expect((await reopened.get())['validate-queries']).toBe(true);
  });

  test.for([
    { set: 'required', policy: 'version-required' },
    { set: 'optional', policy: 'version-optional' },
    { set: 'none', policy: 'merge-metadata' },
  ])('content-versions=$set is the legacy spelling of update-policy=$policy', async ({ set, policy }) => {
    const { props } = await freshStore();
    if (set === 'none') await props.update({ 'update-policy': 'version-required' });
    await props.update({ 'content-versions': set });
    const now = await props.get();
    expect(now['update-policy']).toBe(policy);
    expect(now['content-versions']).toBe(set);
  });

  test.for([
    { policy: 'overwrite-metadata', versions: 'none' },
    { policy: 'version-optional', versions: 'optional' },
    { policy: 'version-required', versions: 'required' },
  ])('update-policy=$policy reads back as content-versions=$versions', async ({ policy, versions }) => {
    const { props } = await freshStore();
    await props.update({ 'update-policy': policy });
    expect(await props.get()).toMatchObject({ 'update-policy': policy, 'content-versions': versions });
  });

  test('writing back a whole object read from get() with update-policy edited keeps the edit', async () => {
    const { props } = await freshStore();
    await props.update({ ...(await props.get()), 'update-policy': 'version-optional' });
    expect((await props.get())['update-policy']).toBe('version-optional');
  });

  test('writing back a whole object with content-versions edited keeps the edit', async () => {
    const { props } = await freshStore();
    await props.update({ ...(await props.get()), 'content-versions': 'required' });
    expect((await props.get())['update-policy']).toBe('version-required');
  });

  test('changing both aliases to disagreeing values is refused and changes nothing', async () => {
    const { props } = await freshStore();
    const err = await rejection(props.update({ 'content-versions': 'required', 'update-policy': 'version-optional', debug: true }));
    expect(err.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(await props.get()).toEqual(defaultProperties);
  });

  test('an unknown property → 400 RESTAPI-UNSUPPORTEDPROP worded as the real server words it', async () => {
    const { props } = await freshStore();
    const err = await rejection(props.update({ 'error-format': 'json' }));
    expect([err.code, err.status]).toEqual(['RESTAPI-UNSUPPORTEDPROP', 400]);
    expect(err.message).toBe('RESTAPI-UNSUPPORTEDPROP: (err:FOER0000) Unsupported property:  : error-format');
  });

  test.for([
    { name: 'a string for a boolean', change: { debug: 'true' } },
    { name: 'a number for a boolean', change: { 'validate-options': 1 } },
    { name: 'a boolean for a string', change: { 'document-transform-out': false } },
    { name: 'a value outside update-policy’s enumeration', change: { 'update-policy': 'sometimes' } },
    { name: 'a value outside content-versions’ enumeration', change: { 'content-versions': 'always' } },
    { name: 'null', change: { debug: null } },
  ])('$name → 400 RESTAPI-INVALIDCONTENT, nothing written', async ({ change }) => {
    const { props } = await freshStore();
    const err = await rejection(props.update({ 'validate-queries': true, ...change }));
    expect([err.code, err.status]).toEqual(['RESTAPI-INVALIDCONTENT', 400]);
    expect(await props.get()).toEqual(defaultProperties);
  });

  test('reset() restores every default', async () => {
    const { props } = await freshStore();
    await props.update({ debug: true, 'update-policy': 'version-required' });
    await props.reset();
    expect(await props.get()).toEqual(defaultProperties);
  });

  test('reset(name) restores one property and keeps the others', async () => {
    const { props } = await freshStore();
    await props.update({ debug: true, 'validate-queries': true });
    await props.reset('debug');
    expect(await props.get()).toEqual({ ...defaultProperties, 'validate-queries': true });
  });

  test.for(['content-versions', 'update-policy'])('reset(%s) resets the update policy under either name', async (name) => {
    const { props } = await freshStore();
    await props.update({ 'update-policy': 'version-required' });
    await props.reset(name);
    expect(await props.get()).toEqual(defaultProperties);
  });

  test('reset of an unknown name → RESTAPI-UNSUPPORTEDPROP', async () => {
    const { props } = await freshStore();
    expect((await rejection(props.reset('nope'))).code).toBe('RESTAPI-UNSUPPORTEDPROP');
  });

  test('property names are listed sorted', () => {
    expect(propertyNames).toEqual([...Object.keys(defaultProperties)].sort());
  });

  test.for([
    { name: 'debug', text: 'true', value: true },
    { name: 'debug', text: ' false ', value: false },
    { name: 'document-transform-out', text: 'my-xform', value: 'my-xform' },
    { name: 'update-policy', text: 'version-optional', value: 'version-optional' },
  ] as const)('XML text $text for $name is $value', ({ name, text, value }) => {
    expect(propertyFromText(name, text)).toBe(value);
  });

  test.for([
    { name: 'debug', text: 'yes' },
    { name: 'debug', text: '1' },
    { name: 'update-policy', text: 'never' },
  ] as const)('XML text $text for $name is refused', async ({ name, text }) => {
    expect((await rejection(() => propertyFromText(name, text))).code).toBe('RESTAPI-INVALIDCONTENT');
  });
});
