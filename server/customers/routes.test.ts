// The account API (issue 11, docs/decisions/0014) as a browser or an API client sees it:
// registration, the mailed confirmation, login, the session, logout, forgotten passwords,
// the newsletter, and the limits on guessing passwords.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailsIn } from "../../tests/helpers/mail.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

const PUBLIC_URL = "https://kauppa.example";
const GOOD = "Tuuli-Puu7";

/** A mail server that keeps what it is given; `refuse` sends are refused first (a server that is down). */
function recordingMailer(): Mailer & { sent: MailMessage[]; refuse: number } {
  const mailer = {
    sent: [] as MailMessage[],
    refuse: 0,
    async send(message: MailMessage) {
      if (mailer.refuse > 0) {
        mailer.refuse--;
        throw new Error("421 mail server busy");
      }
      mailer.sent.push(message);
    },
  };
  return mailer;
}

let mailer: ReturnType<typeof recordingMailer>;
let shop: TestShop;
let offsetMs = 0;
let frozenAt: number | null = null;
/** The shops' clock (sessions, keys and failed-login waits all read it). */
const clock = () => frozenAt ?? Date.now() + offsetMs;
/** Moves the clock on. */
const later = (ms: number) => {
  if (frozenAt === null) offsetMs += ms;
  else frozenAt += ms;
};
/** Stops the clock, so a wait of 1 s is not over before a slow machine asks again. */
const freeze = () => {
  frozenAt = clock();
};
const unfreeze = () => {
  if (frozenAt !== null) offsetMs = frozenAt - Date.now();
  frozenAt = null;
};

beforeAll(async () => {
  mailer = recordingMailer();
  shop = await createTestShop({ clock, config: { PUBLIC_URL_EN: `${PUBLIC_URL}/` }, mailer });
});
afterAll(() => shop.close());
// Every test starts without failed logins on record (they all come from one client address).
beforeEach(() => shop.database.pool.query("DELETE FROM throttles"));

type Json = Record<string, unknown>;
type Options = { store?: "en" | "fi"; token?: string; headers?: Record<string, string> };

/** Paths that need the answer of the check against bots: a test gives a fresh one unless it sends its own. */
const CHECKED = new Set(["/api/customer/customer", "/api/customer/customer/subscribeToNewsletter"]);

