// What a client that is not a browser sends a page's action (issue 36): JSON, text, XML, a
// multipart body without its boundary or with a broken one, or no type at all. Each is refused
// at the edge (415 for a body that is not a form, 400 for a form that cannot be read) with the
// page's error in the store's language, never a 500 or a stack trace; a browser's form still
// reaches the action. The real production build, through the shop's edge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createApp } from "../app.ts";

let shop: TestShop;
let app: ReturnType<typeof createApp>;
const unexpected: unknown[] = [];

beforeAll(async () => {
  shop = await createTestShop();
  const pages = await loadBuiltPages();
  app = createApp({ services: shop.services, pages, logError: (error) => unexpected.push(error) });
});
afterAll(() => shop?.close());

/** Every page with an action, and the sandbox's payment page. */
const ACTIONS = [
  "/cart",
  "/cart.data",
  "/p/any-product",
  "/account/login",
  "/account/register",
  "/account/forgot-password",
  "/account/reset-password",
  "/account/logout",
  "/account/edit/password",
  "/account/edit/address",
  "/account/edit/user-info",
  "/account/newsletter",
  "/account/loyalty",
  "/account/wishlist",
  "/newsletter",
  "/newsletter/unsubscribe",
  "/forms/contact",
  "/cookie-consent",
  "/checkout",
  "/payments/sandbox/abc",
];

const NOT_FORMS: { type: string | null; body: string }[] = [
  { type: "application/json", body: '{"email":"a@example.com","password":"x"}' },
  { type: "text/plain", body: "email=a@example.com" },
  { type: "application/xml", body: "<login><email>a@example.com</email></login>" },
  { type: null, body: "email=a%40example.com" },
  { type: null, body: "" },
];

const BROKEN_FORMS = [
  { type: "multipart/form-data", body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--" },
  { type: "multipart/form-data; boundary=x", body: "no parts here" },
];

function post(store: "en" | "fi", path: string, type: string | null, body: string) {
  const headers: Record<string, string> = { origin: `http://${TEST_DOMAINS[store]}` };
  if (type) headers["content-type"] = type;
  return app.request(`http://${TEST_DOMAINS[store]}${path}`, { method: "POST", headers, body });
}

describe("a page's action sent what a browser's form is not", () => {
  it.each(ACTIONS)("%s: a body that is not a form is a 415, in the store's language", async (path) => {
    for (const { type, body } of NOT_FORMS) {
      const en = await post("en", path, type, body);
      expect(en.status, `${type} ${JSON.stringify(body)}`).toBe(415);
      expect(en.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await en.text()).toContain("This page takes a form");
      const fi = await post("fi", path, type, body);
      expect(fi.status).toBe(415);
      expect(await fi.text()).toContain("Tälle sivulle lähetetään lomake");
    }
    expect(unexpected).toEqual([]);
  });

  it.each(ACTIONS)("%s: a form that cannot be read is a 400", async (path) => {
    for (const { type, body } of BROKEN_FORMS) {
      const response = await post("fi", path, type, body);
      expect(response.status, type).toBe(400);
      expect(await response.text()).toContain("Lomaketta ei voitu lukea");
    }
    expect(unexpected).toEqual([]);
  });

  it("still takes a browser's form: the cookie choice is saved and the shopper sent back", async () => {
    const response = await post("en", "/cookie-consent", "application/x-www-form-urlencoded", "choice=necessary&from=%2F");
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join(";")).toMatch(/consent=/);
  });
});
