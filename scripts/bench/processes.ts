// The child processes of `npm run bench`: shops (`node scripts/start.ts`, as an operator runs
// it), the bare ceiling server, the load generator and the seeder. Every child is registered
// here so that the bench stops all it started, also when it fails or is interrupted.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

const live = new Set<ChildProcess>();

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

function running(child: ChildProcess) {
  return child.exitCode === null && child.signalCode === null;
}

/** Spawns a Node child (the same Node 24 as this process), in `cwd` or the repository, and registers it for clean-up. */
export function spawnNode(
  args: string[],
  options: { env?: Record<string, string>; logFile?: string; pipe?: boolean; cwd?: string },
): ChildProcess {
  let stdio: ["ignore", "pipe" | number, "pipe" | number] = ["ignore", "pipe", "pipe"];
  let fd: number | undefined;
  if (options.logFile && !options.pipe) {
    // Output to a file, not a pipe: a shop must be able to finish its shutdown (and stop its
    // database) even if this process is gone.
    fd = fs.openSync(options.logFile, "a");
    stdio = ["ignore", fd, fd];
  }
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    stdio,
  });
  if (fd !== undefined) fs.closeSync(fd);
  live.add(child);
  child.once("exit", () => live.delete(child));
  return child;
}

/** SIGTERM, wait up to `ms`, then SIGKILL. */
export async function stopChild(child: ChildProcess, ms = 60_000): Promise<number | null> {
  if (!running(child)) return child.exitCode;
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  const result = await Promise.race([exited(child), timeout]);
  clearTimeout(timer);
  if (result === "timeout") {
    child.kill("SIGKILL");
    return exited(child);
  }
  return result;
}

/** Stops every child still running (in parallel; each is one of ours, by its pid). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stopChild(child, 30_000)));
}

/** Last resort when this process exits without having stopped its children. */
export function killAllSync() {
  for (const child of live) if (running(child)) child.kill("SIGTERM");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Memory {
  /** VmRSS, kB */
  rss: number;
  /** VmHWM (peak RSS), kB */
  peak: number;
}

export function memoryOf(pid: number): Memory | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  } catch {
    return null;
  }
}

/** Proportional set size (kB) of the embedded PostgreSQL server and its backends. */
export function postgresPss(dataDir: string): number | null {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, "pg/postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
  if (!postmaster) return null;
  const pids = [postmaster];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      total += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export interface Shop {
  label: string;
  url: string;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  log(): string;
  memory(): Memory | null;
  stop(): Promise<void>;
}

export interface ShopOptions {
  label: string;
  dataDir: string;
  logDir: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}

/** Starts `node scripts/start.ts` on a free loopback port and waits for /healthz. */
export async function startShop({ label, dataDir, logDir, env = {}, nodeArgs = [], readyTimeoutMs = 600_000 }: ShopOptions): Promise<Shop> {
  const port = await freePort();
  const logFile = path.join(logDir, `shop-${label.replace(/[^a-z0-9-]+/gi, "-")}-${port}.log`);
  const child = spawnNode([...nodeArgs, path.join(root, "scripts/start.ts")], {
    logFile,
    // The load generators ask at this address: the English store is published there, so its guest
    // pages are cached as a real shop's are at its public host (decision 0036).
    // The shoppers of a load run all come from 127.0.0.1: one client address making carts far beyond a real one's limit.
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL_EN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_CARTS_PER_ADDRESS: "off",
      RATE_LIMIT_CODES_PER_ADDRESS: "off",
      RATE_LIMIT_SEARCHES_PER_ADDRESS: "off",
      RATE_LIMIT_LOGINS_PER_ADDRESS: "off",
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const log = () => {
    try {
      return fs.readFileSync(logFile, "utf8").slice(-8000);
    } catch {
      return "";
    }
  };
  const shop: Shop = {
    label,
    url,
    pid: child.pid ?? 0,
    dataDir,
    child,
    log,
    memory: () => memoryOf(child.pid ?? 0),
    async stop() {
      const code = await stopChild(child);
      if (code !== 0) console.error(`  (the ${label} shop exited with ${code ?? child.signalCode}; log: ${logFile})`);
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (!running(child)) throw new Error(`the ${label} shop exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log()}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return shop;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stopChild(child);
  throw new Error(`the ${label} shop did not become healthy in ${readyTimeoutMs / 1000} s:\n${log()}`);
}

/** Runs a Node script to completion with piped output; rejects on a non-zero exit. */
export async function runNode(
  args: string[],
  { env, echo = false }: { env?: Record<string, string>; echo?: boolean } = {},
): Promise<string> {
  const child = spawnNode(args, { env, pipe: true });
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8");
  child.stderr?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    stdout += chunk;
    if (echo) process.stdout.write(chunk);
  });
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
    if (echo) process.stderr.write(chunk);
  });
  const code = await exited(child);
  if (code !== 0)
    throw new Error(`node ${args.join(" ")} exited with ${code ?? child.signalCode}:\n${stderr.trim() || stdout.slice(-4000)}`);
  return stdout;
}
