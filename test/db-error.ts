/** Test helper: the DbError a call throws, for asserting its code and detail. */
import { DbError } from '../src/db/errors';

/** Runs `run` and returns the DbError it throws; fails the test if it throws nothing or something else. */
export function failure(run: () => unknown): DbError {
  try {
    run();
  } catch (e) {
    if (e instanceof DbError) return e;
    throw e;
  }
  throw new Error('expected a DbError');
}
