// The newsletter and the check against bots as an API client sees them (docs/decisions/0019):
// one row and one welcome mail per address, the unsubscribe link and RFC 8058 headers in the
// mail, the one-click POST (once; a GET never unsubscribes; the account stays), ALTCHA answers
// refused when missing, forged, replayed or expired (worded in both languages), the key shared
// by every process through the database, and reCAPTCHA checked with a (fake) verify server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { solve } from "../../tests/helpers/captcha.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { createServices } from "../services.ts";
import type { Challenge } from "altcha-lib";

const PUBLIC_URL_FI = "https://kauppa.example.fi";
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let offsetMs = 0;
const clock = () => Date.now() + offsetMs;
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ mailer, clock, config: { PUBLIC_URL_FI } });
});
afterAll(() => shop?.close());

// biome-ignore lint/suspicious/noExplicitAny: replies of many shapes, each checked by its assertions
type Reply = { status: number; headers: Headers; body: any };
async function call(
  method: string,
  path: string,
  body?: unknown,
  store: "en" | "fi" = "en",
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await shop.request(path, {
    method,
    store,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
const subscribe = async (email: string, store: "en" | "fi" = "en", captcha?: string) =>
  call("POST", "/api/customer/customer/subscribeToNewsletter", { email, captcha: captcha ?? (await shop.captcha()) }, store);

let serial = 0;
const newEmail = (name = "tilaaja") => `${name}.${Date.now()}.${++serial}@example.com`;
const rows = async (email: string) =>
  (await shop.database.pool.query("SELECT * FROM newsletter_subscribers WHERE lower(email) = lower($1)", [email])).rows;

/** The newsletter mails to an address (those with List-Unsubscribe). */
const newsletters = (email: string) => sent.filter((m) => m.to.toLowerCase() === email.toLowerCase() && m.headers?.["List-Unsubscribe"]);
async function welcome(email: string): Promise<MailMessage> {
  await expect.poll(() => newsletters(email).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return newsletters(email)[0] as MailMessage;
}
const tokenOf = (mail: MailMessage) => /\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(mail.text)?.[1] as string;

/** RFC 8058: what a mail provider posts to the List-Unsubscribe address. */
const oneClick = (url: string) =>
  shop.app.request(url.replace(/^https:\/\/[^/]+/, "http://fi.localhost"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("the newsletter list", () => {
  it("takes an address once: one row and one welcome mail, with its unsubscribe link and RFC 8058 headers", async () => {
    const email = newEmail();
    const first = await subscribe(email, "fi");
    const again = await subscribe(email.toUpperCase(), "fi");
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await rows(email)).toHaveLength(1);
    const mail = await welcome(email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent.filter((m) => m.to.toLowerCase() === email.toLowerCase())).toHaveLength(1);

    const token = tokenOf(mail);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Links from the store's configured public URL, in the mail's text, HTML and headers.
    expect(mail.text).toContain(`${PUBLIC_URL_FI}/newsletter/unsubscribe?token=${token}`);
    expect(mail.text).toContain("Peru uutiskirjeen tilaus");
    expect(mail.html).toContain(`${PUBLIC_URL_FI}/newsletter/unsubscribe?token=${token}`);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${PUBLIC_URL_FI}/api/newsletter/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("one-click unsubscribes once; a GET only leads to the page; the account stays", async () => {
    const email = newEmail("asiakas");
    const password = "Tuuli-Puu7";
    const registered = await call(
      "POST",
      "/api/customer/customer",
      {
        firstname: "Maija",
        lastname: "M",
        email,
        newPassword: password,
        confirmPassword: password,
        is_subscribed: true,
        captcha: await shop.captcha(),
      },
      "fi",
    );
    expect(registered.status).toBe(201);
    const mail = await welcome(email);
    const listUnsubscribe = /<([^>]+)>/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1] as string;

    // Link scanners open links: a GET unsubscribes nobody.
    const scanned = await shop.app.request(listUnsubscribe.replace(/^https:\/\/[^/]+/, "http://fi.localhost"));
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get("location")).toBe(`/newsletter/unsubscribe?token=${tokenOf(mail)}`);
    expect(await rows(email)).toHaveLength(1);

    const done = await oneClick(listUnsubscribe);
    expect(done.status).toBe(200);
    expect(((await done.json()) as { message: string }).message).toBe(
      "Uutiskirjeen tilaus on peruttu. Jos sinulla on tili, se säilyy ennallaan.",
    );
    expect(await rows(email)).toHaveLength(0);

    const spent = await oneClick(listUnsubscribe);
    expect(spent.status).toBe(404);
    const [error] = (await spent.json()) as { code: string; message: string }[];
    expect(error?.code).toBe("unsubscribe_link_invalid");
    expect(error?.message).toMatch(/^Tämä peruutuslinkki ei ole enää voimassa/);
    const unknown = await oneClick(`https://x/api/newsletter/unsubscribe?token=${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);

    // The account is untouched.
    const customers = await shop.database.pool.query("SELECT id FROM customers WHERE email = $1", [email]);
    expect(customers.rows).toHaveLength(1);
  });

  it("a row from before links existed gets its link with its next mail", async () => {
    const email = newEmail("vanha");
    await shop.database.pool.query("INSERT INTO newsletter_subscribers (email, store_code) VALUES ($1, 'en')", [email]);
    const links = await shop.services.db.transaction((tx) => shop.services.newsletter.unsubscribeLinks(tx, email));
    expect(links?.page).toMatch(/^http:\/\/localhost\/newsletter\/unsubscribe\?token=[\w-]{43}$/);
    expect((await rows(email))[0]?.unsubscribe_token).toBe(new URL(links?.page ?? "").searchParams.get("token"));
  });
});

describe("ALTCHA", () => {
  it("refuses a missing answer with a clear 400 in the store's language", async () => {
    for (const [store, message] of [
      ["en", "Please confirm that you are not a robot"],
      ["fi", "Vahvista, ettet ole robotti"],
    ] as const) {
      const refused = await call("POST", "/api/customer/customer/subscribeToNewsletter", { email: newEmail() }, store);
      expect(refused.status).toBe(400);
      expect(refused.body[0]).toMatchObject({ code: "captcha_required", field: "captcha" });
      expect(refused.body[0].message).toContain(message);
    }
  });

  it("refuses a forged answer, a replayed one and an expired one, and writes nothing", async () => {
    const challenge = (await call("GET", "/api/altcha/challenge")).body as Challenge;
    expect(challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const answer = await solve(challenge);

    // A challenge the shop never signed (its expiry moved on), or a wrong key: refused.
    const forgedChallenge = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: (challenge.parameters.expiresAt ?? 0) + 86_400 },
    };
    const forged = await subscribe(newEmail(), "en", await solve(forgedChallenge));
    expect(forged.status).toBe(400);
    expect(forged.body[0].code).toBe("captcha_failed");
    const decoded = JSON.parse(Buffer.from(answer, "base64").toString()) as { solution: { derivedKey: string } };
    decoded.solution.derivedKey = "00".repeat(32);
    const wrong = await subscribe(newEmail(), "fi", Buffer.from(JSON.stringify(decoded)).toString("base64"));
    expect(wrong.body[0]).toMatchObject({ code: "captcha_failed" });
    expect(wrong.body[0].message).toMatch(/^Tarkistus siitä, ettet ole robotti, ei mennyt läpi/);
    expect((await subscribe(newEmail(), "en", "not an answer")).body[0].code).toBe("captcha_failed");

    const email = newEmail();
    expect((await subscribe(email, "en", answer)).status).toBe(200);
    const replayed = await subscribe(newEmail("toinen"), "en", answer);
    expect(replayed.status).toBe(400);
    expect(replayed.body[0].code).toBe("captcha_replayed");
    expect(replayed.body[0].message).toMatch(/already been used/);
    // The same answer at registration is refused too: an answer counts once, anywhere.
    const reg = await call("POST", "/api/customer/customer", {
      firstname: "A",
      lastname: "B",
      email: newEmail(),
      newPassword: "Tuuli-Puu7",
      confirmPassword: "Tuuli-Puu7",
      captcha: answer,
    });
    expect(reg.body[0].code).toBe("captcha_replayed");

    const late = await solve((await call("GET", "/api/altcha/challenge")).body as Challenge);
    offsetMs += 21 * 60 * 1000;
    try {
      const expired = await subscribe(newEmail(), "fi", late);
      expect(expired.status).toBe(400);
      expect(expired.body[0].code).toBe("captcha_expired");
      expect(expired.body[0].message).toMatch(/vanhentunut/);
    } finally {
      offsetMs = 0;
    }
  });

  it("is signed with one key every process shares (made once, kept in the database)", async () => {
    const other = await createServices(
      shop.database.db,
      { STORE_DOMAINS: { en: "localhost", fi: "fi.localhost" }, ALTCHA_COST: 1, ALTCHA_MAX_COUNTER: 50 },
      {
        pollMs: 0,
        outbox: { start: false },
      },
    );
    try {
      const answer = await solve(await other.captcha.challenge());
      expect((await subscribe(newEmail(), "en", answer)).status).toBe(200);
    } finally {
      await other.close();
    }
    const keys = await shop.database.pool.query("SELECT count(*)::int AS n FROM shop_secrets WHERE name = 'altcha_hmac_key'");
    expect(keys.rows[0].n).toBe(1);
  });

  it("tells API clients which check to pass", async () => {
    expect((await call("GET", "/api/captcha")).body).toEqual({ provider: "altcha", challengeUrl: "/api/altcha/challenge" });
  });
});

describe("reCAPTCHA, when configured", () => {
  const heard: URLSearchParams[] = [];
  let verifier: http.Server;
  let verifyUrl: string;
  beforeAll(async () => {
    // A stand-in for Google's siteverify: "human" scores 0.9, "bot" 0.1, anything else fails.
    verifier = http.createServer((req, res) => {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        const form = new URLSearchParams(body);
        heard.push(form);
        const response = form.get("response");
        const reply =
          response === "human"
            ? { success: true, score: 0.9 }
            : response === "bot"
              ? { success: true, score: 0.1 }
              : { success: false, "error-codes": ["invalid-input-response"] };
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, "127.0.0.1", resolve));
    verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => verifier.close(() => resolve())));

  it.each([
    ["3", "human", 200, null],
    ["3", "bot", 400, "captcha_failed"],
    ["2", "bot", 200, null],
    ["2", "forged", 400, "captcha_failed"],
  ] as const)("v%s with the token %s: %i %s", async (version, token, status, code) => {
    const recaptcha = await createTestShop({
      config: {
        RECAPTCHA_SITE_KEY: "site-key",
        RECAPTCHA_SECRET: "secret-key",
        RECAPTCHA_VERSION: version,
        RECAPTCHA_VERIFY_URL: verifyUrl,
      },
    });
    try {
      const res = await recaptcha.request("/api/customer/customer/subscribeToNewsletter", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: newEmail("recaptcha"), captcha: token }),
      });
      expect(res.status).toBe(status);
      if (code) expect(((await res.json()) as { code: string }[])[0]?.code).toBe(code);
      expect(heard.at(-1)?.get("secret")).toBe("secret-key");
      expect(heard.at(-1)?.get("response")).toBe(token);
      // No ALTCHA challenges while reCAPTCHA is the check; the pages learn the site key.
      expect((await recaptcha.request("/api/altcha/challenge")).status).toBe(404);
      expect(await (await recaptcha.request("/api/captcha")).json()).toEqual({
        provider: "recaptcha",
        version: Number(version),
        siteKey: "site-key",
      });
    } finally {
      await recaptcha.close();
    }
  });

  it("says so when the verify server cannot be reached", async () => {
    const down = await createTestShop({
      config: { RECAPTCHA_SITE_KEY: "k", RECAPTCHA_SECRET: "s", RECAPTCHA_VERIFY_URL: "http://127.0.0.1:9/siteverify" },
    });
    try {
      const res = await down.request("/api/customer/customer/subscribeToNewsletter", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: newEmail(), captcha: "human" }),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }[])[0]?.code).toBe("captcha_unavailable");
    } finally {
      await down.close();
    }
  });
});
