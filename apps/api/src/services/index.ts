import type { Database } from "@repo/db";
import type { ApiConfig, Services } from "../context";
import { outboxSmsSender } from "./sms";
import { localDiskStorage } from "./storage";

export const DEFAULT_CONFIG: ApiConfig = {
  sessionIdleHours: 12,
  trustedProxies: ["127.0.0.1", "::1"],
  loginLimitPerClient: 20,
  companyLogoUrl: null,
};

/** The API's collaborators with their default implementations (SMS to the outbox table, files on disk). */
export function createServices(
  database: Database,
  options: { uploadDir: string; config?: Partial<ApiConfig> },
): Services {
  return {
    database,
    sms: outboxSmsSender(database.db),
    storage: localDiskStorage(options.uploadDir),
    config: { ...DEFAULT_CONFIG, ...options.config },
  };
}