async function call(method: string, path: string, body?: unknown, { store = "en", token, headers = {} }: Options = {}) {
  if (CHECKED.has(path) && body && typeof body === "object" && !("captcha" in body)) body = { ...body, captcha: await shop.captcha() };
  const res = await shop.request(path, {
    method,
    store,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: replies of many shapes, each checked by its assertions
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
const post = (path: string, body?: unknown, options?: Options) => call("POST", path, body, options);

let serial = 0;
const newEmail = (name = "asiakas") => `${name}.${Date.now()}.${++serial}@example.com`;

/** The mails sent to an address so far (waiting for the outbox to send the newest). */
async function mailsTo(email: string, count: number): Promise<MailMessage[]> {
  await expect.poll(() => mailer.sent.filter((m) => m.to === email).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return mailer.sent.filter((m) => m.to === email);
}

function linkIn(mail: MailMessage, page: string): { id: number; key: string; url: string } {
  const match = new RegExp(`(\\S+${page}\\?id=(\\d+)&key=([\\w-]+))`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  return { url: match[1] as string, id: Number(match[2]), key: match[3] as string };
}

const registration = (email: string, password = GOOD, extra: Json = {}) => ({
  firstname: "Maija",
  lastname: "Meikäläinen",
  email,
  newPassword: password,
  confirmPassword: password,
  ...extra,
});

/** Registers and confirms; answers the address. */
async function confirmedCustomer(password = GOOD, extra: Json = {}): Promise<string> {
  const email = newEmail();
  expect((await post("/api/customer/customer", registration(email, password, extra))).status).toBe(201);
  const [mail] = await mailsTo(email, 1);
  const { id, key } = linkIn(mail as MailMessage, "/account/confirm");
  expect((await post("/api/customer/confirmRegistration", { customerId: id, confirmationToken: key })).status).toBe(200);
  return email;
}

const login = (email: string, password = GOOD, options?: Options) => post("/api/auth/login", { email, password }, options);
const user = (token?: string) => call("GET", "/api/auth/user", undefined, { token });

describe("registration, confirmation and the session", () => {
  it("registers, confirms by the mailed link, logs in, knows the user and logs out for good", async () => {
    const email = newEmail();
    const registered = await post("/api/customer/customer", registration(email), { headers: { host: "evil.example" } });
    expect(registered.status).toBe(201);
    expect(registered.body.customer).toMatchObject({ email, firstname: "Maija", lastname: "Meikäläinen", confirmed: false });

    // Not before the confirmation, and the refusal says why.
    const early = await login(email);
    expect(early.status).toBe(403);
    expect(early.body[0].code).toBe("account_not_confirmed");
    expect(early.body[0].message).toMatch(/confirm your email address/);

    const [mail] = await mailsTo(email, 1);
    expect(mail?.subject).toBe("Confirm your Kauppa account");
    expect(mail?.html).toContain("Maija");
    const link = linkIn(mail as MailMessage, "/account/confirm");
    // From the configured public URL, never from the request's Host.
    expect(link.url.startsWith(`${PUBLIC_URL}/account/confirm?id=`)).toBe(true);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/account/confirm?id=${link.id}&#38;key=${link.key}"`);

    const confirmed = await post("/api/customer/confirmRegistration", { customerId: String(link.id), confirmationToken: link.key });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ success: true, errors: [], customer: { email, confirmed: true } });

    const session = await login(email.toUpperCase());
    expect(session.status).toBe(200);
    const { accessToken, expiresAt, exp } = session.body.token;
    expect(accessToken).toMatch(/^[\w-]{43}$/);
    expect(exp).toBe(Math.floor(Date.parse(expiresAt) / 1000));
    expect(exp * 1000 - clock()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);

    const me = await user(accessToken);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, firstname: "Maija", confirmed: true, is_subscribed: false });
    // The token is stored only as its hash.
    const stored = await shop.database.pool.query("SELECT token_hash FROM auth_tokens WHERE token_hash = $1 OR token_hash = $2", [
      accessToken,
      "x",
    ]);
    expect(stored.rowCount).toBe(0);

    expect((await post("/api/auth/logout", undefined, { token: accessToken })).status).toBe(200);
    const after = await user(accessToken);
    expect(after.status).toBe(401);
    expect(after.body[0].code).toBe("not_logged_in");
    expect((await user()).status).toBe(401);
    expect((await user("not-a-token")).status).toBe(401);
  });

  it("names the customer's cart in the user (spec §3 cart_id), and clears a browser's cookies for a session the server ended", async () => {
    const email = await confirmedCustomer();
    const { accessToken } = (await login(email)).body.token;
    expect((await user(accessToken)).body.user.cart_id).toBeNull();
    const added = await call("POST", "/api/cart/createEmptyCart", undefined, { token: accessToken });
    expect(added.status).toBe(200);
    const { rows } = await shop.database.pool.query<{ id: number }>("SELECT id FROM customers WHERE lower(email) = lower($1)", [email]);
    const store = await shop.services.catalog.store("en");
    if (!store) throw new Error("no store");
    const cart = await shop.services.cart.cartAtLogin(store, added.body, rows[0]?.id as number);
    expect((await user(accessToken)).body.user.cart_id).toEqual({ id: cart?.id });

    // The browser's cookie names the session; it ends on the server (a logout elsewhere).
    const cookie = `auth._token.local=${accessToken}; auth.logged_in=1`;
    expect((await post("/api/auth/logout", undefined, { token: accessToken })).status).toBe(200);
    const stale = await shop.request("/api/auth/user", { headers: { cookie } });
    expect(stale.status).toBe(401);
    const set = stale.headers.getSetCookie();
    expect(set.some((c) => /^auth\._token\.local=;/.test(c))).toBe(true);
    expect(set.some((c) => /^auth\.logged_in=;/.test(c))).toBe(true);
    expect(set.some((c) => /^auth\.session_ended=1;/.test(c) && !/HttpOnly/i.test(c))).toBe(true);
    // An API client's Bearer token that fails is its own to handle: no cookies for it.
    expect((await user(accessToken)).headers.getSetCookie()).toEqual([]);
  });

  it("ends a session when its time is up", async () => {
    const email = await confirmedCustomer();
    const { accessToken } = (await login(email)).body.token;
    later(7 * 24 * 3600 * 1000 - 60_000);
    expect((await user(accessToken)).status).toBe(200);
    later(61_000);
    expect((await user(accessToken)).status).toBe(401);
  });

  it("forgets ended sessions and spent keys in the hourly sweep, and keeps live ones", async () => {
    const email = await confirmedCustomer();
    const ended = (await login(email)).body.token.accessToken;
    const live = (await login(email)).body.token.accessToken;
    await post("/api/auth/logout", undefined, { token: ended });
    const id = (await user(live)).body.user.id;
    const count = async (table: string) =>
      Number((await shop.database.pool.query(`SELECT count(*) AS n FROM ${table} WHERE customer_id = $1`, [id])).rows[0].n);
    expect(await count("auth_tokens")).toBe(2);
    expect(await count("customer_tokens")).toBe(1); // the used confirmation key
    await shop.services.customers.deleteExpired();
    expect(await count("auth_tokens")).toBe(1);
    expect(await count("customer_tokens")).toBe(0);
    expect((await user(live)).status).toBe(200);
  });

  it("refuses an address that has an account, in any case, with the spec's text in the store's language", async () => {
    const email = await confirmedCustomer();
    const again = await post("/api/customer/customer", registration(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body[0]).toMatchObject({
      code: "email_taken",
      field: "email",
      message: "This email address is already tied to an existing account",
    });
    const fi = await post("/api/customer/customer", registration(email), { store: "fi" });
    expect(fi.body[0].message).toBe("Tähän sähköpostiosoitteeseen on jo liitetty tili");
  });

  it("takes a confirmation key once, and not after it expired; logging in then sends a new one", async () => {
    const email = newEmail();
    await post("/api/customer/customer", registration(email));
    const first = linkIn((await mailsTo(email, 1))[0] as MailMessage, "/account/confirm");

    const wrong = await post("/api/customer/confirmRegistration", { customerId: first.id, confirmationToken: "x".repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors[0]).toMatchObject({
      code: "confirmation_failed",
      message: "Email confirmation failed, please try again.",
    });
    const otherCustomer = await post("/api/customer/confirmRegistration", { customerId: first.id + 1000, confirmationToken: first.key });
    expect(otherCustomer.body.data.errors[0].code).toBe("confirmation_failed");
    for (const customerId of ["9999999999", "0"]) {
      const odd = await post("/api/customer/confirmRegistration", { customerId, confirmationToken: first.key });
      expect(odd.status).toBe(400);
      expect(odd.body.data.errors[0].code).toBe("confirmation_failed");
    }

    later(73 * 3600 * 1000);
    const expired = await post("/api/customer/confirmRegistration", { customerId: first.id, confirmationToken: first.key });
    expect(expired.status).toBe(400);
    expect(expired.body.data.errors[0].code).toBe("confirmation_expired");

    expect((await login(email)).status).toBe(403);
    const second = linkIn((await mailsTo(email, 2))[1] as MailMessage, "/account/confirm");
    expect(second.key).not.toBe(first.key);
    // A second refused login right after does not mail again.
    expect((await login(email)).status).toBe(403);
    const ok = await post("/api/customer/confirmRegistration", { customerId: second.id, confirmationToken: second.key });
    expect(ok.status).toBe(200);
    const reused = await post("/api/customer/confirmRegistration", { customerId: second.id, confirmationToken: second.key });
    expect(reused.body.data.errors[0].code).toBe("confirmation_failed");
    expect((await login(email)).status).toBe(200);
    expect(mailer.sent.filter((m) => m.to === email)).toHaveLength(2);
  });

  it("keeps a mailed key in the outbox only until the mail is sent", async () => {
    const email = newEmail();
    await post("/api/customer/customer", registration(email));
    const { id } = linkIn((await mailsTo(email, 1))[0] as MailMessage, "/account/confirm");
    await expect
      .poll(async () => {
        const rows = await shop.database.pool.query(
          "SELECT payload FROM outbox WHERE kind = 'account_confirmation' AND (payload->>'customerId')::int = $1 AND sent_at IS NOT NULL",
          [id],
        );
        return rows.rows.map((r) => r.payload);
      })
      .toEqual([{ customerId: id, store: "en" }]);
  });
});

describe("the API document", () => {
  it("names every account path", async () => {
    const doc = await call("GET", "/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/auth/login",
        "/api/auth/user",
        "/api/auth/logout",
        "/api/customer/customer",
        "/api/customer/confirmRegistration",
        "/api/customer/customer/forgotPassword",
        "/api/customer/customer/resetPassword",
        "/api/customer/customer/subscribeToNewsletter",
      ]),
    );
    expect(doc.body.paths["/api/auth/login"].post.responses["429"]).toBeDefined();
  });
});

describe("the rules of spec §5, each with its message, losing nothing", () => {
  it.each([
    [{ newPassword: "", confirmPassword: "" }, "newPassword", "This field is required and cannot be empty"],
    [{ newPassword: "Ab1-xyz", confirmPassword: "Ab1-xyz" }, "newPassword", "Password length must be at least 8 characters"],
    [
      { newPassword: "tuulipuu77", confirmPassword: "tuulipuu77" },
      "newPassword",
      "Minimum of different classes of characters in password is 3",
    ],
    [
      { newPassword: "Password1", confirmPassword: "Password1" },
      "newPassword",
      "This password is one of the most common ones. Please choose another.",
    ],
    [{ newPassword: GOOD, confirmPassword: `${GOOD}x` }, "confirmPassword", "The passwords do not match"],
    [{ newPassword: `Aa1-${"x".repeat(253)}`, confirmPassword: `Aa1-${"x".repeat(253)}` }, "newPassword", "Insert at most 256 characters"],
    [{ email: "not an address" }, "email", "Please provide a valid email address"],
    [{ email: "" }, "email", "This field is required and cannot be empty"],
    [{ firstname: "  " }, "firstname", "This field is required and cannot be empty"],
    [{ lastname: "x".repeat(101) }, "lastname", "Insert at most 100 characters"],
  ])("%j: %s", async (change, field, message) => {
    const email = newEmail("saannot");
    const refused = await post("/api/customer/customer", { ...registration(email), ...change });
    expect(refused.status).toBe(400);
    expect(refused.body[0]).toMatchObject({ code: "invalid_input", field, message });
    // Nothing was created: the address registers fine right after.
    expect((await post("/api/customer/customer", registration(email))).status).toBe(201);
  });

  it("words the rules in Finnish in the fi store", async () => {
    const refused = await post(
      "/api/customer/customer",
      { ...registration(newEmail()), newPassword: "tuulipuu77", confirmPassword: "tuulipuu77" },
      { store: "fi" },
    );
    expect(refused.body[0].message).toBe("Salasanassa on oltava vähintään kolmea eri merkkityyppiä");
  });

  it("refuses unknown fields and a body that is not JSON", async () => {
    const extra = await post("/api/customer/customer", { ...registration(newEmail()), admin: true });
    expect(extra.status).toBe(400);
    expect(extra.body[0].params.rule).toBe("unknownKeys");
    const res = await shop.request("/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(res.status).toBe(400);
  });

  it("takes a long password whole: 100 characters log in, the same without its end does not", async () => {
    const long = `Kauppa-${"metsässä kävely ".repeat(5)}${"z".repeat(12)}9`;
    expect(long.length).toBe(100);
    const email = await confirmedCustomer(long);
    expect((await login(email, long)).status).toBe(200);
    expect((await login(email, long.slice(0, 72))).status).toBe(401);
    expect((await login(email, long.slice(0, 64))).status).toBe(401);
  });
});

describe("login failures", () => {
  beforeEach(freeze);
  afterEach(unfreeze);

  it("answer alike for a wrong password and an unknown address, in body, status and time", async () => {
    const email = await confirmedCustomer();
    const wrong = await login(email, "Wrong-Pass9");
    const unknown = await login(newEmail("tuntematon"), "Wrong-Pass9");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body[0].message).toBe("The email address or password is incorrect");

    // Both hash the password: without the stand-in hash an unknown address answers ~100 times faster.
    const time = async (address: string) => {
      const start = performance.now();
      await login(address, "Wrong-Pass9");
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknowns: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(email));
      unknowns.push(await time(newEmail("tuntematon")));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const ratio = median(unknowns) / median(known);
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(3.3);
  });

  it("are slowed and then refused for a while per account, and the owner gets in when the wait is over", async () => {
    const email = await confirmedCustomer();
    for (let i = 1; i <= 4; i++) expect((await login(email, "Wrong-Pass9")).status).toBe(401);
    expect((await login(email, "Wrong-Pass9")).status).toBe(401); // the 5th: the next attempt waits 1 s
    const slowed = await login(email, GOOD);
    expect(slowed.status).toBe(429);
    expect(slowed.body[0]).toMatchObject({ code: "login_throttled", params: { seconds: 1 } });
    expect(slowed.body[0].message).toBe("Too many failed login attempts. Please try again in 1 second.");
    expect(slowed.headers.get("retry-after")).toBe("1");
    // The same wait for an unknown address typed as often (no discovery through the limit either).
    const stranger = newEmail("tuntematon");
    for (let i = 1; i <= 5; i++) await login(stranger, "Wrong-Pass9");
    expect((await login(stranger, "Wrong-Pass9")).body[0].code).toBe("login_throttled");

    for (const wait of [1, 2, 4, 8, 16]) {
      later(wait * 1000);
      expect((await login(email, "Wrong-Pass9")).status).toBe(401); // failures 6 … 10
    }
    const refused = await login(email, GOOD);
    expect(refused.status).toBe(429);
    expect(refused.body[0].params.seconds).toBe(15 * 60);
    // Attempts while refused are not counted, so the refusal ends on time.
    later(14 * 60 * 1000);
    expect((await login(email, "Wrong-Pass9")).status).toBe(429);
    later(60 * 1000);
    expect((await login(email, GOOD)).status).toBe(200);
    // Success clears the account's count.
    expect((await login(email, "Wrong-Pass9")).status).toBe(401);
    expect((await login(email, GOOD)).status).toBe(200);
  });

  it("are limited per client address, and a changing X-Forwarded-For does not reset that", async () => {
    const email = await confirmedCustomer();
    const guesses = Array.from({ length: 20 }, (_, i) =>
      login(newEmail("arvaus"), "Wrong-Pass9", { headers: { "x-forwarded-for": `203.0.113.${i}` } }),
    );
    for (const res of await Promise.all(guesses)) expect(res.status).toBe(401);
    const blocked = await login(email, GOOD, { headers: { "x-forwarded-for": "198.51.100.7" } });
    expect(blocked.status).toBe(429);
    expect(blocked.body[0].code).toBe("login_throttled");
  });
});

describe("behind a configured proxy", () => {
  let proxied: TestShop;
  beforeAll(async () => {
    proxied = await createTestShop({ clock, config: { TRUSTED_PROXY_HOPS: 1 } });
  });
  afterAll(() => proxied.close());
  beforeEach(freeze);
  afterEach(unfreeze);

  it("counts failures by the address the proxy names", async () => {
    const attempt = (address: string) =>
      proxied.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.9.9.9, ${address}` },
        body: JSON.stringify({ email: `${address}@example.com`, password: "Wrong-Pass9" }),
      });
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`203.0.113.${i}`)));
    for (const res of clients) expect(res.status).toBe(401);
    // Twenty clients, one failure each: nobody waits.
    expect((await attempt("203.0.113.99")).status).toBe(401);
    await Promise.all(Array.from({ length: 20 }, () => attempt("198.51.100.1")));
    expect((await attempt("198.51.100.1")).status).toBe(429);
  });
});

describe("with the shop's own mailer", () => {
  let plain: TestShop;
  beforeAll(async () => {
    plain = await createTestShop();
  });
  afterAll(() => plain.close());

  it("writes the confirmation as a multipart message (text and HTML) in the store's language", async () => {
    const email = newEmail("tiedosto");
    const res = await plain.request("/api/customer/customer", {
      method: "POST",
      store: "fi",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...registration(email), captcha: await plain.captcha() }),
    });
    expect(res.status).toBe(201);
    await expect.poll(() => mailsIn(plain.services.mailOutbox).find((m) => m.includes(email)), { timeout: 10_000 }).toBeDefined();
    const eml = mailsIn(plain.services.mailOutbox).find((m) => m.includes(email)) ?? "";
    expect(eml).toMatch(/^Subject: Vahvista Kauppa-tilisi$/m);
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(eml).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(eml).toMatch(/^Message-ID: <outbox-\d+\.\d+@kauppa\.example>$/m);
  });
});

describe("forgotten passwords", () => {
  it("answer the same for known and unknown addresses; only a known one gets the link", async () => {
    const email = await confirmedCustomer();
    const stranger = newEmail("tuntematon");
    const known = await post("/api/customer/customer/forgotPassword", { email });
    const unknown = await post("/api/customer/customer/forgotPassword", { email: stranger });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const [, reset] = await mailsTo(email, 2);
    expect(reset?.subject).toBe("Reset your Kauppa password");
    expect(linkIn(reset as MailMessage, "/account/reset-password").url.startsWith(`${PUBLIC_URL}/account/reset-password?id=`)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailer.sent.some((m) => m.to === stranger)).toBe(false);
    // The same work was queued for both, and no key is written down anywhere but in the mail.
    const queued = await shop.database.pool.query(
      "SELECT payload FROM outbox WHERE kind = 'account_password_reset' AND lower(payload->>'email') IN (lower($1), lower($2)) ORDER BY id",
      [email, stranger],
    );
    expect(queued.rows.map((r) => r.payload)).toEqual([
      { email, store: "en" },
      { email: stranger, store: "en" },
    ]);
    expect((await post("/api/customer/customer/forgotPassword", { email: "nope" })).status).toBe(400);
  });

  it("reset once with the mailed key, end every session, and keep the key when the new password is refused", async () => {
    const email = await confirmedCustomer();
    const phone = (await login(email)).body.token.accessToken;
    const laptop = (await login(email)).body.token.accessToken;
    await post("/api/customer/customer/forgotPassword", { email }, { store: "fi" });
    const [, mail] = await mailsTo(email, 2);
    expect(mail?.subject).toBe("Vaihda Kauppa-tilisi salasana");
    const { id, key } = linkIn(mail as MailMessage, "/account/reset-password");

    const weak = await post("/api/customer/customer/resetPassword", {
      customerId: id,
      resetToken: key,
      newPassword: "Password1",
      confirmPassword: "Password1",
    });
    expect(weak.status).toBe(400);
    expect(weak.body[0].params.rule).toBe("commonPassword");

    const done = await post("/api/customer/customer/resetPassword", {
      customerId: id,
      resetToken: key,
      newPassword: "Uusi-Sala5",
      confirmPassword: "Uusi-Sala5",
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/password has been changed/);
    expect((await user(phone)).status).toBe(401);
    expect((await user(laptop)).status).toBe(401);
    expect((await login(email, GOOD)).status).toBe(401);
    expect((await login(email, "Uusi-Sala5")).status).toBe(200);

    const reused = await post("/api/customer/customer/resetPassword", {
      customerId: id,
      resetToken: key,
      newPassword: "Kolmas-Sala5",
      confirmPassword: "Kolmas-Sala5",
    });
    expect(reused.status).toBe(400);
    expect(reused.body[0].code).toBe("reset_link_invalid");
  });

  it("reach the customer when the mail server was down at first, with a key that works", async () => {
    const email = await confirmedCustomer();
    mailer.refuse = 1;
    await post("/api/customer/customer/forgotPassword", { email });
    const [, mail] = await mailsTo(email, 2);
    expect(mailer.refuse).toBe(0);
    const { id, key } = linkIn(mail as MailMessage, "/account/reset-password");
    const done = await post("/api/customer/customer/resetPassword", {
      customerId: id,
      resetToken: key,
      newPassword: "Uusi-Sala5",
      confirmPassword: "Uusi-Sala5",
    });
    expect(done.status).toBe(200);
  });

  it("refuse an expired reset key, and an older key once a newer one was used", async () => {
    const email = await confirmedCustomer();
    await post("/api/customer/customer/forgotPassword", { email });
    await mailsTo(email, 2);
    // A second request right after sends nothing more (a form sent twice, a flooded mailbox) …
    await post("/api/customer/customer/forgotPassword", { email });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailer.sent.filter((m) => m.to === email)).toHaveLength(2);
    // … one a minute later does.
    later(61_000);
    await post("/api/customer/customer/forgotPassword", { email });
    const [, older, newer] = await mailsTo(email, 3);
    const a = linkIn(older as MailMessage, "/account/reset-password");
    const b = linkIn(newer as MailMessage, "/account/reset-password");
    later(61 * 60 * 1000);
    const expired = await post("/api/customer/customer/resetPassword", {
      customerId: b.id,
      resetToken: b.key,
      newPassword: "Uusi-Sala5",
      confirmPassword: "Uusi-Sala5",
    });
    expect(expired.status).toBe(400);
    expect(expired.body[0]).toMatchObject({
      code: "reset_link_expired",
      message: "This password reset link has expired. Please ask for a new one.",
    });

    await post("/api/customer/customer/forgotPassword", { email });
    const latest = linkIn((await mailsTo(email, 4))[3] as MailMessage, "/account/reset-password");
    const ok = await post("/api/customer/customer/resetPassword", {
      customerId: latest.id,
      resetToken: latest.key,
      newPassword: "Uusi-Sala5",
      confirmPassword: "Uusi-Sala5",
    });
    expect(ok.status).toBe(200);
    const old = await post("/api/customer/customer/resetPassword", {
      customerId: a.id,
      resetToken: a.key,
      newPassword: "Kolmas-Sala5",
      confirmPassword: "Kolmas-Sala5",
    });
    expect(old.body[0].code).toBe("reset_link_invalid");
  });
});

describe("the newsletter", () => {
  it("welcomes a new address once and answers the same when it subscribes again", async () => {
    const email = newEmail("uutiset");
    const first = await post("/api/customer/customer/subscribeToNewsletter", { email }, { store: "fi" });
    const again = await post("/api/customer/customer/subscribeToNewsletter", { email: email.toUpperCase() }, { store: "fi" });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const [welcome] = await mailsTo(email, 1);
    expect(welcome?.subject).toBe("Tervetuloa Kaupan uutiskirjeen tilaajaksi");
    expect(welcome?.html).toContain('lang="fi-FI"');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailer.sent.filter((m) => m.to.toLowerCase() === email.toLowerCase())).toHaveLength(1);
  });

  it("subscribes a customer who ticked the box when registering", async () => {
    const email = await confirmedCustomer(GOOD, { is_subscribed: true });
    const { accessToken } = (await login(email)).body.token;
    expect((await user(accessToken)).body.user.is_subscribed).toBe(true);
    const mails = await mailsTo(email, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual(["Confirm your Kauppa account", "Welcome to the Kauppa newsletter"]);
  });
});
