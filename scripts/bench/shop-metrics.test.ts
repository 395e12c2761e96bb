import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { readShopMetrics, shopWindow } from "./shop-metrics.ts";

const TOKEN = "t".repeat(32);

/** prom-client's text for a shop that has answered `pages` page requests, `slow` of them over 25 ms. */
function exposition({ pages, slow, longGcs, lagMax }: { pages: number; slow: number; longGcs: number; lagMax: number }) {
  const fast = pages - slow;
  return [
    "# HELP nodejs_eventloop_lag_max_seconds The maximum recorded event loop delay.",
    "# TYPE nodejs_eventloop_lag_max_seconds gauge",
    `nodejs_eventloop_lag_max_seconds ${lagMax}`,
    "nodejs_eventloop_lag_p99_seconds 0.0125",
    `nodejs_gc_duration_seconds_bucket{le="0.001",kind="minor"} 40`,
    `nodejs_gc_duration_seconds_bucket{le="0.01",kind="minor"} 50`,
    `nodejs_gc_duration_seconds_bucket{le="+Inf",kind="minor"} 50`,
    `nodejs_gc_duration_seconds_bucket{le="0.01",kind="major"} 2`,
    `nodejs_gc_duration_seconds_bucket{le="+Inf",kind="major"} ${2 + longGcs}`,
    `http_request_duration_seconds_bucket{le="0.025",kind="page",method="GET",status="2xx"} ${fast}`,
    `http_request_duration_seconds_bucket{le="0.05",kind="page",method="GET",status="2xx"} ${pages}`,
    `http_request_duration_seconds_bucket{le="+Inf",kind="page",method="GET",status="2xx"} ${pages}`,
    // Other kinds of answers are not pages.
    `http_request_duration_seconds_bucket{le="0.025",kind="api",method="GET",status="2xx"} 0`,
    `http_request_duration_seconds_bucket{le="+Inf",kind="api",method="GET",status="2xx"} 7`,
    "",
  ].join("\n");
}

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A stand-in shop whose /metrics answers the given texts in turn, only with the token. */
async function shop(texts: string[]): Promise<string> {
  server = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return void response.writeHead(401).end();
    response.writeHead(200, { "content-type": "text/plain" }).end(texts.shift());
  });
  await new Promise<void>((listening) => server?.listen(0, "127.0.0.1", listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("what the shop saw between two scrapes", () => {
  it("counts the pages, the slow ones and the long collections of the window, and takes the loop's delay from the later scrape", async () => {
    const url = await shop([
      exposition({ pages: 100, slow: 3, longGcs: 1, lagMax: 0.5 }),
      exposition({ pages: 2_100, slow: 5, longGcs: 2, lagMax: 0.031 }),
    ]);
    const saw = shopWindow(await readShopMetrics(url, TOKEN), await readShopMetrics(url, TOKEN));
    expect(saw).toEqual({ loopDelayMaxMs: 31, loopDelayP99Ms: 12.5, pages: 2_000, slowPages: 2, slowMs: 25, longGcs: 1 });
  });

  it("says so when the shop refuses the token", async () => {
    const url = await shop([]);
    await expect(readShopMetrics(url, "wrong")).rejects.toThrow("/metrics answered 401");
  });
});
