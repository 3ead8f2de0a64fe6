/** The four browser apps. Each is deployed on its own subdomain and keeps its own session. */
export const APP_IDS = ["school", "coordinator", "papersetter", "outbox"] as const;
export type AppId = (typeof APP_IDS)[number];

/** Local development ports (ARCHITECTURE: school 3001 … outbox 3004). */
export const DEFAULT_APP_PORTS: Record<AppId, number> = {
  school: 3001,
  coordinator: 3002,
  papersetter: 3003,
  outbox: 3004,
};

export const APP_TITLES: Record<AppId, string> = {
  school: "School Portal",
  coordinator: "Coordinator Portal",
  papersetter: "Paper Setter",
  outbox: "Outbox",
};

export function isAppId(value: unknown): value is AppId {
  return typeof value === "string" && (APP_IDS as readonly string[]).includes(value);
}
