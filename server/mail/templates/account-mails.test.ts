import { describe, expect, it } from "vitest";
import { LOCALE_CODES } from "../../../lib/locales.ts";
import { type AccountMailKind, renderAccountMail } from "./account-mails.ts";

const KINDS: AccountMailKind[] = ["confirm", "reset", "newsletter"];
const LINK = "https://kauppa.example/account/confirm?id=7&key=abc_DEF-123";

describe("account mails", () => {
  it.each(KINDS)("%s: text and HTML in each language, with the link whole and nothing left unformatted", (kind) => {
    const mails = LOCALE_CODES.map((locale) =>
      renderAccountMail({ kind, locale, to: "maija@example.com", firstname: "Maija <b>", link: LINK, values: { hours: 72, minutes: 60 } }),
    );
    for (const mail of mails) {
      expect(mail.to).toBe("maija@example.com");
      expect(mail.text).toContain(LINK);
      expect(mail.html).toContain(LINK.replace("&", "&#38;"));
      expect(mail.text).toContain("Maija <b>");
      expect(mail.html).not.toContain("<b>"); // the name is escaped
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[{}]/);
    }
    expect(mails[0]?.subject).not.toBe(mails[1]?.subject);
    expect(mails[1]?.html).toContain('lang="fi-FI"');
  });

  it("tells how long a key lasts", () => {
    const reset = renderAccountMail({ kind: "reset", locale: "fi", to: "a@example.com", link: LINK, values: { minutes: 60 } });
    expect(reset.text).toContain("Linkki on voimassa 60 minuuttia");
    expect(reset.text.startsWith("Hei,")).toBe(true);
  });
});
