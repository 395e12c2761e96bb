// DATA_DIR inside a closed folder (mode 0700), as in a home folder. Root in its own home is the
// everyday case in containers: the embedded database runs as user "postgres", which cannot
// enter DATA_DIR there, so its cluster lives in a folder of its own under /var/lib/kauppa, the
// same one on every start. Any other user runs the database as itself, in DATA_DIR.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterHome } from "../../server/db/embedded.ts";
import { embeddedClient } from "../helpers/embedded-client.ts";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";

const asRoot = os.userInfo().uid === 0;

describe(`the shop started by ${asRoot ? "root" : "a user"} with DATA_DIR in a closed folder`, () => {
  let closed: string;
  let dataDir: string;
  const started: ShopProcess[] = [];
  const start = async () => {
    const shop = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    started.push(shop);
    return shop;
  };
  beforeAll(() => {
    closed = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-home-"));
    fs.chmodSync(closed, 0o700);
    dataDir = path.join(closed, "kauppa", "data");
  });
  afterAll(async () => {
    // A failed assertion must not leave a shop (and its database) running.
    for (const shop of started) await shop.stop();
    if (fs.existsSync(dataDir)) {
      const { home, moved } = clusterHome(dataDir);
      if (moved) fs.rmSync(home, { recursive: true, force: true });
    }
    fs.rmSync(closed, { recursive: true, force: true });
  });

  it("serves, says where its database lives, and keeps its data across a restart", async () => {
    const first = await start();
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${first.url}/api/core/storeconfig`)).status).toBe(200);
    const { home, moved } = clusterHome(dataDir);
    if (asRoot) {
      expect(moved).toBe(true);
      expect(home.startsWith("/var/lib/kauppa/")).toBe(true);
      expect(first.output()).toContain(`its cluster lives in ${path.join(home, "pg")}`);
      expect(fs.readFileSync(path.join(home, "DATA_DIR"), "utf8").trim()).toBe(fs.realpathSync(dataDir));
    } else {
      expect(moved).toBe(false);
      expect(fs.existsSync(path.join(dataDir, "pg", "PG_VERSION"))).toBe(true);
      expect(first.output()).not.toContain("its cluster lives in");
    }
    expect((fs.statSync(closed).mode & 0o777).toString(8)).toBe("700"); // the operator's folder is left as it was

    const { client } = embeddedClient(dataDir);
    await client.connect();
    await client.query("INSERT INTO data_versions (name, version) VALUES ('closed-folder', 7)");
    await client.end();
    expect(await first.stop()).toBe(0);

    const again = await start();
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    const check = embeddedClient(dataDir).client;
    await check.connect();
    const row = await check.query("SELECT version::int AS version FROM data_versions WHERE name = 'closed-folder'");
    const products = await check.query("SELECT count(*)::int AS n FROM products");
    await check.end();
    expect(row.rows[0]?.version).toBe(7);
    expect(products.rows[0]?.n).toBeGreaterThan(300); // demo data loaded once, on the first start
    expect(again.output()).not.toContain("loading demo data");
    expect(await again.stop()).toBe(0);
  }, 300_000);
});
