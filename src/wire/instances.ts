/**
 * Instances, databases and modules on the wire: what `/v1/rest-apis`, `/manage/v2/databases`
 * and `/v1/ext` send and take (MarkLogic's REST API and Management API references). Every
 * value is a string where the server writes one (a port is `"8011"`).
 */

/** One REST instance: an item of `GET /v1/rest-apis`, and `GET /v1/rest-apis/{name}` itself. */
export interface RestApiJson {
  name: string;
  group: string;
  database: string;
  'modules-database': string;
  port: string;
  /** Tabula adds the fallback error format it was created with (`json` or `xml`). */
  'error-format': string;
}

/** `GET /v1/rest-apis`. */
export interface RestApiListJson {
  'rest-apis': RestApiJson[];
}

/** The payload of `POST /v1/rest-apis`: only `name` is required. */
export interface RestApiCreateJson {
  'rest-api': {
    name: string;
    group?: string;
    database?: string;
    'modules-database'?: string;
    /** A number or a string of digits. */
    port?: string | number;
    'error-format'?: 'json' | 'xml';
    /** Accepted for MarkLogic's scripts; Tabula's databases have no forests. */
    'forests-per-host'?: number;
    /** Accepted for MarkLogic's scripts; Tabula serves no XDBC. */
    'xdbc-enabled'?: boolean;
  };
}

/** `GET /v1/ext/{directories}/`. */
export interface ExtAssetList {
  assets: Array<{ asset: string }>;
}

/** A count as the Management API writes it. */
export interface Quantity {
  units: 'quantity' | 'bytes';
  value: number;
}

/** `GET /manage/v2/databases/{name}?view=counts`: what the database holds. */
export interface DatabaseCountsJson {
  'database-counts': {
    meta: { uri: string; 'current-time': string };
    name: string;
    'count-properties': {
      documents: Quantity;
      /** The documents' content, in bytes (UTF-8 for text, JSON and XML). */
      'document-bytes': Quantity;
      /** Quads in the triple store: every graph, embedded triples included. */
      triples: Quantity;
      /** Characters of N-Quads the triple store keeps in storage. */
      'triple-chars': Quantity;
    };
  };
}
