import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Logger } from "./logger";

/**
 * How long an idle keep-alive connection stays open. The apps' fetch (undici) drops its idle
 * connections after 4 s; Node's server default is 5 s, so under event-loop lag an app reused a
 * connection the API was closing at that moment, and the page failed with "other side closed"
 * (the load benchmark saw 106 of them). The server waiting much longer than any client leaves the
 * closing to the client. Headers must be allowed a moment longer than that (Node's rule).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  port: number;
  /**
   * Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then runs
   * `onClosed` (closing the database pool). Resolves true when everything finished in time.
   */
  stop(reason: string): Promise<boolean>;
}

interface StartOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  hostname: string;
  logger: Logger;
  graceMs: number;
  onClosed: () => Promise<void>;
}

export function startServer({
  fetch,
  port,
  hostname,
  logger,
  graceMs,
  onClosed,
}: StartOptions): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) => {
      if ("keepAliveTimeout" in server) {
        server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
        server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
      }
      let stopping: Promise<boolean> | undefined;
      resolve({
        port: info.port,
        stop(reason) {
          stopping ??= new Promise<boolean>((done) => {
            logger.info({ reason }, "shutting down: finishing in-flight requests");
            let finished = false;
            const timer = setTimeout(() => {
              if (finished) return;
              logger.warn({ grace_ms: graceMs }, "grace period over: closing remaining connections");
              if ("closeAllConnections" in server) server.closeAllConnections();
            }, graceMs);
            // Keep-alive sockets go idle once their request is answered: close them as they do.
            const sweep = setInterval(() => {
              if ("closeIdleConnections" in server) server.closeIdleConnections();
            }, 50);
            server.close(async () => {
              finished = true;
              clearTimeout(timer);
              clearInterval(sweep);
              await onClosed();
              logger.info("stopped cleanly");
              done(true);
            });
          });
          return stopping;
        },
      });
    });
  });
}
