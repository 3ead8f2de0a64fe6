// The rehearsal's processes: every one it starts is registered here, so that the end of the run,
// Ctrl-C or a failure stops them all; and their CPU, read from /proc, per logical name (an API
// instance killed and started again is one name with two processes).
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { openSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CLOCK_TICKS } from "../load";

const execFileAsync = promisify(execFile);

export interface Started {
  name: string;
  child: ChildProcess;
}

/** utime + stime of a process, and of its waited-for children (cutime + cstime), in clock ticks. */
function ticksOf(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    return {
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/** The pids whose parent is `pid` (PostgreSQL's backends, checkpointer and the like). */
function childrenOf(pid: number): number[] {
  try {
    // The kernel's list of a thread's children (the postmaster has one thread), else a scan of /proc.
    const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return listed ? listed.split(/\s+/).map(Number) : [];
  } catch {
    // below
  }
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const t = ticksOf(Number(entry));
    if (t?.ppid === pid) found.push(Number(entry));
  }
  return found;
}

/**
 * CPU seconds per logical process, sampled once a second so that a process's last figures are
 * kept after it is killed. A `tree` process (PostgreSQL's postmaster) counts its live children and
 * the ones it has waited for.
 */
export class CpuMeter {
  /** name → pid → last ticks seen. */
  private readonly seen = new Map<string, Map<number, number>>();
  private readonly tracked = new Map<string, { pid: number; tree: boolean }>();
  private timer: NodeJS.Timeout | undefined;
  /** The machine's 1-minute load average, once a second (2 cores: above 2 means waiting for a core). */
  private readonly load: number[] = [];

  track(name: string, pid: number, tree = false) {
    this.tracked.set(name, { pid, tree });
    this.sample();
  }

  start() {
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  sample() {
    this.load.push(loadavg()[0] ?? 0);
    for (const [name, { pid, tree }] of this.tracked) {
      const own = ticksOf(pid);
      if (!own) continue;
      let ticks = own.own + (tree ? own.children : 0);
      if (tree) for (const child of childrenOf(pid)) ticks += ticksOf(child)?.own ?? 0;
      const pids = this.seen.get(name) ?? new Map<number, number>();
      this.seen.set(name, pids);
      pids.set(pid, ticks);
    }
  }

  loadAverage(): { avg: number; peak: number } {
    const avg = this.load.reduce((a, b) => a + b, 0) / Math.max(1, this.load.length);
    return { avg: Math.round(avg * 100) / 100, peak: Math.round(Math.max(0, ...this.load) * 100) / 100 };
  }

  /** CPU seconds of each name so far (every process it has had). */
  totals(): Record<string, number> {
    this.sample();
    const out: Record<string, number> = {};
    for (const [name, pids] of this.seen) {
      let ticks = 0;
      for (const value of pids.values()) ticks += value;
      out[name] = ticks / CLOCK_TICKS;
    }
    return out;
  }
}

/** Every child process of the run, stopped in reverse order at the end (SIGTERM, then SIGKILL). */
export class Processes {
  private readonly children: Started[] = [];
  /** Commands to run at the end whatever happened (pg_ctl stop). */
  private readonly finalizers: { name: string; run: () => void | Promise<void> }[] = [];
  private stopped = false;
  private readonly expected = new WeakSet<ChildProcess>();
  /** Processes that ended while nobody stopped them (an API that crashed when PostgreSQL restarted). */
  readonly unexpectedExits: string[] = [];

  constructor(readonly logDir: string) {}

  /** Stops a process on purpose, with `signal` (SIGKILL: the rehearsal's kill), and forgets it. */
  async stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
    this.expected.add(child);
    await stopChild(child, signal);
    this.forget(child);
  }

  spawn(name: string, command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
    const log = openSync(path.join(this.logDir, `${name}.log`), "a");
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", log, log],
    });
    const started = { name, child };
    this.children.push(started);
    child.on("exit", (code, signal) => {
      if (!this.stopped && !this.expected.has(child)) {
        this.unexpectedExits.push(`${name} (pid ${child.pid}) exited by itself: ${signal ?? `code ${code}`}`);
      }
    });
    return started;
  }

  /** Forgets a process that exited (one killed on purpose and started again). */
  forget(child: ChildProcess) {
    const at = this.children.findIndex((c) => c.child === child);
    if (at >= 0) this.children.splice(at, 1);
  }

  atEnd(name: string, run: () => void | Promise<void>) {
    this.finalizers.push({ name, run });
  }

  async stopAll() {
    if (this.stopped) return;
    this.stopped = true;
    for (const { child } of [...this.children].reverse()) await stopChild(child);
    for (const { name, run } of [...this.finalizers].reverse()) {
      try {
        await run();
      } catch (error) {
        console.error(`rehearsal: stopping ${name} failed: ${(error as Error).message}`);
      }
    }
  }
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { encoding: "utf8", env: env ?? process.env });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * `run`, without blocking: while a long step runs (initdb, pg_basebackup) the process still takes
 * Ctrl-C and stops what it started (a blocked process was killed with its PostgreSQL left running).
 */
export async function runAsync(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, { encoding: "utf8", env: env ?? process.env });
    return stdout;
  } catch (error) {
    const failed = error as { code?: number; stderr?: string; stdout?: string };
    throw new Error(`${command} ${args.join(" ")} failed (${failed.code}): ${failed.stderr || failed.stdout}`);
  }
}

/** Waits until `url` answers 2xx, or throws after `ms`; fails at once when `child` exits. */
export async function waitHealthy(url: string, ms: number, child?: ChildProcess, name = url) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} while starting`);
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${Math.round(ms / 1000)} s`);
}
