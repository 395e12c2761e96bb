// The HTTP layer around the pages: what never reaches a page render, compression, headers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-db.ts";
import { createApp } from "./app.ts";
import { createServices, type Services } from "./services.ts";

let database: TestDatabase;
let services: Services;
let clientDir: string;
let renders: string[];
let app: ReturnType<typeof createApp>;
const METRICS_TOKEN = "a-metrics-token-of-at-least-32-characters";

beforeAll(async () => {
  database = await createTestDatabase();
  services = await createServices(
    database.db,
    { STORE_DOMAINS: { en: "localhost", fi: "fi.localhost" }, METRICS_TOKEN: METRICS_TOKEN },
    { pollMs: 0 },
  );
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "assets/app-abc123.js"), `console.log(${JSON.stringify("x".repeat(2000))});`);
  renders = [];
  app = createApp({
    services,
    clientDir,
    pages: async (request, _services, store) => {
      renders.push(`${store} ${new URL(request.url).pathname}`);
      return new Response(`<html><body>${"page ".repeat(500)}</body></html>`, { headers: { "content-type": "text/html" } });
    },
  });
});

afterAll(async () => {
  await services.close();
  await database.drop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("files and pages", () => {
  it("serves hashed assets with an immutable cache header", async () => {
    const response = await app.request("http://localhost/assets/app-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it.each(["/favicon.ico", "/assets/missing-123.js", "/images/nothing.png", "/apple-touch-icon.png"])(
    "answers a missing file %s with a cheap 404, never a page render",
    async (file) => {
      const response = await app.request(`http://localhost${file}`);
      expect(response.status).toBe(404);
      expect(renders).not.toContain(`en ${file}`);
    },
  );

  it("hands page paths and React Router data requests to the pages, with the store of the host", async () => {
    await app.request("http://fi.localhost/c/naiset");
    await app.request("http://localhost/p/some-product.data");
    expect(renders).toEqual(expect.arrayContaining(["fi /c/naiset", "en /p/some-product.data"]));
  });

  it("compresses text responses", async () => {
    const response = await app.request("http://localhost/c/women", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("sets security headers on every response", async () => {
    const response = await app.request("http://localhost/");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("exposes Prometheus metrics to the holder of the metrics token", async () => {
    await app.request("http://localhost/healthz");
    const body = await (await app.request("http://localhost/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(body).toContain("http_request_duration_seconds_count");
    expect(body).toContain("process_cpu_user_seconds_total");
  });
});
