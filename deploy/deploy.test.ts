import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { APP_IDS, DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { apiEnvSchema } from "../apps/api/src/env";
import { clientAddress } from "../apps/api/src/http/client-ip";

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
  networks?: { default?: { ipam?: { config?: { subnet?: string }[] } } };
};

/** A compose value as docker compose reads it when the variable is unset: `${NAME:-default}` → default. */
const withDefaults = (value: string | undefined) => value?.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1");
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

  it("trusts the proxies inside its own network, so the browser's address reaches the API", () => {
    const subnet = withDefaults(compose.networks?.default?.ipam?.config?.[0]?.subnet);
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    const { TRUSTED_PROXIES } = apiEnvSchema.parse({
      TRUSTED_PROXIES: withDefaults(compose.services.api?.environment?.TRUSTED_PROXIES),
    });
    expect(TRUSTED_PROXIES).toEqual([subnet]);
    // The school app's server (or Caddy) inside the network forwards the browser's address…
    const [a, b, c] = (subnet ?? "").split(".");
    const insider = `${a}.${b}.${c}.23`;
    expect(clientAddress(insider, "198.51.100.7", TRUSTED_PROXIES)).toBe("198.51.100.7");
    expect(clientAddress(`::ffff:${insider}`, "203.0.113.4, 198.51.100.7", TRUSTED_PROXIES)).toBe("198.51.100.7");
    // …and anyone outside it cannot claim another address.
    expect(clientAddress("198.51.100.66", "10.1.2.3", TRUSTED_PROXIES)).toBe("198.51.100.66");
    // The apps believe Caddy the same way (Express "trust proxy" takes the same range).
    for (const app of APP_IDS) expect(withDefaults(compose.services[app]?.environment?.TRUST_PROXY)).toBe(subnet);
  });

  it("requires the secrets instead of defaulting them", () => {
    const raw = readFileSync(`${root}deploy/compose.yaml`, "utf8");
    expect(raw).toContain("${SESSION_SECRET:?");
    expect(raw).toContain("${POSTGRES_PASSWORD:?");
  });
});
