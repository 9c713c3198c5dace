/** The small db helpers the api uses too (docs/decisions/0021). */
export { isAscii, strictUtf8 } from './bytes';
export { isObject } from './objects';
export { randomUnsigned64 } from './random-id';
