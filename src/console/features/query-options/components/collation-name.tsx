import { CODEPOINT_COLLATION, ROOT_COLLATION } from '../../../../client/indexes';

/** A collation URI by its short name when it has one; the URI stays in the tooltip. */
export function CollationName({ uri }: { uri: string }) {
  const short = uri === ROOT_COLLATION ? 'root' : uri === CODEPOINT_COLLATION ? 'codepoint' : uri;
  return <span title={uri}>{short}</span>;
}
