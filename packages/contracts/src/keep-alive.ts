import type { Server } from "node:http";

/**
 * How long the API's and the apps' servers keep an idle keep-alive connection open. It must
 * outlast every client's idle time, so that the client, not the server, closes an idle
 * connection: a server closing it just as a client reuses it makes that request fail ("other side
 * closed" in an app's fetch; a 502 "connection reset by peer" from Caddy, which does not retry a
 * POST). Node's default is 5 s; the apps' fetch (undici) idles 4 s; Caddy's upstream connections
 * idle PROXY_KEEP_ALIVE_SECONDS.
 */
export const SERVER_KEEP_ALIVE_MS = 65_000;

/** Caddy's `keepalive` for its connections to the instances (deploy/Caddyfile): below the servers'. */
export const PROXY_KEEP_ALIVE_SECONDS = 30;

/** Sets a server's idle keep-alive to SERVER_KEEP_ALIVE_MS (headers a moment longer: Node's rule). */
export function outlastIdleClients<S extends Pick<Server, "keepAliveTimeout" | "headersTimeout">>(server: S): S {
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
  server.headersTimeout = SERVER_KEEP_ALIVE_MS + 1_000;
  return server;
}

/**
 * Caddy's load balancing over the instances (deploy/Caddyfile and the rehearsal's proxy, decision
 * 074). A request whose instance cannot be reached is tried on another for up to
 * `tryDurationSeconds`. An instance that is gone is left out by an active check of its liveness
 * every `healthIntervalSeconds` (the rehearsal's fixed instances), or by Docker's DNS, asked as
 * often (compose). No passive failure counting: Caddy retries a POST whose instance refused the
 * connection with its body already closed, and counts that failure against the healthy instance.
 */
export const PROXY_BALANCING = { tryDurationSeconds: 5, healthIntervalSeconds: 1, healthTimeoutSeconds: 3 } as const;
