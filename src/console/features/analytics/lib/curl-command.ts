/**
 * A request as a curl command, to run the same request from a shell against a server
 * that answers HTTP outside the browser (`npm run serve`, or MarkLogic itself). The
 * password is never written: with a user, curl asks for it (`--anyauth` lets it answer
 * Digest or Basic, whichever the server asks for).
 */

/** A string as one POSIX shell word. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(url: string, { accept = 'application/json', user }: { accept?: string; user?: string } = {}): string {
  const auth = user ? ` --anyauth -u ${shellQuote(user)}` : '';
  return `curl${auth} -H ${shellQuote(`Accept: ${accept}`)} ${shellQuote(url)}`;
}
