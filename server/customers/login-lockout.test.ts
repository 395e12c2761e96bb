// Failed logins slow the guesser, never lock the owner out (issue 36, decision 0067). The lock
// counts per account and client: a browser the owner has logged in from before (its
// login_device cookie) is never refused for what others typed, and another client gets past the
// account's own wait by answering the check against bots. Every attempt, right or wrong, counts
// under the client address's login limit (each one costs a deliberate hash).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COOKIES } from "../../lib/cookies.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

const GOOD = "Tuuli-Puu7";
let shop: TestShop;
let frozenAt = Date.now();
const clock = () => frozenAt;
const later = (ms: number) => {
  frozenAt += ms;
};

beforeAll(async () => {
  // Behind one trusted proxy: each test names its clients' addresses in X-Forwarded-For.
  shop = await createTestShop({ clock, config: { TRUSTED_PROXY_HOPS: 1 } });
});
afterAll(() => shop?.close());
beforeEach(() => {
  frozenAt = Date.now();
});
afterEach(() => shop.database.pool.query("DELETE FROM throttles"));

let serial = 0;
async function confirmedCustomer(): Promise<string> {
  const email = `omistaja.${process.pid}.${Date.now()}.${++serial}@example.com`;
  const store = await shop.services.catalog.store("en");
  if (!store) throw new Error("no store");
  const { id } = await shop.services.customers.register(store, {
    firstname: "Olli",
    lastname: "Omistaja",
    email,
    newPassword: GOOD,
    confirmPassword: GOOD,
  });
  await shop.database.pool.query("UPDATE customers SET confirmed_at = now() WHERE id = $1", [id]);
  return email;
}

interface Attempt {
  address: string;
  device?: string;
  captcha?: string;
}

async function login(email: string, password: string, { address, device, captcha }: Attempt) {
  const response = await shop.request("/api/auth/login", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": address,
      ...(device ? { cookie: `${COOKIES.loginDevice}=${device}` } : {}),
    },
    body: JSON.stringify({ email, password, ...(captcha ? { captcha } : {}) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the error array or the token, checked by the assertions
  const body = (await response.json()) as any;
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${COOKIES.loginDevice}=`));
  return { status: response.status, body, device: cookie?.split(";")[0]?.split("=")[1] };
}

/** What a guesser at one address does: wrong passwords until refused, and on while refused. */
async function guess(email: string, address: string, times: number) {
  for (let i = 0; i < times; i++) {
    await login(email, `Wrong-Pass${i}`, { address });
    later(20_000);
  }
}

/** What a guesser with many addresses does: one wrong password from each. */
async function guessFromMany(email: string, addresses: number) {
  for (let i = 0; i < addresses; i++) await login(email, "Wrong-Pass9", { address: `203.0.113.${100 + i}` });
}

describe("someone who knows the owner's email", () => {
  it("is refused at their own address after ten wrong passwords, while the owner's browser still logs in", async () => {
    const email = await confirmedCustomer();
    const first = await login(email, GOOD, { address: "198.51.100.10" });
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await guess(email, "203.0.113.66", 30);
    const guesser = await login(email, GOOD, { address: "203.0.113.66" });
    expect(guesser.status).toBe(429);
    expect(guesser.body[0].code).toBe("login_throttled");

    // The owner's browser, at home or anywhere else: in at once, and its key is kept.
    const home = await login(email, GOOD, { address: "198.51.100.10", device: first.device });
    expect(home.status).toBe(200);
    expect(home.device).toBe(first.device);
    expect((await login(email, GOOD, { address: "192.0.2.44", device: first.device })).status).toBe(200);
  });

  it("makes a new client answer the check against bots, which then lets the owner in", async () => {
    const email = await confirmedCustomer();
    await guessFromMany(email, 20);
    const asked = await login(email, GOOD, { address: "198.51.100.11" });
    expect(asked.status).toBe(429);
    expect(asked.body[0]).toMatchObject({ code: "login_check_required", field: "captcha" });
    expect(asked.body[0].message).toBe(
      "There have been too many failed logins to this account. Please confirm that you are not a robot, and log in again.",
    );
    const wrongAnswer = await login(email, GOOD, { address: "198.51.100.11", captcha: "bm90IGFuIGFuc3dlcg" });
    expect(wrongAnswer.status).toBe(400);
    expect(wrongAnswer.body[0].code).toBe("captcha_failed");
    expect((await login(email, GOOD, { address: "198.51.100.11", captcha: await shop.captcha() })).status).toBe(200);
  });

  it("gets no help from a browser key of another account", async () => {
    const owner = await confirmedCustomer();
    const other = await confirmedCustomer();
    const mine = await login(other, GOOD, { address: "203.0.113.68" });
    expect(mine.status).toBe(200);
    await guess(owner, "203.0.113.68", 12);
    const refused = await login(owner, GOOD, { address: "203.0.113.68", device: mine.device });
    expect(refused.status).toBe(429);
  });

  it("guessing from many addresses asks every new client for the check, and the wait ends after a quiet hour", async () => {
    const email = await confirmedCustomer();
    await guessFromMany(email, 20);
    expect((await login(email, GOOD, { address: "198.51.100.12" })).body[0].code).toBe("login_check_required");
    later(60 * 60 * 1000);
    expect((await login(email, GOOD, { address: "198.51.100.12" })).status).toBe(200);
  });
});

describe("every login attempt from one address", () => {
  let limited: TestShop;
  beforeAll(async () => {
    limited = await createTestShop({ config: { TRUSTED_PROXY_HOPS: 1, RATE_LIMIT_LOGINS_PER_ADDRESS: { max: 3, windowSeconds: 600 } } });
  });
  afterAll(() => limited?.close());

  it("counts, right or wrong: past the limit a 429 with Retry-After, before any password is hashed; other addresses go on", async () => {
    const store = await limited.services.catalog.store("en");
    if (!store) throw new Error("no store");
    const email = `raja.${Date.now()}@example.com`;
    const { id } = await limited.services.customers.register(store, {
      firstname: "Raili",
      lastname: "Raja",
      email,
      newPassword: GOOD,
      confirmPassword: GOOD,
    });
    await limited.database.pool.query("UPDATE customers SET confirmed_at = now() WHERE id = $1", [id]);
    const attempt = (address: string) =>
      limited.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({ email, password: GOOD }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt("203.0.113.5")).status).toBe(200);
    const refused = await attempt("203.0.113.5");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { code: string }[])[0]?.code).toBe("too_many_requests");
    expect((await attempt("203.0.113.6")).status).toBe(200);
  });
});
