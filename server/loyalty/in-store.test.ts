// Members who joined at a brand store's till (decision 0072, spec §8 "no valid aClass account"):
// registering with "I am a member already" links that membership, or is refused with the
// specification's message at the email field, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_PASSWORD } from "../../tests/helpers/customers.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

let serial = 0;
const newEmail = () => `jasen.${process.pid}.${Date.now()}.${++serial}@example.com`;
type Refusal = { code: string; message: string; field?: string }[];

async function register(email: string, store: "en" | "fi", loyaltyMember: boolean) {
  return shopClient(shop).call<Refusal & { customer?: { email: string } }>("POST", "/api/customer/customer", {
    store,
    body: {
      firstname: "Aino",
      lastname: "Jäsen",
      email,
      newPassword: CUSTOMER_PASSWORD,
      confirmPassword: CUSTOMER_PASSWORD,
      ...(loyaltyMember ? { loyalty_member: true } : {}),
      captcha: await shop.captcha(),
    },
  });
}

describe("a member who joined at a till", () => {
  it("is refused with the specification's message when the email has no till membership, and nothing is written", async () => {
    const email = newEmail();
    const refused = await register(email, "fi", true);
    expect(refused.status).toBe(400);
    expect(refused.body[0]).toMatchObject({ code: "loyalty_member_not_found", field: "email" });
    expect(refused.body[0]?.message).toBe("Tähän sähköpostiosoitteeseen ei liity voimassa olevaa kanta-asiakasjäsenyyttä");
    const english = await register(email, "en", true);
    expect(english.body[0]?.message).toBe("There is no valid loyalty programme membership associated with this email address");
    // The refusal left no account behind: the same address registers without the box.
    expect((await register(email, "en", false)).status).toBe(201);
  });

  it("registers with the till's email in any case and finds the same member number in the account", async () => {
    const email = newEmail();
    const enrolled = await shop.services.loyalty.enrolInStore(email.toUpperCase(), "fi");
    expect(enrolled.joined).toBe(true);
    const again = await shop.services.loyalty.enrolInStore(email, "fi");
    expect(again).toEqual({ member_number: enrolled.member_number, joined: false });

    expect((await register(email, "en", true)).status).toBe(201);
    await shop.database.pool.query("UPDATE customers SET confirmed_at = now() WHERE email = $1", [email]);
    const login = await shopClient(shop).call<{ token: { accessToken: string } }>("POST", "/api/auth/login", {
      body: { email, password: CUSTOMER_PASSWORD },
    });
    const membership = await shopClient(shop).call<{ membership: { member_number: string; store_code: string } }>(
      "GET",
      "/api/loyalty/membership",
      { headers: { authorization: `Bearer ${login.body.token.accessToken}` } },
    );
    expect(membership.body.membership).toMatchObject({ member_number: enrolled.member_number, store_code: "fi" });
    // Linked once: a second account cannot take the same till membership.
    const { rows } = await shop.database.pool.query("SELECT count(*)::int AS n FROM loyalty_members WHERE member_number = $1", [
      enrolled.member_number,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it("is not enrolled at a till for an email that has an account", async () => {
    const email = newEmail();
    expect((await register(email, "en", false)).status).toBe(201);
    await expect(shop.services.loyalty.enrolInStore(email, "en")).rejects.toMatchObject({ code: "loyalty_email_has_account" });
    await expect(shop.services.loyalty.enrolInStore("not an email", "en")).rejects.toMatchObject({ code: "invalid_input" });
  });
});
