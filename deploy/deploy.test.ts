import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { APP_IDS, DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// Docker does not run on the build machines, so these files are checked by reading them: every
// app and the API has a Dockerfile built from `turbo prune --docker`, and compose wires them up.
const root = fileURLToPath(new URL("..", import.meta.url));
const services = { api: 4000, ...DEFAULT_APP_PORTS } as Record<string, number>;

interface ComposeService {
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  expose?: string[];
  depends_on?: Record<string, unknown> | string[];
}
const compose = parse(readFileSync(`${root}deploy/compose.yaml`, "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const caddyfile = readFileSync(`${root}deploy/Caddyfile`, "utf8");

describe("deployment files", () => {
  for (const [name, port] of Object.entries(services)) {
    describe(name, () => {
      const dockerfile = `apps/${name}/Dockerfile`;
      const text = existsSync(`${root}${dockerfile}`) ? readFileSync(`${root}${dockerfile}`, "utf8") : "";

      it("has a Dockerfile built from turbo prune output", () => {
        expect(text, `${dockerfile} is missing`).not.toBe("");
        expect(text).toContain(`turbo@2.11.11 prune ${name} --docker`);
        expect(text).toContain("COPY --from=pruned /repo/out/json/ .");
        expect(text).toContain("COPY --from=pruned /repo/out/full/ .");
        expect(text).toContain(`turbo run build --filter=${name}...`);
        expect(text).toMatch(/^USER node$/m);
        expect(text).toMatch(new RegExp(`^EXPOSE ${port}$`, "m"));
        expect(text).toMatch(/^CMD \[.+\]$/m);
        expect(text).toMatch(/^HEALTHCHECK .*(\/healthz|\/api\/health)/m);
      });

      it("is a compose service built from that Dockerfile", () => {
        const service = compose.services[name];
        expect(service?.build).toEqual({ context: "..", dockerfile });
        expect(service?.expose).toEqual([String(port)]);
      });
    });
  }

  it("serves each app on its own subdomain through the proxy, and keeps the API internal", () => {
    for (const app of APP_IDS) {
      expect(caddyfile).toContain(`${app}.{$PORTAL_DOMAIN} {\n\treverse_proxy ${app}:${DEFAULT_APP_PORTS[app]}\n}`);
      const env = compose.services[app]?.environment ?? {};
      expect(env.API_URL).toBe("http://api:4000");
      expect(env.PORT).toBe(String(DEFAULT_APP_PORTS[app]));
      expect(env[`${app.toUpperCase()}_ORIGIN`]).toMatch(new RegExp(`^https://${app}\\.`));
    }
    expect(caddyfile).not.toContain("api:4000");
    // The bare domain is another name for the portal: it leads to the school app, never to a form of its own.
    expect(caddyfile).toContain(
      "{$PORTAL_DOMAIN}, www.{$PORTAL_DOMAIN} {\n\tredir https://school.{$PORTAL_DOMAIN}{uri} permanent\n}",
    );
    expect(compose.services.api?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
  });

  it("requires the secrets instead of defaulting them", () => {
    const raw = readFileSync(`${root}deploy/compose.yaml`, "utf8");
    expect(raw).toContain("${SESSION_SECRET:?");
    expect(raw).toContain("${POSTGRES_PASSWORD:?");
  });
});
