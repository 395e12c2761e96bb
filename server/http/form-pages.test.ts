// The CMS forms' page as a browser without JavaScript uses it, against the real production
// build through the shop's edge (docs/decisions/0028): /forms/contact shows the form alone; a
// sent form goes back to its page with `?sent=contact` (post/redirect/get) and is stored and
// mailed; a refused one is answered with the form, the problem at its field and the typed values
// kept; a body over the limit is never read and answered with spec §5's message; the
// accessibility feedback and newsletter forms work the same way. Both languages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageRequest } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createApp } from "../app.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let shop: TestShop;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // The client address from X-Forwarded-For, so each test has its own answer-less turn.
  shop = await createTestShop({ mailer, config: { TRUSTED_PROXY_HOPS: 1 } });
  const pages = await loadBuiltPages();
  app = createApp({ services: shop.services, pages, logError: () => {} });
});
afterAll(() => shop?.close());

let serial = 0;
const newEmail = () => `sivu.lomake.${Date.now()}.${++serial}@example.com`;
/** Each test its own client address: without an answer to the check, one form per address. */
const forwardedFor = () => `198.51.100.${++serial}`;

const decoded = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

function post(store: "en" | "fi", pathname: string, form: FormData) {
  const host = store === "fi" ? "fi.localhost" : "localhost";
  return app.request(`http://${host}${pathname}`, { method: "POST", body: form, headers: { origin: `http://${host}` } });
}

function contact(fields: Record<string, string>) {
  const form = new FormData();
  const values = {
    name: "Matti Virtanen",
    email: newEmail(),
    subject: "Toimitus",
    message: "Milloin tilaukseni saapuu?",
    from: "/content/asiakaspalvelu",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}

describe("the contact form's page without JavaScript", () => {
  it("shows the form alone, labelled, posting multipart to its action", async () => {
    for (const [store, title] of [
      ["en", "Contact us"],
      ["fi", "Ota yhteyttä"],
    ] as const) {
      const res = await app.request(pageRequest(store, "/forms/contact"));
      const html = decoded(await res.text());
      expect(res.status).toBe(200);
      expect(html).toContain(`<h1 class="text-3xl font-semibold tracking-tight">${title}</h1>`);
      const form = /<form[^>]*action="\/forms\/contact"[^>]*>/.exec(html)?.[0] ?? "no form";
      expect(form).toContain('method="post"');
      expect(form).toMatch(/enctype="multipart\/form-data"/i);
      expect(html).toMatch(/<input[^>]*type="file"[^>]*name="image"/);
      expect(html).toContain(store === "en" ? "GIF, JPG or PNG, at most 5 MB" : "GIF, JPG tai PNG, enintään 5 Mt");
    }
    expect((await app.request(pageRequest("en", "/forms/nothing"))).status).toBe(404);
  });

  it("shows the image limit wherever the CMS places the form: the front page's contact form too", async () => {
    for (const store of ["en", "fi"] as const) {
      const html = decoded(await (await app.request(pageRequest(store, "/"))).text());
      expect(html).toMatch(/<form[^>]*action="\/forms\/contact"/);
      expect(html).toContain(store === "en" ? "GIF, JPG or PNG, at most 5 MB" : "GIF, JPG tai PNG, enintään 5 Mt");
    }
  });

  it("sends: back to its page with ?sent=contact, stored and mailed (the answer-less turn of the address)", async () => {
    const form = contact({});
    const email = String(form.get("email"));
    const res = await app.request("http://fi.localhost/forms/contact", {
      method: "POST",
      body: form,
      headers: { origin: "http://fi.localhost", "x-forwarded-for": forwardedFor() },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/content/asiakaspalvelu?sent=contact#form-contact");
    const rows = await shop.database.pool.query("SELECT kind, store_code FROM form_submissions WHERE email = $1", [email]);
    expect(rows.rows).toEqual([{ kind: "contact", store_code: "fi" }]);
    await expect.poll(() => sent.filter((m) => m.to === email || m.replyTo === email).length, { timeout: 10_000 }).toBe(2);
    const back = decoded(await (await app.request(pageRequest("fi", "/forms/contact?sent=contact"))).text());
    expect(back).toContain("Kiitos! Viestisi on lähetetty.");
    // The redirect's #form-contact lands on the form, where the thanks is.
    expect(back).toMatch(/<div id="form-contact"[^>]*data-form="contact"/);
  });

  it("refuses with the problem at its field and the typed values kept", async () => {
    const res = await post("en", "/forms/contact", contact({ email: "matti@", message: "Where is my order?" }));
    expect(res.status).toBe(400);
    const html = decoded(await res.text());
    expect(html).toContain("Failed sending the form. Please check the form and try again.");
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*-email-error"/);
    expect(html).toContain("Please provide a valid email address");
    expect(html).toContain('value="matti@"');
    expect(html).toContain("Where is my order?</textarea>");
  });

  it("answers a body over the limit from its length, unread, with spec §5's message, in both languages", async () => {
    for (const [store, message] of [
      ["en", "The file you selected is too large. The maximum file size is 5 megabytes."],
      ["fi", "Valitsemasi tiedosto on liian suuri. Tiedoston enimmäiskoko on 5 megatavua."],
    ] as const) {
      const before = (await shop.database.pool.query("SELECT count(*)::int AS n FROM form_submissions")).rows[0].n;
      const form = contact({});
      form.set("image", new File([new Uint8Array(6 * 1024 * 1024)], "huge.png", { type: "image/png" }));
      const res = await post(store, "/forms/contact", form);
      expect(res.status).toBe(413);
      const html = decoded(await res.text());
      expect(html).toContain(message);
      expect(html).toMatch(/<input[^>]*type="file"[^>]*aria-invalid="true"/);
      expect((await shop.database.pool.query("SELECT count(*)::int AS n FROM form_submissions")).rows[0].n).toBe(before);
    }
  });
});

describe("the other forms without JavaScript", () => {
  it("takes accessibility feedback without an address and subscribes to the newsletter", async () => {
    const feedback = new FormData();
    feedback.set("message", "Tuotekuvien vaihtoehtoiset tekstit puuttuvat.");
    feedback.set("pageUrl", "/p/takki");
    feedback.set("from", "/content/saavutettavuus");
    const one = await app.request("http://fi.localhost/forms/accessibility-feedback", {
      method: "POST",
      body: feedback,
      headers: { origin: "http://fi.localhost", "x-forwarded-for": forwardedFor() },
    });
    expect(one.headers.get("location")).toBe("/content/saavutettavuus?sent=accessibility-feedback#form-accessibility-feedback");

    const email = newEmail();
    const newsletter = new FormData();
    newsletter.set("email", email);
    newsletter.set("from", "/forms/newsletter");
    const two = await app.request("http://localhost/forms/newsletter", {
      method: "POST",
      body: newsletter,
      headers: { origin: "http://localhost", "x-forwarded-for": forwardedFor() },
    });
    expect(two.headers.get("location")).toBe("/forms/newsletter?sent=newsletter#form-newsletter");
    const rows = await shop.database.pool.query("SELECT 1 FROM newsletter_subscribers WHERE email = $1", [email]);
    expect(rows.rowCount).toBe(1);
    const page = decoded(await (await app.request(pageRequest("en", "/forms/newsletter?sent=newsletter#form-newsletter"))).text());
    expect(page).toContain("Thank you for subscribing to the newsletter.");
  });
});
