// The load generator of `npm run bench`, run as its own process so that it does not share
// the shop's event loop: `node scripts/bench/load.ts '<LoadSpec as JSON>'` prints one line
// of JSON (LoadResult).
//
// Modes:
//  - "max":   autocannon, closed loop: `connections` connections, each sending its next
//             request as soon as the previous answer arrived (the throughput maximum).
//  - "rate":  autocannon with `overallRate`. Note: autocannon gives each connection a quota
//             per one-second window that it spends back to back from the start of the window,
//             so the offered load comes in bursts once a second.
//  - "paced": an open-loop generator: requests start at evenly spaced instants (`rate` per
//             second) over a keep-alive pool of `connections` sockets; latency is counted from
//             the planned start, so a request that had to wait for a free socket counts that wait.
// Latency is measured here from autocannon's per-response event (sub-millisecond; autocannon's
// own histogram has whole milliseconds).
import http from "node:http";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

export interface LoadSpec {
  mode: "max" | "rate" | "paced";
  /** http://127.0.0.1:port */
  url: string;
  /** Paths taken in turn (round-robin) by every connection. */
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  /** seconds measured */
  duration: number;
  /** seconds of the same load before, not measured */
  warmup: number;
  /** requests per second, for "rate" and "paced" */
  rate?: number;
  /** GET unless told (the engagement API's queries are POSTs) */
  method?: "GET" | "POST";
}

export interface LoadResult {
  mode: LoadSpec["mode"];
  requests: number;
  seconds: number;
  rps: number;
  /** milliseconds */
  latency: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
  /** autocannon's own figures (whole milliseconds; corrected for coordinated omission in "rate") */
  autocannon?: { p50: number; p99: number };
  statuses: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** x-cache response header values seen (pages), "none" when absent */
  xcache: Record<string, number>;
  /** mean bytes read per response (headers and body) */
  bytesPerResponse: number;
  /**
   * "paced" only: how late this generator itself sent its requests after their planned instants
   * (ms; its own event loop or a core it did not get). That lateness is in `latency` too.
   */
  sendLateness?: { p99: number; max: number };
}

interface AutocannonResult {
  duration: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (options: Record<string, unknown>, done: (error: Error | null, result: AutocannonResult) => void) => AutocannonInstance;

const require = createRequire(import.meta.url);
const autocannon = require("autocannon") as Autocannon;

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

class Samples {
  private values = new Float64Array(1 << 16);
  private n = 0;
  add(ms: number) {
    if (this.n === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.n++] = ms;
  }
  summary() {
    const sorted = this.values.slice(0, this.n).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    return {
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
      mean: sorted.length ? sum / sorted.length : Number.NaN,
    };
  }
}

function runAutocannon(spec: LoadSpec, seconds: number, measure: boolean): Promise<LoadResult> {
  const samples = new Samples();
  const xcache: Record<string, number> = {};
  let bytes = 0;
  let responses = 0;
  const onResponse = (_status: number, _body: string, _context: unknown, headers: Record<string, string | string[]>) => {
    let value = "none";
    for (const [name, v] of Object.entries(headers)) if (name.toLowerCase() === "x-cache") value = String(v);
    xcache[value] = (xcache[value] ?? 0) + 1;
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: seconds,
        headers: spec.headers,
        requests: spec.paths.map((path) => ({ method: spec.method ?? "GET", path, onResponse })),
        ...(spec.mode === "rate" && spec.rate ? { overallRate: Math.max(1, Math.round(spec.rate)) } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
        resolve({
          mode: spec.mode,
          requests: result.requests.total,
          seconds: result.duration,
          rps: result.requests.total / result.duration,
          latency: samples.summary(),
          autocannon: { p50: result.latency.p50, p99: result.latency.p99 },
          statuses,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          xcache,
          bytesPerResponse: responses ? bytes / responses : 0,
        });
      },
    );
    instance.on("response", (_client, status, resBytes, ms) => {
      if (!measure) return;
      responses++;
      bytes += resBytes;
      if (status >= 200 && status < 300) samples.add(ms);
    });
  });
}

function runPaced(spec: LoadSpec): Promise<LoadResult> {
  const rate = spec.rate ?? 1;
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections, maxFreeSockets: spec.connections });
  const target = new URL(spec.url);
  const samples = new Samples();
  const statuses: Record<string, number> = {};
  const xcache: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  let responses = 0;
  let inFlight = 0;
  const interval = 1000 / rate;
  const start = performance.now();
  const measureFrom = start + spec.warmup * 1000;
  const end = measureFrom + spec.duration * 1000;
  let planned = 0;
  let sent = 0;
  const lateness = new Samples();

  return new Promise((resolve) => {
    let ticking = true;
    const finishIfDone = () => {
      if (ticking || inFlight > 0) return;
      const late = lateness.summary();
      agent.destroy();
      const seconds = spec.duration;
      const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
      const non2xx = Object.entries(statuses).reduce((n, [code, count]) => (code.startsWith("2") ? n : n + count), 0);
      resolve({
        mode: "paced",
        requests,
        seconds,
        rps: requests / seconds,
        latency: samples.summary(),
        statuses,
        non2xx,
        errors,
        timeouts,
        xcache,
        bytesPerResponse: responses ? bytes / responses : 0,
        sendLateness: { p99: late.p99, max: late.max },
      });
    };
    const send = (plannedAt: number) => {
      const measured = plannedAt >= measureFrom;
      if (measured) lateness.add(performance.now() - plannedAt);
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        inFlight--;
        return true;
      };
      inFlight++;
      sent++;
      const path = spec.paths[sent % spec.paths.length] ?? "/";
      const request = http.request(
        { agent, host: target.hostname, port: target.port, path, method: spec.method ?? "GET", headers: spec.headers, timeout: 10_000 },
        (response) => {
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
          });
          response.on("end", () => {
            const ms = performance.now() - plannedAt;
            if (!settle()) return;
            if (measured) {
              const code = String(response.statusCode);
              statuses[code] = (statuses[code] ?? 0) + 1;
              const cache = response.headers["x-cache"];
              const value = typeof cache === "string" ? cache : "none";
              xcache[value] = (xcache[value] ?? 0) + 1;
              responses++;
              bytes += size;
              if (code.startsWith("2")) samples.add(ms);
            }
            finishIfDone();
          });
        },
      );
      request.on("timeout", () => {
        if (measured) timeouts++;
        request.destroy(new Error("timeout"));
      });
      request.on("error", () => {
        if (!settle()) return;
        if (measured) errors++;
        finishIfDone();
      });
      request.end();
    };
    const timer = setInterval(() => {
      const now = performance.now();
      while (start + planned * interval <= now) {
        const at = start + planned * interval;
        if (at >= end) {
          clearInterval(timer);
          ticking = false;
          finishIfDone();
          return;
        }
        planned++;
        send(at);
      }
    }, 1);
  });
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
  let result: LoadResult;
  if (spec.mode === "paced") {
    result = await runPaced(spec);
  } else {
    if (spec.warmup > 0) await runAutocannon(spec, spec.warmup, false);
    result = await runAutocannon(spec, spec.duration, true);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
