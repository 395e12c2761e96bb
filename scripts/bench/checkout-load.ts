// The shoppers of `npm run bench -- --only f`, run as their own process (like load.ts):
// `node scripts/bench/checkout-load.ts '<CheckoutLoadSpec as JSON>'` prints one line of JSON
// (CheckoutLoadResult).
//
// Each of `shoppers` guests runs the API journey of a purchase over and over, back to back:
// new cart, add to cart (timed), shipping address, shipping method, billing address, payment
// method (invoice), place order with an Idempotency-Key (timed). Only journeys that start
// after the warm-up count.
import http from "node:http";
import { performance } from "node:perf_hooks";

export interface CheckoutLoadSpec {
  /** http://127.0.0.1:port */
  url: string;
  shoppers: number;
  /** seconds measured */
  duration: number;
  /** seconds of the same load before, not measured */
  warmup: number;
  /** what the shoppers buy, taken in turn; quantity × price must reach the invoice minimum */
  items: { sku: string; options: string[]; quantity: number }[];
}

export interface Latency {
  n: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

export interface CheckoutLoadResult {
  orders: number;
  seconds: number;
  ordersPerSecond: number;
  addToCart: Latency;
  placeOrder: Latency;
  journey: Latency;
  /** "<step> <status>" → count, every answer that was not a 200 */
  failures: Record<string, number>;
  errors: number;
}

const ADDRESS = {
  email: "bench.shopper@example.com",
  firstname: "Aino",
  lastname: "Virtanen",
  street: "Mannerheimintie 1",
  postcode: "00100",
  city: "Helsinki",
  country_code: "FI",
  telephone: "+358 40 123 4567",
};

const spec = JSON.parse(process.argv[2] ?? "{}") as CheckoutLoadSpec;
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.shoppers });
const target = new URL(spec.url);

function post(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: "POST",
        agent,
        headers: { Store: "en", "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

function summary(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN, mean: sum / sorted.length };
}

const addTimes: number[] = [];
const placeTimes: number[] = [];
const journeyTimes: number[] = [];
const failures: Record<string, number> = {};
let errors = 0;
let orders = 0;
let next = 0;

const start = performance.now();
const measureFrom = start + spec.warmup * 1000;
const end = measureFrom + spec.duration * 1000;

class StepFailed extends Error {}

async function step(name: string, path: string, body: unknown, headers: Record<string, string>) {
  const reply = await post(path, body, headers);
  if (reply.status !== 200) {
    failures[`${name} ${reply.status}`] = (failures[`${name} ${reply.status}`] ?? 0) + 1;
    throw new StepFailed(name);
  }
  return reply.text;
}

async function journey(shopper: number, round: number) {
  const began = performance.now();
  const counted = began >= measureFrom;
  const item = spec.items[next++ % spec.items.length];
  if (!item) throw new Error("no items to buy");
  const created = JSON.parse(await step("createEmptyCart", "/api/cart/createEmptyCart", {}, {})) as { cart_id: string };
  const cart = { cart: created.cart_id };
  const addStart = performance.now();
  await step("add", "/api/cart/", { product: { sku: item.sku, quantity: item.quantity, selected_options: item.options } }, cart);
  const added = performance.now() - addStart;
  await step("shippingAddress", "/api/checkout/shippingAddress", { address: ADDRESS }, cart);
  await step("shippingMethods", "/api/checkout/shippingMethods", { method_code: "home_delivery" }, cart);
  await step("billingAddress", "/api/checkout/billingAddress", { same_as_shipping: true }, cart);
  await step("paymentMethod", "/api/checkout/paymentMethod", { code: "invoice" }, cart);
  const placeStart = performance.now();
  await step("placeOrder", "/api/checkout/placeOrder", {}, { ...cart, "Idempotency-Key": `bench-${shopper}-${round}` });
  const done = performance.now();
  if (!counted || done > end) return;
  addTimes.push(added);
  placeTimes.push(done - placeStart);
  journeyTimes.push(done - began);
  orders++;
}

async function shopper(index: number) {
  for (let round = 0; performance.now() < end; round++) {
    try {
      await journey(index, round);
    } catch (error) {
      if (!(error instanceof StepFailed)) errors++;
    }
  }
}

await Promise.all(Array.from({ length: spec.shoppers }, (_, i) => shopper(i)));
agent.destroy();
const seconds = spec.duration;
const result: CheckoutLoadResult = {
  orders,
  seconds,
  ordersPerSecond: orders / seconds,
  addToCart: summary(addTimes),
  placeOrder: summary(placeTimes),
  journey: summary(journeyTimes),
  failures,
  errors,
};
console.log(JSON.stringify(result));
