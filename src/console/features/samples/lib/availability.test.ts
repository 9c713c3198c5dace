import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../../client/create-client';
import { meansNoSamples } from './availability';

const apiError = (statusCode: number) =>
  new ApiError({ statusCode, status: '', messageCode: statusCode === 404 ? 'REST-NOSUCHPATH' : 'SEC-PRIV', message: 'm' }, { method: 'GET', url: 'http://x/tabula/v1/samples' });

describe('meansNoSamples', () => {
  test.for([
    { name: '404 (a MarkLogic server, or a Tabula without samples)', error: apiError(404), absent: true },
    { name: '403: there are samples this user may not use', error: apiError(403), absent: false },
    { name: '500: a failure to show', error: apiError(500), absent: false },
    { name: 'a network error', error: apiError(0), absent: false },
    { name: 'not an API error', error: new Error('boom'), absent: false },
  ])('$name', ({ error, absent }) => {
    expect(meansNoSamples(error)).toBe(absent);
  });
});
