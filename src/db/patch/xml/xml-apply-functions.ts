/**
 * The XML side of a patch's built-in `apply` functions (src/db/patch/apply-functions.ts).
 * An element's or attribute's value and the `apply` arguments arrive as text, which
 * XQuery treats as untyped: numeric unless an argument names another datatype. The
 * result goes back as text, with its number when it is an xs:double, since an untyped
 * element holding a whole xs:double is written as an integer (`replib:construct-node`).
 */
import { runBuiltin, type BuiltinFunctionName } from '../apply-functions';
import { stringOf, type XsValue } from '../xs-values';

export { isBuiltinFunction } from '../apply-functions';

/** A function's result: its lexical form, and whether it is an xs:double (which elements write as an integer when whole). */
export interface AppliedValue {
  text: string;
  double?: number;
}

/** Applies built-in `name` to the node's string value with the patch's arguments. */
export function applyBuiltin(name: BuiltinFunctionName, value: string, args: readonly string[]): AppliedValue {
  const result = runBuiltin(
    name,
    { type: 'string', value },
    args.map((arg): XsValue => ({ type: 'string', value: arg })),
  );
  const text = stringOf(result);
  return result.type === 'double' ? { text, double: result.value } : { text };
}
