import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APP_IDS, DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { PROXY_BALANCING, PROXY_KEEP_ALIVE_SECONDS, SERVER_KEEP_ALIVE_MS } from "@repo/contracts/keep-alive";
import { PGBOUNCER_MISSING, pgBouncerBinary } from "@repo/db/pgbouncer";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { apiEnvSchema } from "../apps/api/src/env";
import { clientAddress } from "../apps/api/src/kernel/http/client-ip";

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

interface Upstream {
  name: string;
  port: string;
  idleSeconds: number | null;
  balancing: {
    policy: string | null;
    tryDurationSeconds: number | null;
    dnsRefreshSeconds: number | null;
    passiveHealth: boolean;
  };
}

/**
 * The Caddyfile as Caddy itself reads it (`caddy adapt`, Debian's caddy): each site's host (or
 * listener) and the service and port its reverse proxy finds instances of.
 */
function caddyUpstreams(): Map<string, Upstream> {
  let json: string;
  try {
    json = execFileSync("caddy", ["adapt", "--adapter", "caddyfile", "--config", `${root}deploy/Caddyfile`], {
      env: { ...process.env, PORTAL_DOMAIN: "exam.example.org" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    throw new Error(`caddy adapt failed (install Caddy: apt-get install caddy): ${(error as Error).message}`);
  }
  type Handler = {
    handler: string;
    dynamic_upstreams?: { name: string; port: string; refresh?: number };
    transport?: { keep_alive?: { idle_timeout?: number } };
    load_balancing?: { selection_policy?: { policy?: string }; try_duration?: number };
    health_checks?: { passive?: { fail_duration?: number; max_fails?: number } };
    routes?: { handle: Handler[] }[];
  };
  type Server = { listen: string[]; routes: { match?: { host?: string[] }[]; handle: Handler[] }[] };
  const servers = (JSON.parse(json) as { apps: { http: { servers: Record<string, Server> } } }).apps.http.servers;
  const found = new Map<string, Upstream>();
  const proxyOf = (handlers: Handler[]): Upstream | undefined => {
    for (const h of handlers) {
      if (h.dynamic_upstreams) {
        const seconds = (ns: number | undefined) => (ns === undefined ? null : ns / 1e9);
        return {
          name: h.dynamic_upstreams.name,
          port: h.dynamic_upstreams.port,
          idleSeconds: seconds(h.transport?.keep_alive?.idle_timeout),
          balancing: {
            policy: h.load_balancing?.selection_policy?.policy ?? null,
            tryDurationSeconds: seconds(h.load_balancing?.try_duration),
            dnsRefreshSeconds: seconds(h.dynamic_upstreams.refresh),
            passiveHealth: h.health_checks?.passive !== undefined,
          },
        };
      }
      for (const route of h.routes ?? []) {
        const inner = proxyOf(route.handle);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  for (const server of Object.values(servers)) {
    for (const route of server.routes) {
      const upstream = proxyOf(route.handle);
      if (!upstream) continue;
      for (const host of route.match?.[0]?.host ?? server.listen) found.set(host, upstream);
    }
  }
  return found;
}

/**
 * The repository-root files (outside every workspace) that `name`'s pruned workspaces read while
 * building: a tsconfig's `extends` and `../../…` paths in package scripts and build scripts. turbo
 * prune (run here for real) copies workspaces only, so a Dockerfile must copy these itself.
 */
function rootFilesReadBy(name: string): string[] {
  const out = mkdtempSync(path.join(tmpdir(), "prune-"));
  try {
    execFileSync(`${root}node_modules/.bin/turbo`, ["prune", name, "--docker", "--out-dir", out], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
    });
    const full = path.join(out, "full");
    const found = new Set<string>();
    for (const group of ["apps", "packages"]) {
      if (!existsSync(path.join(full, group))) continue;
      for (const workspace of readdirSync(path.join(full, group))) {
        const dir = path.join(full, group, workspace);
        const texts = ["package.json", "tsconfig.json"]
          .map((file) => path.join(dir, file))
          .concat(
            existsSync(path.join(dir, "scripts"))
              ? readdirSync(path.join(dir, "scripts")).map((f) => path.join(dir, "scripts", f))
              : [],
          )
          .filter((file) => existsSync(file) && statSync(file).isFile())
          .map((file) => readFileSync(file, "utf8"));
        for (const body of texts) {
          for (const [, relative] of body.matchAll(/["'\s](\.\.\/\.\.\/[\w./-]+)/g)) {
            const file = path.relative(full, path.resolve(dir, relative ?? ""));
            // Installed packages and build output come from npm install and the build itself.
            const made = file.startsWith("node_modules/") || file.includes("/dist/");
            if (
              !made &&
              !file.startsWith("..") &&
              !existsSync(path.join(full, file)) &&
              existsSync(path.join(root, file))
            ) {
              found.add(file);
            }
          }
        }
      }
    }
    return [...found].sort();
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

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

      it("copies the root files its build reads, which turbo prune leaves out", () => {
        const missing = rootFilesReadBy(name).filter((file) => !text.includes(`COPY --from=pruned /repo/${file} `));
        expect(missing, `${dockerfile} must copy these root files into the build stage`).toEqual([]);
      });

      it("is a compose service built from that Dockerfile", () => {
        const service = compose.services[name];
        expect(service?.build).toEqual({ context: "..", dockerfile });
        expect(service?.expose).toEqual([String(port)]);
      });
    });
  }

  it("serves each app on its own subdomain through the proxy, and keeps the API internal", () => {
    const upstreams = caddyUpstreams();
    // Caddy closes its idle connections to the instances before they would (a 502 otherwise). It
    // balances them as the rehearsal's proxy does, finds a gone instance as often as that proxy
    // checks, and counts no passive failures (PROXY_BALANCING, decision 074).
    const idle = {
      idleSeconds: PROXY_KEEP_ALIVE_SECONDS,
      balancing: {
        policy: "round_robin",
        tryDurationSeconds: PROXY_BALANCING.tryDurationSeconds,
        dnsRefreshSeconds: PROXY_BALANCING.healthIntervalSeconds,
        passiveHealth: false,
      },
    };
    expect(PROXY_KEEP_ALIVE_SECONDS * 1000).toBeLessThan(SERVER_KEEP_ALIVE_MS);
    for (const app of APP_IDS) {
      expect(upstreams.get(`${app}.exam.example.org`)).toEqual({
        name: app,
        port: String(DEFAULT_APP_PORTS[app]),
        ...idle,
      });
      const env = compose.services[app]?.environment ?? {};
      // The apps reach the API through Caddy's internal listener, which spreads them over its instances.
      expect(env.API_URL).toBe("http://proxy:4000");
      expect(env.PORT).toBe(String(DEFAULT_APP_PORTS[app]));
      expect(env[`${app.toUpperCase()}_ORIGIN`]).toMatch(new RegExp(`^https://${app}\\.`));
    }
    expect(upstreams.get(":4000")).toEqual({ name: "api", port: "4000", ...idle });
    // Port 4000 is the network's own: only 80 and 443 are published.
    expect((compose.services.proxy as { ports?: string[] }).ports).toEqual(["80:80", "443:443"]);
    // The bare domain is another name for the portal: it leads to the school app, never to a form of its own.
    expect(caddyfile).toContain(
      "{$PORTAL_DOMAIN}, www.{$PORTAL_DOMAIN} {\n\tredir https://school.{$PORTAL_DOMAIN}{uri} permanent\n}",
    );
    // The API's pool goes through PgBouncer; its presence locks straight to PostgreSQL (decision 066).
    const apiEnv = compose.services.api?.environment ?? {};
    expect(apiEnv.DATABASE_URL).toMatch(/^postgres:\/\/.+@pgbouncer:6432\/portal$/);
    expect(apiEnv.DATABASE_POOLER).toBe("pgbouncer");
    expect(apiEnv.DATABASE_DIRECT_URL).toMatch(/^postgres:\/\/.+@postgres:5432\/portal$/);
  });

  it("configures PgBouncer in transaction mode with JIT off, and the configuration runs", async () => {
    const pgbouncer = compose.services.pgbouncer as ComposeService & { build?: { context: string } };
    expect(pgbouncer.build).toEqual({ context: "./pgbouncer" });
    expect(pgbouncer.environment).toMatchObject({ DB_HOST: "postgres", DB_NAME: "portal", DB_USER: "portal" });
    // The entrypoint's own configuration, written and then run by Debian's PgBouncer in front of
    // the test server: a client gets through, in transaction mode, with JIT off.
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const binary = pgBouncerBinary();
    if (!binary) throw new Error(PGBOUNCER_MISSING);
    const target = new URL(url);
    const dir = mkdtempSync(path.join(tmpdir(), "pgbouncer-deploy-"));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    try {
      execFileSync(`${root}deploy/pgbouncer/entrypoint.sh`, [], {
        env: {
          PATH: process.env.PATH,
          PGBOUNCER_CONFIG_ONLY: "1",
          CONFIG_DIR: dir,
          DB_HOST: target.hostname,
          DB_PORT: target.port || "5432",
          DB_NAME: target.pathname.slice(1),
          DB_USER: decodeURIComponent(target.username || "postgres"),
          DB_PASSWORD: "deploy-test-secret",
          LISTEN_ADDR: "127.0.0.1",
          LISTEN_PORT: String(port),
        },
      });
      const ini = readFileSync(path.join(dir, "pgbouncer.ini"), "utf8");
      expect(ini).toContain("pool_mode = transaction");
      expect(ini).toContain("connect_query='set jit = off'");
      const root_ = process.getuid?.() === 0;
      if (root_) execFileSync("chmod", ["-R", "a+rX", dir]);
      const child = spawn(binary, [...(root_ ? ["-u", "nobody"] : []), path.join(dir, "pgbouncer.ini")], {
        stdio: "ignore",
      });
      try {
        const through = `postgres://${target.username || "postgres"}:deploy-test-secret@127.0.0.1:${port}${target.pathname}`;
        let answer: { jit: string } | undefined;
        for (let i = 0; i < 50 && !answer; i++) {
          const client = new pg.Client({ connectionString: through });
          try {
            await client.connect();
            answer = (await client.query<{ jit: string }>("show jit")).rows[0];
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 100));
          } finally {
            await client.end().catch(() => {});
          }
        }
        expect(answer).toEqual({ jit: "off" });
      } finally {
        child.kill("SIGTERM");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs two instances of the API and of each app (decision 068)", () => {
    for (const name of ["api", ...APP_IDS]) {
      const replicas = (compose.services[name] as { deploy?: { replicas?: string | number } }).deploy?.replicas;
      expect(Number(withDefaults(String(replicas))), name).toBe(2);
    }
    // Nothing that pins one container: no fixed names, no published ports of their own.
    for (const name of ["api", ...APP_IDS]) {
      const service = compose.services[name] as { container_name?: string; ports?: string[] };
      expect(service.container_name ?? service.ports, name).toBeUndefined();
    }
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
    // Prometheus scrapes from another container, which only a token lets in.
    expect(compose.services.api?.environment?.METRICS_TOKEN).toMatch(/^\$\{METRICS_TOKEN:\?/);
  });

  it("starts the API in production with a real payment provider and every secret given (decision 044)", () => {
    // Each required `${NAME:?…}` stands for the value the operator gives; the rest as compose fills it in.
    const given = (value: string) =>
      (withDefaults(value) ?? "").replace(
        /\$\{([A-Z_]+)(:\?[^}]*)?\}/g,
        (_match, name: string) => `given-${name}-0123456789`,
      );
    const env = Object.fromEntries(
      Object.entries(compose.services.api?.environment ?? {}).map(([name, value]) => [name, given(String(value))]),
    );
    expect(env.NODE_ENV).toBe("production");
    const result = apiEnvSchema.safeParse(env);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.data?.PAYMENT_PROVIDER).toBe("razorpay");
    const raw = readFileSync(`${root}deploy/compose.yaml`, "utf8");
    for (const name of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"]) {
      expect(raw).toContain(`\${${name}:?`);
    }
  });

  it("keeps the uploaded files in MinIO's bucket and the backups in a volume, and can back up from inside it", () => {
    const api = compose.services.api as ComposeService & { volumes?: string[] };
    const { UPLOAD_DIR, BACKUP_DIR, STORAGE_URL, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = api.environment ?? {};
    // Every API instance reads the files another stored (decision 065): none on the API's disk.
    expect(UPLOAD_DIR).toBeUndefined();
    expect(STORAGE_URL).toMatch(/^s3:\/\/portal-files\?endpoint=http:\/\/minio:9000&/);
    expect([S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY]).toEqual(
      ["MINIO_ROOT_USER", "MINIO_ROOT_PASSWORD"].map((name) => `\${${name}}`),
    );
    const minio = compose.services.minio as ComposeService & { volumes?: string[]; image?: string };
    expect(minio.image).toMatch(/^minio\/minio/);
    expect(minio.volumes).toEqual(["files:/data"]);
    expect(minio.environment?.MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?/);
    // The bucket STORAGE_URL names is the one created before the API starts.
    const bucket = (compose.services["minio-bucket"] as { entrypoint?: string[] }).entrypoint?.join(" ");
    expect(bucket).toContain("mc mb --ignore-existing portal/portal-files");
    expect(api.depends_on).toMatchObject({ "minio-bucket": { condition: "service_completed_successfully" } });
    expect(api.volumes).toEqual(["data:/data"]);
    expect(BACKUP_DIR).toMatch(/^\/data\/[a-z]+$/);
    const dockerfile = readFileSync(`${root}apps/api/Dockerfile`, "utf8");
    // pg_dump of the server's major version (postgres:15) and the command itself.
    expect(dockerfile).toContain("postgresql-client-15");
    expect(readFileSync(`${root}deploy/compose.yaml`, "utf8")).toContain("image: postgres:15");
    expect(dockerfile).toContain("COPY --from=pruned /repo/scripts/backup.ts ./scripts/");
    // Local disk stays the image's default for a single instance without STORAGE_URL.
    expect(dockerfile).toContain(`mkdir -p /data/uploads ${BACKUP_DIR} && chown -R node:node`);
  });
});
