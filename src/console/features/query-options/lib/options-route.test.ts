import { describe, expect, test } from 'vitest';
import { parseHash } from '../../../lib/hash-route';
import { optionSetNames, optionsHref, readOptionsView, setNameProblem, type OptionsView } from './options-route';

describe('the view in the hash', () => {
  test.for<OptionsView>([{ kind: 'set', name: 'my set/2' }, { kind: 'new' }, { kind: 'indexes' }, { kind: 'none' }])('$kind reads back as written', (view) => {
    const route = parseHash(optionsHref(view));
    expect(route.path).toBe('/options');
    expect(readOptionsView(route.params)).toEqual(view);
  });
});

test('optionSetNames puts default first, once, and sorts the rest', () => {
  expect(optionSetNames([{ name: 'zeta' }, { name: 'default' }, { name: 'alpha' }])).toEqual(['default', 'alpha', 'zeta']);
  expect(optionSetNames([])).toEqual(['default']);
});

describe('setNameProblem', () => {
  test.for([
    { name: '', problem: 'Give the set a name' },
    { name: ' a', problem: 'A name cannot start or end with a space' },
    { name: 'a b', problem: 'Use letters, digits, "-", "_" or "." (a name is one step of a URL)' },
    { name: 'a/b', problem: 'Use letters, digits, "-", "_" or "." (a name is one step of a URL)' },
    { name: 'recipes', problem: 'There is already a set named recipes' },
    { name: 'recipes-2.v1', problem: undefined },
  ])('"$name": $problem', ({ name, problem }) => {
    expect(setNameProblem(name, ['default', 'recipes'])).toBe(problem);
  });
});
