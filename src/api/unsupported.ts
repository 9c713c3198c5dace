/**
 * The endpoints of MarkLogic's REST API catalog that Tabula does not offer, each refused with
 * an error that names the feature (400 TABULA-UNSUPPORTED), rather than the 404
 * REST-NOSUCHPATH a mistyped path gets. Tabula runs no server-side XQuery or JavaScript:
 * evaluation, invocation, resource extensions and transforms are refused as such. The README
 * lists them ("What Tabula does not do").
 */
import { DbError } from '../db/errors';

const NO_SERVER_CODE = 'Tabula does not execute server-side code (XQuery or JavaScript)';

/** Path patterns (after `/v1` or `/LATEST`, or from the root) and the feature each names. */
const UNSUPPORTED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/(v1|LATEST)\/eval\/?$/, `server-side evaluation (/v1/eval): ${NO_SERVER_CODE}`],
  [/^\/(v1|LATEST)\/invoke\/?$/, `invoking a module (/v1/invoke): ${NO_SERVER_CODE}`],
  [/^\/(v1|LATEST)\/resources(\/|$)/, `resource service extensions (/v1/resources): ${NO_SERVER_CODE}`],
  [/^\/(v1|LATEST)\/config\/resources(\/|$)/, `installing resource service extensions (/v1/config/resources): ${NO_SERVER_CODE}`],
  [/^\/(v1|LATEST)\/config\/transforms(\/|$)/, `content transforms (/v1/config/transforms): ${NO_SERVER_CODE}`],
  [/^\/(v1|LATEST)\/rows(\/|$)/, 'the Optic API and row queries (/v1/rows) are not supported by Tabula'],
  [/^\/(v1|LATEST)\/alert(\/|$)/, 'alerting (/v1/alert) is not supported by Tabula'],
  [/^\/(v1|LATEST)\/temporal(\/|$)/, 'bitemporal collections (/v1/temporal) are not supported by Tabula'],
  [/^\/(v1|LATEST)\/config\/server\/?$/, 'app server configuration (/v1/config/server) is not supported by Tabula'],
  [/^\/(v1|LATEST)\/config\/namespaces(\/|$)/, 'instance namespace bindings (/v1/config/namespaces, deprecated) are not supported by Tabula'],
  [/^\/manage\/v2\/packages(\/|$)/, 'configuration packages (/manage/v2/packages, deprecated) are not supported by Tabula'],
  [/^\/manage\/v2\/tickets(\/|$)/, 'configuration package tickets (/manage/v2/tickets) are not supported by Tabula'],
  [/^\/manage\/v3(\/|$)/, 'the Management API v3 (/manage/v3) is not supported by Tabula'],
  [/^\/admin\/v1(\/|$)/, 'cluster and host administration (/admin/v1) is not supported by Tabula: it has no cluster to initialise or join'],
];

/** The refusal for a path of the catalog Tabula does not offer; undefined for any other path. */
export function unsupportedEndpoint(path: string): DbError | undefined {
  for (const [pattern, feature] of UNSUPPORTED) if (pattern.test(path)) return new DbError('TABULA-UNSUPPORTED', feature);
  return undefined;
}

/** The refusal of a request parameter that would run server-side code (`transform`, `trans:*`). */
export function serverCodeParamError(name: string): DbError {
  return new DbError('TABULA-UNSUPPORTED', `${name} runs a server-side transform: ${NO_SERVER_CODE}`);
}
