import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { outlastIdleClients } from "@repo/contracts/keep-alive";
import type { Logger } from "./logger";

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
      // The apps and Caddy close idle connections, not the API (see SERVER_KEEP_ALIVE_MS).
      if ("keepAliveTimeout" in server) outlastIdleClients(server);
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
