import { ApiError } from '../../../../client/create-client';

/**
 * Whether an error means the server has no samples at all: a MarkLogic server answers 404
 * for every `/tabula/` path (docs/decisions/0025-scenes-and-tabula-paths.md), and then the
 * console offers none of what needs them, rather than an error.
 */
export function meansNoSamples(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 404;
}
