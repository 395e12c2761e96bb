// The installable shop over HTTP (decision 0030): each store's manifest from its own host, and
// the service worker's file served so that browsers always check for a new version.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { createApp } from "../app.ts";
import { createServices, type Services } from "../services.ts";

let database: TestDatabase;
let services: Services;
let clientDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await createServices(database.db, { STORE_DOMAINS: { en: "localhost", fi: "fi.localhost" } }, { pollMs: 0 });
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-client-"));
  fs.writeFileSync(path.join(clientDir, "sw.js"), `self.addEventListener("fetch", () => {}); // ${"x".repeat(600)}`);
  app = createApp({ services, clientDir, pages: async () => new Response("page", { headers: { "content-type": "text/html" } }) });
});

afterAll(async () => {
  await services.close();
  await database.drop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (host: string, pathname: string) => app.request(`http://${host}${pathname}`, { headers: { host } });

describe("the web app manifest", () => {
  it("names the store's app in its language, with the shop's colours and icons", async () => {
    const response = await get("localhost", "/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await response.json()).toEqual({
      id: "/",
      name: "Kauppa – clothing and outdoor gear",
      short_name: "Kauppa",
      description: "Clothing and outdoor gear from a Finnish brand.",
      lang: "en",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#1f5c4a",
      background_color: "#ffffff",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    });
  });

  it("is Finnish on the Finnish store's host", async () => {
    const manifest = await (await get("fi.localhost", "/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({
      name: "Kauppa – vaatteita ja ulkoiluvarusteita",
      description: "Suomalaisen merkin vaatteita ja ulkoiluvarusteita.",
      lang: "fi",
      start_url: "/",
    });
  });

  it("lets the page's policy load it and the worker (same origin)", async () => {
    const csp = (await get("localhost", "/manifest.webmanifest")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/worker-src 'self'/);
  });
});

describe("the service worker's file", () => {
  it("is served no-cache with the whole shop as its allowed scope", async () => {
    const response = await get("localhost", "/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("service-worker-allowed")).toBe("/");
  });

  it("is no-cache compressed too", async () => {
    const response = await app.request("http://localhost/sw.js", { headers: { host: "localhost", "accept-encoding": "gzip" } });
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });
});
