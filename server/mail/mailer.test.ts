// The mailer's file transport writes what an SMTP server would get: a contact form's image as
// a real attachment, and replies addressed to the form's sender.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createMailer } from "./mailer.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-mailer-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("sends attachments from their files and a Reply-To", async () => {
  const image = path.join(dir, "a1b2.png");
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  fs.writeFileSync(image, png);
  const outbox = path.join(dir, "mail");
  await createMailer({ outbox }).send({
    to: "asiakaspalvelu@kauppa.example",
    subject: "Contact form: size",
    text: "Hello",
    html: "<p>Hello</p>",
    replyTo: "maija@example.com",
    attachments: [{ filename: "takki.png", path: image, contentType: "image/png" }],
  });
  const [file] = fs.readdirSync(outbox);
  const eml = fs.readFileSync(path.join(outbox, file as string), "utf8");
  expect(eml).toMatch(/^Reply-To: maija@example\.com$/m);
  expect(eml).toMatch(/Content-Type: image\/png; name=takki\.png/);
  expect(eml).toMatch(/Content-Disposition: attachment; filename=takki\.png/);
  expect(eml.replace(/\r?\n/g, "")).toContain(png.toString("base64"));
});
