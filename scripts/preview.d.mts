// Types for scripts/preview.mjs (plain JavaScript so `node` runs it without a build).
import type { Server } from 'node:http';

export declare const mimeTypes: Record<string, string>;
export declare function isApiPath(pathname: string): boolean;
export declare function noServiceWorkerBody(
  method: string,
  pathname: string,
): { errorResponse: { statusCode: number; status: string; messageCode: string; message: string } };
export declare function createPreviewServer(options?: { root?: string }): Server;
