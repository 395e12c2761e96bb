// The CMS forms' pure rules, table-tested: an image by its first bytes, what the browser can tell
// of a chosen file (size first, then name and type), every field problem of a form at once, and
// the mails' escaping of what a sender typed.
import { describe, expect, it } from "vitest";
import { formProblems, formValues, imageProblem } from "../../lib/cms-forms.ts";
import { renderReceiptMail, renderSubmissionMail } from "../mail/templates/form-mails.ts";
import { sniffImageType } from "./attachment.ts";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("an image by its bytes", () => {
  it.each([
    ["PNG", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "image/png"],
    ["JPEG", bytes(0xff, 0xd8, 0xff, 0xe0), "image/jpeg"],
    ["GIF87a", new TextEncoder().encode("GIF87a..."), "image/gif"],
    ["GIF89a", new TextEncoder().encode("GIF89a..."), "image/gif"],
    ["a PNG cut short", bytes(0x89, 0x50, 0x4e, 0x47), null],
    ["a PDF", new TextEncoder().encode("%PDF-1.7"), null],
    ["a WebP", new TextEncoder().encode("RIFF....WEBP"), null],
    ["nothing", bytes(), null],
  ])("%s", (_, data, type) => {
    expect(sniffImageType(data)).toBe(type);
  });
});

describe("a chosen file in the browser", () => {
  const MB = 1024 * 1024;
  it.each([
    [{ size: 5 * MB, name: "a.png", type: "image/png" }, null],
    [{ size: 5 * MB + 1, name: "a.png", type: "image/png" }, "file_too_large"],
    [{ size: 6 * MB, name: "a.pdf", type: "application/pdf" }, "file_too_large"],
    [{ size: 10, name: "a.JPEG", type: "image/jpeg" }, null],
    [{ size: 10, name: "kuva", type: "" }, null],
    [{ size: 10, name: "a.pdf", type: "application/pdf" }, "file_type"],
    [{ size: 10, name: "a.png", type: "image/webp" }, "file_type"],
    [{ size: 10, name: "a.webp", type: "application/octet-stream" }, "file_type"],
  ])("%o → %s", (file, code) => {
    expect(imageProblem(file, 5)?.code ?? null).toBe(code);
  });
  it("says the limit in megabytes", () => {
    expect(imageProblem({ size: 3 * MB, name: "a.gif", type: "image/gif" }, 2.5)).toEqual({
      code: "file_too_large",
      params: { fileSize: 2.5 },
      field: "image",
    });
  });
});

describe("a form's problems, every one at once", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  it("names each field at fault with its rule", () => {
    const problems = formProblems(formValues("contact", form({ email: "x@", phone: "abc", message: "x".repeat(5001) })));
    expect(problems.map((p) => [p.field, p.error.params?.rule])).toEqual([
      ["name", "required"],
      ["email", "email"],
      ["phone", "telephone"],
      ["subject", "required"],
      ["message", "maxLength"],
    ]);
  });
  it("says how long a message must be (spec §5: Insert at least {count} characters)", () => {
    const problems = formProblems(formValues("contact", form({ name: "A", email: "a@b.fi", subject: "S", message: " Koko? " })));
    expect(problems.map((p) => [p.field, p.error.params])).toEqual([["message", { rule: "minLength", minLength: 10 }]]);
  });
  it("takes a contact form without a telephone, and feedback with only a message", () => {
    expect(formProblems(formValues("contact", form({ name: "A", email: "a@b.fi", subject: "S", message: "Missä tilaus?" })))).toEqual([]);
    expect(formProblems(formValues("accessibility-feedback", form({ message: "Kontrasti on heikko" })))).toEqual([]);
    expect(formProblems(formValues("accessibility-feedback", form({ message: " ", email: "no" }))).map((p) => p.field)).toEqual([
      "email",
      "message",
    ]);
  });
});

describe("the forms' mails", () => {
  const submission = {
    id: 1,
    kind: "contact" as const,
    storeCode: "en",
    name: "<b>Eve</b>",
    email: "eve@example.com",
    phone: null,
    subject: "Hi & <script>",
    message: '<img src=x onerror="alert(1)">\nline two',
    pageUrl: null,
    attachmentKey: null,
    attachmentName: null,
    attachmentType: null,
    attachmentBytes: null,
    createdAt: new Date("2026-01-02T03:04:05Z"),
  };
  it("escape what the sender typed in HTML and keep it as typed in text", () => {
    const mail = renderSubmissionMail({ locale: "en", to: "cs@kauppa.example", submission, store: "en", attachment: null });
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toContain("<b>Eve</b>");
    expect(mail.html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;<br>line two");
    expect(mail.text).toContain('<img src=x onerror="alert(1)">\nline two');
    expect(mail.text).toContain("Telephone: (not given)");
    expect(mail.subject).toBe("Contact form: Hi & <script>");
    expect(mail.replyTo).toBe("eve@example.com");
  });
  it("send the receipt in the store's language", () => {
    expect(renderReceiptMail({ locale: "fi", to: "a@b.fi", kind: "accessibility-feedback" }).subject).toBe(
      "Kiitos saavutettavuuspalautteestasi",
    );
  });
});
