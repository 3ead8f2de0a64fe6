import { Agent, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { outlastIdleClients } from "@repo/contracts/keep-alive";
import express from "express";
import { expect, it } from "vitest";

// The app's server (cli.ts) keeps an idle connection longer than Node's 5 s, so that Caddy, which
// reuses its idle connections for up to PROXY_KEEP_ALIVE_SECONDS, is the one to close them: the
// season rehearsal met 502s ("connection reset by peer") on POSTs with Node's default.
it("keeps an idle keep-alive connection open past Node's default, as the app's server does", async () => {
  const app = express().get("/healthz", (_req, res) => {
    res.send("ok");
  });
  const server: Server = await new Promise((resolve) => {
    const listening = outlastIdleClients(app.listen(0, "127.0.0.1", () => resolve(listening)));
  });
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const request = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = get(`http://127.0.0.1:${port}/healthz`, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on("error", reject);
    });
  try {
    expect(await request()).toEqual({ status: 200, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await request()).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}, 20_000);
