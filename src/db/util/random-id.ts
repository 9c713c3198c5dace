/** A random unsigned 64-bit number in decimal: how MarkLogic names what it assigns (document URIs, transaction ids). */
export const randomUnsigned64 = (): string => crypto.getRandomValues(new BigUint64Array(1))[0].toString();
