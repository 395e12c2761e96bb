// What the shop itself saw during a measured run, read from its own /metrics (prom-client):
// how long its event loop was held up, and how many page answers took long inside the shop. A
// latency the load generator counts that the shop did not see was spent outside it: in the
// kernel's queues, in the generator, or waiting for a core the machine gave to someone else.
//
// prom-client's event-loop histogram (`monitorEventLoopDelay`, 10 ms resolution) starts again
// after every scrape, so a scrape just before a run and one just after it cover the run alone.

export interface ShopMetrics {
  /** Longest event-loop delay since the previous scrape, ms. */
  loopDelayMaxMs: number;
  /** 99th percentile of the event-loop delay since the previous scrape, ms. */
  loopDelayP99Ms: number;
  /** Page answers so far, by upper bound of the time the shop took for them (seconds; cumulative). */
  pageDurations: Map<number, number>;
  /** Garbage collections so far, by upper bound of their duration (seconds; cumulative, all kinds). */
  gcDurations: Map<number, number>;
}

export interface ShopMetricsWindow {
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
  pages: number;
  /** Page answers that took the shop longer than `slowMs`. */
  slowPages: number;
  slowMs: number;
  /** Collections longer than 10 ms. */
  longGcs: number;
}

function value(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

/** Cumulative bucket counts of a histogram, summed over the series whose labels match `labels`. */
function buckets(text: string, name: string, labels: RegExp): Map<number, number> {
  const out = new Map<number, number>();
  const line = new RegExp(`^${name}_bucket\\{([^}]*)\\} (\\S+)$`, "gm");
  for (const match of text.matchAll(line)) {
    const set = match[1] ?? "";
    if (!labels.test(set)) continue;
    const le = /le="([^"]+)"/.exec(set)?.[1];
    if (!le) continue;
    const bound = le === "+Inf" ? Number.POSITIVE_INFINITY : Number(le);
    out.set(bound, (out.get(bound) ?? 0) + Number(match[2]));
  }
  return out;
}

export async function readShopMetrics(url: string, token: string): Promise<ShopMetrics> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  return {
    loopDelayMaxMs: value(text, "nodejs_eventloop_lag_max_seconds") * 1000,
    loopDelayP99Ms: value(text, "nodejs_eventloop_lag_p99_seconds") * 1000,
    pageDurations: buckets(text, "http_request_duration_seconds", /kind="page"/),
    gcDurations: buckets(text, "nodejs_gc_duration_seconds", /./),
  };
}

/** Answers counted between two scrapes that took longer than `bound` seconds (a bucket's bound). */
function over(before: Map<number, number>, after: Map<number, number>, bound: number): number {
  const total = (m: Map<number, number>) => m.get(Number.POSITIVE_INFINITY) ?? 0;
  const within = (m: Map<number, number>) => m.get(bound) ?? 0;
  return total(after) - within(after) - (total(before) - within(before));
}

/** What the shop saw between two scrapes; the event loop's figures are the later scrape's own. */
export function shopWindow(before: ShopMetrics, after: ShopMetrics, slowMs = 25): ShopMetricsWindow {
  const all = (m: Map<number, number>) => m.get(Number.POSITIVE_INFINITY) ?? 0;
  return {
    loopDelayMaxMs: after.loopDelayMaxMs,
    loopDelayP99Ms: after.loopDelayP99Ms,
    pages: all(after.pageDurations) - all(before.pageDurations),
    slowPages: over(before.pageDurations, after.pageDurations, slowMs / 1000),
    slowMs,
    longGcs: over(before.gcDurations, after.gcDurations, 0.01),
  };
}
