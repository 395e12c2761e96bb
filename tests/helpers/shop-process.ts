// Runs the shop as its own process (`node scripts/start.ts`), as an operator would.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "../../server/db/embedded.ts";
import { TEST_RATE_LIMITS_ENV } from "./rate-limits.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface ShopProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then wait for the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

export async function startShopProcess(env: Record<string, string>, { waitReady = true } = {}): Promise<ShopProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.ts")], {
    cwd: root,
    // Every test's requests come from 127.0.0.1: limits far above any suite unless a test sets its own.
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...TEST_RATE_LIMITS_ENV, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // A host a store is published at (STORE_DOMAINS on this port): pages asked for elsewhere are never cached.
  const url = `http://localhost:${port}`;
  const shop: ShopProcess = {
    port,
    url,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  if (!waitReady) return shop;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return shop;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`the shop did not become healthy:\n${output}`);
}
