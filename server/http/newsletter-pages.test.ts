// The newsletter's pages as a browser without JavaScript uses them, against the real production
// build (docs/decisions/0019): the footer's form posts to /newsletter and comes back to its
// page with the outcome said there — without an answer to the check against bots once per
// client address, then refused with the limit in words; the mailed link's page shows what will
// happen and a button (a GET unsubscribes nobody), the POST unsubscribes and says so, a used
// link says it is no longer valid; the account's switch goes off and on. Both languages.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COOKIES } from "../../lib/cookies.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageRequest, type StoreCode } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop({ mailer });
  pages = await loadBuiltPages();
});
afterAll(() => shop?.close());

let serial = 0;
const newEmail = () => `sivu.uutiset.${Date.now()}.${++serial}@example.com`;
/** Each test its own client address: the no-JavaScript limit is per address. */
const address = () => `198.51.100.${++serial}`;

const page = (store: StoreCode, pathname: string, init?: Parameters<typeof pageRequest>[2], client = "203.0.113.1") =>
  pages(pageRequest(store, pathname, init), shop.services, store, client);

async function storeOf(code: StoreCode) {
  const store = await shop.services.catalog.store(code);
  if (!store) throw new Error(`no store ${code}`);
  return store;
}

const decoded = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

async function newsletterMail(email: string): Promise<MailMessage> {
  await expect.poll(() => sent.some((m) => m.to === email && m.headers?.["List-Unsubscribe"]), { timeout: 10_000 }).toBe(true);
  return sent.find((m) => m.to === email && m.headers?.["List-Unsubscribe"]) as MailMessage;
}
const unsubscribePath = (mail: MailMessage) => /\/newsletter\/unsubscribe\?token=[\w-]+/.exec(mail.text)?.[0] as string;

describe("the footer's newsletter form without JavaScript", () => {
  it("is on the cached guest pages, with nothing personal", async () => {
    const home = await page("fi", "/");
    const html = await home.text();
    expect(home.headers.get("cache-control")).toMatch(/public/);
    expect(html).toContain('action="/newsletter"');
    expect(html).toContain("Uutiskirje");
    expect(html).toMatch(/<input[^>]*name="from"[^>]*value="\/"/);
  });

  it("subscribes once per address without an answer, back on its page with the outcome; then the limit in words", async () => {
    const client = address();
    const email = newEmail();
    const first = await page("en", "/newsletter", { form: { email, from: "/c/men?sort=price", reply: "redirect" } }, client);
    expect(first.status).toBe(302);
    const back = first.headers.get("location") as string;
    expect(back).toBe("/c/men?sort=price&newsletter=subscribed");
    const told = await page("en", "/?newsletter=subscribed");
    expect(await told.text()).toContain("Thank you for subscribing to the newsletter.");
    await newsletterMail(email);

    const second = await page("fi", "/newsletter", { form: { email: newEmail(), from: "/", reply: "redirect" } }, client);
    expect(second.headers.get("location")).toBe("/?newsletter=captcha_fallback_limit&minutes=10");
    const limit = decoded(await (await page("fi", "/?newsletter=captcha_fallback_limit&minutes=10")).text());
    expect(limit).toContain("Ilman JavaScriptiä verkostasi voi lähettää vain yhden lomakkeen 10 minuutin välein.");

    // With an answer (the widget, with JavaScript), the same address goes on.
    const answered = await page(
      "en",
      "/newsletter",
      { form: { email: newEmail(), from: "/", reply: "redirect", captcha: await shop.captcha() } },
      client,
    );
    expect(answered.headers.get("location")).toBe("/?newsletter=subscribed");
  });

  it("says the spec's failure at the form when the list cannot be reached, with and without JavaScript", async () => {
    const original = shop.services.newsletter.subscribe;
    shop.services.newsletter.subscribe = async () => {
      throw new Error("connection terminated");
    };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const data = await page(
        "en",
        "/newsletter.data",
        { form: { email: newEmail(), from: "/", reply: "data", captcha: await shop.captcha() } },
        address(),
      );
      expect(data.status).toBe(503);
      expect(await data.text()).toContain("newsletter_failed");
      const plain = await page(
        "fi",
        "/newsletter",
        { form: { email: newEmail(), from: "/c/naiset", reply: "redirect", captcha: await shop.captcha() } },
        address(),
      );
      expect(plain.headers.get("location")).toBe("/c/naiset?newsletter=newsletter_failed");
      const said = decoded(await (await page("fi", "/?newsletter=newsletter_failed")).text());
      expect(said).toContain("Uutiskirjeen tilaaminen epäonnistui. Yritä myöhemmin uudelleen.");
      expect(logged).toHaveBeenCalled();
    } finally {
      shop.services.newsletter.subscribe = original;
      logged.mockRestore();
    }
  });

  it("says a bad address on the page it came from; an outside `from` goes home", async () => {
    const bad = await page(
      "en",
      "/newsletter",
      { form: { email: "not an address", from: "//evil.example/x", reply: "redirect" } },
      address(),
    );
    expect(bad.headers.get("location")).toBe("/?newsletter=invalid_input");
  });
});

