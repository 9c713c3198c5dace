import { DbError } from '../errors';

/** Runs `parse`, reporting its 400s under `code` (the same text is bad in a body and in a parameter differently). */
export function reThrownAs<T>(code: 'RESTAPI-INVALIDCONTENT' | 'REST-INVALIDPARAM', parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof DbError && e.status === 400 && (e.code === 'REST-INVALIDPARAM' || e.code === 'RESTAPI-INVALIDCONTENT') && e.code !== code) throw new DbError(code, e.detail);
    throw e;
  }
}
