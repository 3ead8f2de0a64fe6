import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../..", import.meta.url));
const schoolDir = `${root}apps/school`;

/** A free TCP port on this machine. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface SchoolServer {
  /** The configured origin (SCHOOL_ORIGIN): the app answers other host names with a redirect to it. */
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The school app served as tests need it: its production server (`packages/remix-app/src/cli.ts`
 * over the build of `npm run build`) or Vite's dev server, on a free port, resolved once it answers.
 */
export async function startSchoolServer(
  env: Record<string, string>,
  options: { vite?: boolean } = {},
): Promise<SchoolServer> {
  if (!existsSync(`${schoolDir}/build/server/index.js`)) throw new Error("Build the apps first: npx turbo run build");
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const [command, args] = options.vite
    ? [`${root}node_modules/.bin/remix`, ["vite:dev"]]
    : [`${root}node_modules/.bin/tsx`, [`${root}packages/remix-app/src/cli.ts`, "school"]];
  let output = "";
  const child = spawn(command, args, {
    cwd: schoolDir,
    env: { ...process.env, PORT: String(port), SCHOOL_ORIGIN: origin, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 400) throw new Error(`the school app's server did not start: ${output}`);
    // Any answer will do: Vite's dev server answers /healthz only once the app's routes load.
    const answered = await fetch(`${origin}/healthz`).then(
      (response) => response.ok || Boolean(options.vite),
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
