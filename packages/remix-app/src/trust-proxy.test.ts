import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { parseEnv } from "@repo/contracts/env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress } from "../../../apps/api/src/kernel/http/client-ip";
import { appEnvSchema } from "../../auth/src/env";
import { type SchoolServer, startSchoolServer } from "./testing/app-server";

/** The API's own default: it believes the app servers on this machine (TRUSTED_PROXIES). */
const API_TRUSTED = ["127.0.0.1", "::1"];

/** A stand-in for the API that notes what each sign-in call carried, and refuses it. */
async function recordingApi() {
  const seen: { peer: string | undefined; forwardedFor: string | undefined }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    seen.push({ peer: req.socket.remoteAddress, forwardedFor: req.headers["x-forwarded-for"] as string | undefined });
    req.resume();
    res.writeHead(401, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ status: false, message: "Wrong username or password." }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

/**
 * The address the API's per-client sign-in limit counts a browser under, when the browser's own
 * proxy (this test, on loopback) says the browser is `forwardedFor`.
 */
async function addressTheLimitsSee(
  app: { origin: string },
  api: Awaited<ReturnType<typeof recordingApi>>,
  forwardedFor: string,
) {
  const before = api.seen.length;
  const response = await fetch(`${app.origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: app.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": forwardedFor,
    },
    body: new URLSearchParams({ username: "school", password: "wrong-password" }),
  });
  await response.arrayBuffer();
  const call = api.seen[before];
  if (!call) throw new Error(`the app made no sign-in call to the API (answered ${response.status})`);
  return clientAddress(call.peer, call.forwardedFor, API_TRUSTED);
}

describe("TRUST_PROXY: which proxy an app believes about the browser's address", () => {
  it("is parsed once: a hop count as a number, addresses, ranges and names as a list", () => {
    const trust = (TRUST_PROXY: string) => parseEnv("school", appEnvSchema("school"), { TRUST_PROXY }).TRUST_PROXY;
    expect(trust("1")).toBe(1);
    expect(trust(" 2 ")).toBe(2);
    expect(trust("0")).toBe(0);
    expect(trust("127.0.0.1")).toEqual(["127.0.0.1"]);
    expect(trust("172.30.10.0/24, ::1")).toEqual(["172.30.10.0/24", "::1"]);
    expect(trust("loopback, uniquelocal")).toEqual(["loopback", "uniquelocal"]);
    expect(parseEnv("school", appEnvSchema("school"), {}).TRUST_PROXY).toEqual(["loopback"]);
    for (const bad of ["true", "proxy.example.org", "10.0.0.0/33", "1.5", "-1", "1, 10.0.0.1"]) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY is .*: must be a hop count/);
    }
  });

  describe("the address the API's limits see, through the app's server", () => {
    const apps: Record<string, SchoolServer> = {};
    let api: Awaited<ReturnType<typeof recordingApi>>;
    const configs = ["1", "127.0.0.1", "127.0.0.0/8", "10.9.9.9"];

    beforeAll(async () => {
      api = await recordingApi();
      // Side by side: each is a process start of a few seconds.
      const started = await Promise.all(
        configs.map((TRUST_PROXY) =>
          startSchoolServer({ NODE_ENV: "development", API_URL: api.url, TRUST_PROXY, LOG_LEVEL: "warn" }),
        ),
      );
      configs.forEach((config, i) => {
        apps[config] = started[i] as SchoolServer;
      });
    }, 120_000);
    afterAll(async () => {
      await Promise.all(Object.values(apps).map((app) => app.stop()));
      await new Promise((resolve) => api?.server.close(resolve));
    });

    const app = (config: string) => apps[config] as { origin: string };

    it("with a hop count: the browser's address one proxy back, not the proxy's", async () => {
      expect(await addressTheLimitsSee(app("1"), api, "198.51.100.7")).toBe("198.51.100.7");
      // One hop is believed: what the browser wrote in front of its proxy's entry is not.
      expect(await addressTheLimitsSee(app("1"), api, "203.0.113.66, 198.51.100.8")).toBe("198.51.100.8");
    });

    it("with the proxy's address", async () => {
      expect(await addressTheLimitsSee(app("127.0.0.1"), api, "198.51.100.9")).toBe("198.51.100.9");
    });

    it("with the proxies' CIDR range", async () => {
      expect(await addressTheLimitsSee(app("127.0.0.0/8"), api, "198.51.100.10")).toBe("198.51.100.10");
    });

    it("not from a peer outside the list: then the peer itself is the client", async () => {
      expect(await addressTheLimitsSee(app("10.9.9.9"), api, "198.51.100.11")).toBe("127.0.0.1");
    });
  });
});
