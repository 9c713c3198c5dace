import { describe, expect, test } from 'vitest';
import type { RestInstance } from '../../../../client/create-client';
import { createdText, deleteHeldBack, failureTitle, instancesByDatabase, listText, stepText, switchHeldBack } from './database-text';

const instance = (name: string, database: string, modulesDatabase: string): RestInstance => ({ name, group: 'Default', database, modulesDatabase, port: '8000' });

describe('instancesByDatabase', () => {
  const instances = [instance('App-Services', 'Documents', 'Modules'), instance('shop', 'shop', 'shop-modules'), instance('shop-test', 'shop', 'Modules')];

  test('each database maps to the instances that use it, as content or modules, in their order', () => {
    const uses = instancesByDatabase(instances);
    const expected = new Map<string, string[]>();
    for (const i of instances) {
      for (const db of [i.database, i.modulesDatabase]) expected.set(db, [...(expected.get(db) ?? []), i.name]);
    }
    expect(uses).toEqual(expected);
    expect(uses.get('Modules')).toEqual(['App-Services', 'shop-test']);
    expect(uses.has('demo')).toBe(false);
  });

  test('an instance whose content and modules database are one is listed once; a blank database is none', () => {
    expect(instancesByDatabase([instance('solo', 'solo', 'solo'), instance('odd', '', '')])).toEqual(new Map([['solo', ['solo']]]));
  });
});

test.for([
  { names: [], text: '' },
  { names: ['a'], text: 'a' },
  { names: ['a', 'b'], text: 'a and b' },
  { names: ['a', 'b', 'c'], text: 'a, b and c' },
])('listText($names) = $text', ({ names, text }) => {
  expect(listText(names)).toBe(text);
});

describe('what a row offers', () => {
  const free = { usedBy: [], inUse: false, held: false };
  test.for([
    { name: 'a free database', state: free, remove: undefined, use: undefined },
    { name: 'one an instance uses', state: { ...free, usedBy: ['App-Services'] }, remove: 'Used by the REST instance App-Services: remove it first', use: undefined },
    { name: 'one two instances use', state: { ...free, usedBy: ['a', 'b'] }, remove: 'Used by the REST instances a and b: remove them first', use: undefined },
    { name: 'the one in use', state: { ...free, inUse: true }, remove: undefined, use: 'The console uses it now' },
    { name: 'the one in use, in a transaction', state: { ...free, inUse: true, held: true }, remove: 'The open transaction runs in it: commit or roll back first', use: 'The console uses it now' },
    { name: 'another, in a transaction', state: { ...free, held: true }, remove: undefined, use: 'Commit or roll back the open transaction first' },
  ])('$name', ({ state, remove, use }) => {
    expect(deleteHeldBack(state)).toBe(remove);
    expect(switchHeldBack(state)).toBe(use);
  });
});

describe('a creation', () => {
  const file = new File(['zip'], 'shop.zip');
  test.for([
    { content: { kind: 'empty' as const }, title: undefined, text: 'Created the database “demo”, empty.' },
    { content: { kind: 'sample' as const, sample: 'library' }, title: 'Library', text: 'Created the database “demo” with the sample “Library”.' },
    { content: { kind: 'sample' as const, sample: 'library' }, title: undefined, text: 'Created the database “demo” with the sample “library”.' },
    { content: { kind: 'scene' as const, file }, title: undefined, text: 'Created the database “demo” from the scene shop.zip.' },
  ])('$text', ({ content, title, text }) => {
    expect(createdText('demo', content, title)).toBe(text);
  });

  test('every step has its busy text and its failure', () => {
    const steps = ['creating', 'loading-sample', 'importing-scene'] as const;
    expect(steps.map(stepText)).toEqual(['Creating…', 'Loading the sample…', 'Importing the scene…']);
    expect(new Set(steps.map(failureTitle)).size).toBe(steps.length);
    expect(failureTitle('creating')).toBe('The database was not created');
  });
});
