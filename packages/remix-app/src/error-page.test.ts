import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SchoolServer, startSchoolServer } from "./testing/app-server";

const root = fileURLToPath(new URL("../../..", import.meta.url));

const MALFORMED = ["/%", "/%E0%A4", "/login%", "/assets/%", "/%c0%af"];

describe("a malformed address gets a plain page, never a stack or a path, in every mode", () => {
  const servers: Partial<Record<"production" | "development" | "vite", SchoolServer>> = {};
  const kinds = ["production", "development", "vite"] as const;

  beforeAll(async () => {
    const started = await Promise.all(
      kinds.map((kind) =>
        startSchoolServer(
          {
            NODE_ENV: kind === "production" ? "production" : "development",
            SESSION_SECRET: "a-private-session-secret-for-this-test",
            API_URL: "http://127.0.0.1:9",
            LOG_LEVEL: "warn",
          },
          { vite: kind === "vite" },
        ),
      ),
    );
    kinds.forEach((kind, i) => {
      servers[kind] = started[i];
    });
  }, 150_000);
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  });

  it.each(kinds)("%s", async (kind) => {
    const { origin } = servers[kind] as { origin: string };
    for (const path of MALFORMED) {
      // fetch would normalise the address: send it as typed.
      const response = await fetch(`${origin}${path}`);
      const body = await response.text();
      expect(response.status, `${kind} ${path}`).toBe(400);
      expect(response.headers.get("content-type"), `${kind} ${path}`).toMatch(/^text\/html/);
      expect(body, `${kind} ${path}`).toContain("This address is not valid");
      expect(body, `${kind} ${path}`).not.toMatch(/\bat \w|URIError|node_modules|\/work\/|\.js:\d+|"stack"/);
      expect(body, `${kind} ${path}`).not.toContain(root);
    }
  });
});

describe("the last error handler of an app server", () => {
  it("answers an error with a plain page and its status, logging the stack instead", async () => {
    const { default: express } = await import("express");
    const { errorPage } = await import("./error-page");
    const logged: { status: number; error: unknown }[] = [];
    const app = express();
    app.set("env", "development"); // Express's own page shows the stack in this mode
    app.get("/broken", () => {
      throw new Error("secret detail at /srv/portal/file.ts:12");
    });
    app.get("/refused", (_req, _res, next) => next(Object.assign(new Error("payload too large"), { status: 413 })));
    app.use(errorPage((status, error) => logged.push({ status, error })));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const broken = await fetch(`${base}/broken`);
      const page = await broken.text();
      expect(broken.status).toBe(500);
      expect(page).toContain("Something went wrong");
      expect(page).not.toMatch(/secret detail|\/srv\/|at /);
      const refused = await fetch(`${base}/refused`);
      expect(refused.status).toBe(413);
      expect(await refused.text()).not.toContain("payload too large");
      expect(logged.map((entry) => entry.status)).toEqual([500, 413]);
      expect(String(logged[0]?.error)).toContain("secret detail");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
