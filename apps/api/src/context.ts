import type { Database } from "@repo/db";
import type { Logger } from "./logger";

/** What every handler can reach through `c.var`. */
export interface Services {
  database: Database;
}

export interface AppEnv {
  Variables: {
    services: Services;
    /** Logger bound to this request's id. */
    log: Logger;
    requestId: string;
  };
}
