import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./schema.gen";

export type { paths };
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Origin of the API service, e.g. http://127.0.0.1:4000 (paths already start with /api). */
  baseUrl: string;
  /** Bearer token of the signed-in user; omitted for anonymous calls such as login. */
  token?: string | undefined;
  /** Forwarded as X-Request-Id so the API's log lines can be joined with the app's. */
  requestId?: string | undefined;
  fetch?: typeof globalThis.fetch;
}

/** A typed client for the API, generated from its OpenAPI document. Used by loaders and actions. */
export function createApiClient({ baseUrl, token, requestId, fetch }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({ baseUrl, ...(fetch ? { fetch } : {}) });
  const headers: Middleware = {
    onRequest({ request }) {
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      if (requestId) request.headers.set("X-Request-Id", requestId);
      return request;
    },
  };
  client.use(headers);
  return client;
}
