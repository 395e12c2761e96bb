// Customers for the browser journeys: the links the shop mailed them, and a ready (registered
// and confirmed) customer of a store's own, made over the API as a client would.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { solvedCaptcha } from "./captcha.ts";
import { mailsIn } from "./mail.ts";
import type { Store } from "./e2e-shop.ts";

export const PASSWORD = "Sininen-Meri7";

/** The confirmation link of the newest mail to an address, as the shop wrote it (quoted-printable or base64 parts decoded). */
export function confirmationLink(mailDir: string, email: string): string | null {
  for (const eml of mailsIn(mailDir).reverse()) {
    if (!eml.includes(email)) continue;
    const plain = eml.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
    const decoded = [...eml.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
      Buffer.from(m[1] ?? "", "base64").toString("utf8"),
    );
    for (const part of [plain, ...decoded]) {
      const link = /https?:\/\/[^\s"<>]+\/account\/confirm\?id=\d+(?:&|&amp;)key=[\w-]+/.exec(part)?.[0];
      if (link) return link.replace(/&amp;/g, "&");
    }
  }
  return null;
}

/** Registers a new customer of the store over the API and confirms it with the mailed key. */
export async function confirmedCustomer(port: number, mailDir: string, store: Store, firstname = "Maija") {
  const email = `${store}-${randomUUID().slice(0, 8)}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: "POST",
      headers: { Store: store, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const captcha = await solvedCaptcha((path) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { Store: store } }));
  const registered = await post("/api/customer/customer", {
    captcha,
    firstname,
    lastname: "Meikäläinen",
    email,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(registered.status).toBe(201);
  await expect.poll(() => confirmationLink(mailDir, email), { timeout: 15_000 }).not.toBeNull();
  const link = new URL(confirmationLink(mailDir, email) as string);
  const confirmed = await post("/api/customer/confirmRegistration", {
    customerId: link.searchParams.get("id"),
    confirmationToken: link.searchParams.get("key"),
  });
  expect(confirmed.status).toBe(200);
  return { email, password: PASSWORD, firstname };
}