describe("the unsubscribe page", () => {
  it.each([
    [
      "fi",
      "Osoite s•••@example.com poistetaan uutiskirjeen tilaajista.",
      "Uutiskirjeen tilaus on peruttu.",
      "Tämä peruutuslinkki ei ole enää voimassa",
    ],
    [
      "en",
      "The address s•••@example.com will be taken off the newsletter list.",
      "You have unsubscribed from the newsletter.",
      "This unsubscribe link is no longer valid",
    ],
  ] as const)("%s: GET asks, POST unsubscribes and says so, the used link says it is spent", async (store, ask, done, spent) => {
    const email = newEmail();
    await shop.services.newsletter.subscribe(await storeOf(store), email);
    const link = unsubscribePath(await newsletterMail(email));

    const shown = await page(store, link);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toMatch(/no-store/);
    const html = decoded(await shown.text());
    expect(html).toContain(ask);
    const button = /<form[^>]*action="\/newsletter\/unsubscribe\?token=[\w-]+" method="post">/;
    expect(html).toMatch(button);
    // Opening the link took nobody off the list.
    const token = new URL(link, "http://x").searchParams.get("token") as string;
    expect((await shop.services.newsletter.lookup(token))?.email).toBe("s•••@example.com");

    const posted = await page(store, link, { form: { token } });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/newsletter/unsubscribe?done=1");
    expect(decoded(await (await page(store, "/newsletter/unsubscribe?done=1")).text())).toContain(done);
    expect(await shop.services.newsletter.lookup(token)).toBeNull();

    const again = decoded(await (await page(store, link)).text());
    expect(again).toContain(spent);
    expect(again).not.toMatch(button);
    const repost = await page(store, link, { form: { token } });
    expect(repost.status).toBe(404);
    expect(decoded(await repost.text())).toContain(spent);
  });
});

describe("the account's newsletter switch without JavaScript", () => {
  it("shows the state and turns it off and on again; the account stays", async () => {
    const email = newEmail();
    const password = "Kesä-Ilta42";
    const store = await storeOf("en");
    await shop.services.customers.register(store, {
      firstname: "Aino",
      lastname: "Asiakas",
      email,
      newPassword: password,
      confirmPassword: password,
      is_subscribed: true,
    });
    await shop.database.pool.query("UPDATE customers SET confirmed_at = now() WHERE email = $1", [email]);
    const session = await shop.services.customers.login(store, { email, password }, { address: "203.0.113.9" });
    const cookie = `${COOKIES.authToken}=${session.accessToken}`;

    const on = decoded(await (await page("en", "/account", { cookie })).text());
    expect(on).toContain("You receive the newsletter.");
    expect(on).toContain("Unsubscribe from the newsletter");

    const off = await page("en", "/account/newsletter", { form: { subscribe: "0", reply: "redirect" }, cookie });
    expect(off.headers.get("location")).toBe("/account?newsletter=off");
    const shownOff = decoded(await (await page("en", "/account?newsletter=off", { cookie })).text());
    expect(shownOff).toContain("You do not receive the newsletter.");
    expect(shownOff).toContain("You will no longer receive the newsletter.");
    expect(await shop.services.customers.authenticate(session.accessToken)).toMatchObject({ email, isSubscribed: false });

    const back = await page("en", "/account/newsletter", { form: { subscribe: "1", reply: "redirect" }, cookie });
    expect(back.headers.get("location")).toBe("/account?newsletter=on");
    expect(decoded(await (await page("en", "/account", { cookie })).text())).toContain("You receive the newsletter.");

    // Behind login.
    const guest = await page("en", "/account/newsletter", { form: { subscribe: "1" } });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/account\/login/);
  });
});
