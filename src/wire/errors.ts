/**
 * The error body every failed request carries (MarkLogic's REST Application Developer's
 * Guide, "Error Reporting"). In JSON the keys come in this order.
 */

export interface ErrorResponse {
  statusCode: number;
  /** The status text: `Not Found`, `Bad Request`, … */
  status: string;
  /** The server's code (`RESTAPI-NODOCUMENT`, `XDMP-EXTIME`, …); `null` when there is none (an authentication challenge). */
  messageCode: string | null;
  message: string;
}

/** The JSON error document. */
export interface ErrorBody {
  errorResponse: ErrorResponse;
}
