// The CMS forms as an API client sees them (docs/decisions/0028): a contact form with its image
// stored and mailed twice (customer service with the image and the sender as Reply-To, the
// sender's receipt in the store's language); refusals with the spec's texts in en and fi — an
// image over the limit (413, caught before the body is read when it is far over), bytes that are
// not what the name says, a bad address, no answer to the check against bots — and after every
// refusal nothing written: no row, no file, no mail.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let shop: TestShop;
let formsDir: string;

beforeAll(async () => {
  shop = await createTestShop({ mailer });
  formsDir = path.join(path.dirname(shop.services.mailOutbox), "forms");
});
afterAll(() => shop?.close());

const PNG = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
);
const GIF = new Uint8Array(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));

let serial = 0;
const newEmail = () => `asiakas.${Date.now()}.${++serial}@example.com`;

function contactForm(fields: Record<string, string> = {}, image?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }) {
  const form = new FormData();
  const values = {
    name: "Maija Meikäläinen",
    email: newEmail(),
    phone: "+358 40 123 4567",
    subject: "Koon vaihto",
    message: "Voinko vaihtaa takin kokoon M?",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (image) form.set("image", new File([image.bytes], image.name, { type: image.type }));
  return form;
}

// biome-ignore lint/suspicious/noExplicitAny: replies of many shapes, each checked by its assertions
type Reply = { status: number; body: any };
async function post(kind: string, form: FormData | string, store: "en" | "fi" = "en", captcha = true): Promise<Reply> {
  if (captcha && typeof form !== "string") form.set("captcha", await shop.captcha());
  const res = await shop.request(`/api/forms/${kind}`, { method: "POST", store, body: form });
  return { status: res.status, body: await res.json() };
}

async function written() {
  const rows = await shop.database.pool.query("SELECT count(*)::int AS n FROM form_submissions");
  const mails = await shop.database.pool.query("SELECT count(*)::int AS n FROM outbox WHERE kind LIKE 'form_%'");
  const files = fs.existsSync(formsDir) ? fs.readdirSync(formsDir).length : 0;
  return { rows: rows.rows[0].n as number, mails: mails.rows[0].n as number, files };
}

const mailsTo = (email: string) => sent.filter((m) => m.to === email || m.replyTo === email);

describe("the contact form", () => {
  it("stores a submission with its image and mails customer service (image attached) and the sender (in Finnish)", async () => {
    const form = contactForm({}, { bytes: PNG, name: "takki.png", type: "image/png" });
    const email = String(form.get("email"));
    const reply = await post("contact", form, "fi");
    expect(reply.status).toBe(201);
    const row = (await shop.database.pool.query("SELECT * FROM form_submissions WHERE id = $1", [reply.body.id])).rows[0];
    expect(row).toMatchObject({
      kind: "contact",
      store_code: "fi",
      email,
      subject: "Koon vaihto",
      attachment_name: "takki.png",
      attachment_type: "image/png",
    });
    expect(new Uint8Array(fs.readFileSync(path.join(formsDir, row.attachment_key)))).toEqual(PNG);
    expect(row.attachment_key).toMatch(/^[0-9a-f]{32}\.png$/);

    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(2);
    const toService = sent.find((m) => m.replyTo === email) as MailMessage;
    expect(toService.to).toBe("asiakaspalvelu@kauppa.example");
    expect(toService.subject).toBe("Yhteydenottolomake: Koon vaihto");
    expect(toService.text).toContain("Voinko vaihtaa takin kokoon M?");
    expect(toService.text).toContain("+358 40 123 4567");
    expect(toService.attachments).toEqual([
      { filename: "takki.png", contentType: "image/png", path: path.join(formsDir, row.attachment_key) },
    ]);
    const receipt = sent.find((m) => m.to === email) as MailMessage;
    expect(receipt.subject).toBe("Olemme vastaanottaneet viestisi");
    // A receipt repeats nothing the sender typed (any address can be given).
    expect(receipt.text).not.toContain("Koon vaihto");
    expect(receipt.html).not.toContain("Maija");
  });

  it("takes a form without an image or telephone, and a GIF", async () => {
    const plain = contactForm({ phone: "" });
    expect((await post("contact", plain)).status).toBe(201);
    const gif = contactForm({}, { bytes: GIF, name: "kuva.GIF", type: "image/gif" });
    expect((await post("contact", gif)).status).toBe(201);
  });

  it("refuses an image over the limit with the spec's text, in English and Finnish, writing nothing", async () => {
    const before = await written();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const en = await post("contact", contactForm({}, { bytes: big, name: "big.png", type: "image/png" }), "en");
    expect(en.status).toBe(413);
    expect(en.body[0]).toMatchObject({
      code: "file_too_large",
      field: "image",
      params: { fileSize: 5 },
      message: "The file you selected is too large. The maximum file size is 5 megabytes.",
    });
    // Far over the limit: refused from its length, before the body is read.
    const huge = new Uint8Array(8 * 1024 * 1024);
    huge.set(PNG);
    const fi = await post("contact", contactForm({}, { bytes: huge, name: "huge.png", type: "image/png" }), "fi");
    expect(fi.status).toBe(413);
    expect(fi.body[0].message).toBe("Valitsemasi tiedosto on liian suuri. Tiedoston enimmäiskoko on 5 megatavua.");
    expect(await written()).toEqual(before);
  });

  it("refuses a file whose bytes are not the image its name and type say (a PNG renamed .gif), or no image at all", async () => {
    const before = await written();
    const renamed = await post("contact", contactForm({}, { bytes: PNG, name: "kuva.gif", type: "image/gif" }), "en");
    expect(renamed.status).toBe(400);
    expect(renamed.body[0]).toMatchObject({ code: "file_type", field: "image", message: "The file must be a GIF, JPG or PNG image." });
    const text = await post("contact", contactForm({}, { bytes: Buffer.from("not an image"), name: "kuva.png", type: "image/png" }), "fi");
    expect(text.body[0]).toMatchObject({ code: "file_type", message: "Tiedoston on oltava GIF-, JPG- tai PNG-kuva." });
    const pdf = await post("contact", contactForm({}, { bytes: Buffer.from("%PDF-1.4"), name: "lasku.pdf", type: "application/pdf" }));
    expect(pdf.body[0].code).toBe("file_type");
    expect(await written()).toEqual(before);
  });

  it("refuses a bad address and missing fields at their field, in the store's language", async () => {
    const before = await written();
    const email = await post("contact", contactForm({ email: "maija@" }), "en");
    expect(email.status).toBe(400);
    expect(email.body[0]).toMatchObject({ code: "invalid_input", field: "email", message: "Please provide a valid email address" });
    const subject = await post("contact", contactForm({ subject: "  " }), "fi");
    expect(subject.body[0]).toMatchObject({ field: "subject", message: "Tämä kenttä on pakollinen" });
    const phone = await post("contact", contactForm({ phone: "soita minulle" }), "en");
    expect(phone.body[0]).toMatchObject({ field: "phone", message: "Please enter a valid telephone number" });
    expect(await written()).toEqual(before);
  });

  it("needs the answer of the check against bots, and refuses a body that is not a form", async () => {
    const before = await written();
    const missing = await post("contact", contactForm({}, { bytes: PNG, name: "takki.png", type: "image/png" }), "en", false);
    expect(missing.status).toBe(400);
    expect(missing.body[0]).toMatchObject({ code: "captcha_required", field: "captcha" });
    const forged = contactForm();
    forged.set("captcha", Buffer.from('{"challenge":{},"solution":{}}').toString("base64"));
    expect((await post("contact", forged, "en", false)).body[0].code).toBe("captcha_failed");
    const json = await shop.request("/api/forms/contact", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(400);
    expect(await written()).toEqual(before);
  });
});

describe("the accessibility feedback form", () => {
  it("takes feedback without an address (customer service only) and with one (and a receipt)", async () => {
    const anonymous = new FormData();
    anonymous.set("pageUrl", "/checkout");
    anonymous.set("message", "The pickup point list cannot be used with a keyboard.");
    const first = await post("accessibility-feedback", anonymous, "en");
    expect(first.status).toBe(201);
    await expect.poll(() => sent.filter((m) => m.text.includes("cannot be used with a keyboard")).length, { timeout: 10_000 }).toBe(1);
    const mail = sent.find((m) => m.text.includes("cannot be used with a keyboard")) as MailMessage;
    expect(mail).toMatchObject({ to: "asiakaspalvelu@kauppa.example", subject: "Accessibility feedback" });
    expect(mail.text).toContain("Page: /checkout");
    expect(mail.replyTo).toBeUndefined();

    const email = newEmail();
    const signed = new FormData();
    signed.set("email", email);
    signed.set("message", "Kuvista puuttuu tekstivastineet.");
    expect((await post("accessibility-feedback", signed, "fi")).status).toBe(201);
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(2);
    expect(sent.find((m) => m.to === email)?.subject).toBe("Kiitos saavutettavuuspalautteestasi");
  });

  it("needs a message, and a valid address when one is given", async () => {
    const empty = new FormData();
    empty.set("message", "");
    expect((await post("accessibility-feedback", empty)).body[0]).toMatchObject({
      code: "invalid_input",
      field: "message",
      params: { rule: "required" },
      message: "This field is required and cannot be empty",
    });
    const bad = new FormData();
    bad.set("email", "ei-osoite");
    bad.set("message", "Hei");
    expect((await post("accessibility-feedback", bad, "fi")).body[0]).toMatchObject({
      field: "email",
      message: "Anna kelvollinen sähköpostiosoite",
    });
  });
});
