/**
 * The JSON side of a patch's built-in `apply` functions (src/db/patch/apply-functions.ts):
 * how the operation's `content` becomes arguments, how the JSON value being replaced
 * becomes a typed value, and how the result becomes a JSON value of the same kind
 * (`replib:construct-node`).
 */
import { notForInsert, notOperable, runBuiltin, type BuiltinFunctionName } from '../apply-functions';
import { castValue, invalidContent, isDoubleLexical, isNumeric, parseDouble, stringOf, toNumber, type XsValue } from '../xs-values';

export { isBuiltinFunction } from '../apply-functions';

/**
 * `docmodupd:prepare-content` for apply input: an array gives several arguments;
 * `{"$value", "$datatype"}` objects give typed values; null gives none.
 */
export function applyArguments(content: unknown): XsValue[] {
  if (content === undefined) return [];
  const items = Array.isArray(content) ? content : [content];
  const args: XsValue[] = [];
  for (const item of items) {
    if (item !== null && typeof item === 'object' && !Array.isArray(item) && '$value' in item) {
      const { $value, $datatype } = item as { $value: unknown; $datatype?: unknown };
      const value = typedValue($value);
      if (value === undefined) continue;
      args.push($datatype === undefined || $datatype === null ? value : castValue(String($datatype), value));
      continue;
    }
    const value = typedValue(item);
    if (value !== undefined) args.push(value);
  }
  return args;
}

/** The typed value of a JSON value (`fn:data`); null has none. */
function typedValue(value: unknown): XsValue | undefined {
  if (value === null || value === undefined) return undefined;
  switch (typeof value) {
    case 'string':
      return { type: 'string', value };
    case 'number':
      return { type: 'double', value, written: String(value) };
    case 'boolean':
      return { type: 'boolean', value };
    default:
      return { type: 'json', value: value as object };
  }
}

/**
 * Runs a built-in function against the value being replaced. `current` is
 * undefined when the operation inserts (replace-insert with no match), which the
 * server refuses.
 */
export function applyBuiltinFunction(name: BuiltinFunctionName, current: unknown, args: XsValue[]): unknown {
  if (current === undefined) throw notForInsert();
  // A JSON number can hold neither INF nor NaN, so a division by zero is refused outright.
  const result = runBuiltin(name, typedValue(current), args, { doubleDivisionByZero: 'error' });
  return constructLike(current, result);
}

/** `replib:construct-node`: the result takes the kind of the value it replaces. */
function constructLike(current: unknown, result: XsValue): unknown {
  switch (typeof current) {
    case 'string':
      return stringOf(result);
    case 'number': {
      if (isNumeric(result)) {
        const n = toNumber(result);
        if (!Number.isFinite(n)) throw invalidContent(`cannot store ${stringOf(result)} in a JSON number`);
        return result.type === 'double' || result.type === 'float' ? Number(n.toPrecision(15)) : n;
      }
      const text = stringOf(result);
      if (result.type !== 'string' || !isDoubleLexical(text) || !Number.isFinite(parseDouble(text))) {
        throw invalidContent(`cannot cast ${text} for numeric operation`);
      }
      return parseDouble(text);
    }
    case 'boolean': {
      if (result.type === 'boolean') return result.value;
      if (isNumeric(result)) {
        const n = toNumber(result);
        return n !== 0 && !Number.isNaN(n);
      }
      const text = stringOf(result).trim();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw invalidContent(`cannot cast ${text} to xs:boolean`);
    }
    default:
      throw notOperable();
  }
}
