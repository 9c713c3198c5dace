/**
 * What a write notice does to the console's cached queries: an answer still in flight when
 * the write lands is not kept — React Query would keep a first fetch running through an
 * invalidation, and its answer, from before the write, would stand for good.
 */
import { describe, expect, test } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchAfterWrite } from './live-updates';

describe('refetchAfterWrite', () => {
  test('a first fetch in flight when a write lands is fetched again, so its answer is the one after the write', async () => {
    const client = new QueryClient();
    let stored = 'before';
    const answers: Array<() => void> = [];
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['vocabulary'],
      queryFn: async () => {
        calls++;
        const seen = stored;
        await new Promise<void>((resolve) => answers.push(resolve));
        return seen;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(1);
    stored = 'after'; // the write commits while the first answer is on its way
    const done = refetchAfterWrite(client);
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const answer of answers.splice(0)) answer();
    await done;
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const answer of answers.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(2);
    expect(client.getQueryData(['vocabulary'])).toBe('after');
    unsubscribe();
    client.clear();
  });

  test('a query with data is refetched, and one not on screen only marked stale', async () => {
    const client = new QueryClient();
    client.setQueryData(['shown'], 1);
    client.setQueryData(['hidden'], 1);
    let fetched = 0;
    const observer = new QueryObserver(client, { queryKey: ['shown'], queryFn: async () => ++fetched + 1, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    await refetchAfterWrite(client);
    expect(client.getQueryData(['shown'])).toBe(2);
    expect(client.getQueryState(['hidden'])?.isInvalidated).toBe(true);
    unsubscribe();
    client.clear();
  });
});
