// The wishlist in the pages as a browser without JavaScript uses it, against the real production
// build (docs/decisions/0017): the heart on a cached product page is a form to the wishlist
// page's action; a guest's press leads to login with the product and the way back, and after
// the login the product is on the list and the shopper back on the product page. The list is
// private, shows each product, and its remove form works; a customer's heart on a category
// card adds and returns to the category.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIES } from "../../lib/cookies.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageRequest, type StoreCode } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

const PASSWORD = "Sydän-Tuote7";

let shop: TestShop;
let pages: BuiltPages;
/** A product with its page and one of its categories, in both stores. */
let product: { sku: string; url: Record<StoreCode, string>; name: Record<StoreCode, string>; category: Record<StoreCode, string> };

beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages();
  const { rows } = await shop.database.pool.query<{ sku: string; locale: StoreCode; url_key: string; name: string; url_path: string }>(`
    SELECT p.sku, t.locale, t.url_key, t.name, ct.url_path
    FROM products p
    JOIN product_translations t ON t.product_id = p.id
    JOIN LATERAL (SELECT category_id FROM product_categories pc JOIN categories c ON c.id = pc.category_id
                  WHERE pc.product_id = p.id AND c.level >= 3 ORDER BY pc.position LIMIT 1) pc ON true
    JOIN category_translations ct ON ct.category_id = pc.category_id AND ct.locale = t.locale
    WHERE p.id = (SELECT id FROM products WHERE enabled AND type = 'ConfigurableProduct' ORDER BY id LIMIT 1)`);
  const by = (locale: StoreCode) => rows.find((r) => r.locale === locale) as (typeof rows)[number];
  product = {
    sku: by("en").sku,
    url: { en: `/p/${by("en").url_key}`, fi: `/p/${by("fi").url_key}` },
    name: { en: by("en").name.split(",")[0] as string, fi: by("fi").name.split(",")[0] as string },
    category: { en: `/c/${by("en").url_path}`, fi: `/c/${by("fi").url_path}` },
  };
});
afterAll(() => shop?.close());

const page = (store: StoreCode, pathname: string, init?: Parameters<typeof pageRequest>[2]) =>
  pages(pageRequest(store, pathname, init), shop.services, store);

const setCookies = (response: Response) =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => (c.split(";")[0] ?? "").split("=") as [string, string]));

/** The hidden fields of the heart form for a sku in a page's HTML. */
function heartForm(html: string, sku: string): Record<string, string> {
  const form = [...html.matchAll(/<form[^>]*action="\/account\/wishlist"[^>]*>([\s\S]*?)<\/form>/g)]
    .map((m) => m[1] as string)
    .find((inner) => inner.includes(`value="${sku}"`));
  if (!form) throw new Error(`no wishlist form for ${sku}`);
  const decode = (v: string) =>
    v
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"');
  return Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], decode(m[2] as string)]),
  );
}

let serial = 0;
async function confirmedCustomer(store: StoreCode): Promise<string> {
  const email = `sydan.${Date.now()}.${++serial}@example.com`;
  const s = await shop.services.catalog.store(store);
  if (!s) throw new Error("no store");
  await shop.services.customers.register(s, {
    firstname: "Aino",
    lastname: "Asiakas",
    email,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
  });
  await shop.database.pool.query("UPDATE customers SET confirmed_at = now() WHERE email = $1", [email]);
  return email;
}

describe("the wishlist without JavaScript", () => {
  for (const store of ["en", "fi"] as const) {
    it(`${store}: a guest's heart leads to login, which keeps the product and goes back to the product page`, async () => {
      const email = await confirmedCustomer(store);
      const productPage = await page(store, product.url[store]);
      expect(productPage.status).toBe(200);
      // The page stays the same for everyone: cacheable, the heart not pressed.
      expect(productPage.headers.get("cache-control")).toMatch(/^public/);
      const html = await productPage.text();
      const fields = heartForm(html, product.sku);
      expect(fields).toEqual({ intent: "add", sku: product.sku, from: product.url[store] });
      const label = store === "en" ? `Add ${product.name.en} to wishlist` : `Lisää ${product.name.fi} toivelistalle`;
      expect(html).toContain(`aria-pressed="false" aria-label="${label}"`);

      const pressed = await page(store, "/account/wishlist", { form: fields });
      expect(pressed.status).toBe(302);
      const loginAt = pressed.headers.get("location") as string;
      expect(loginAt).toBe(`/account/login?${new URLSearchParams({ wishlist: product.sku, from: product.url[store] })}`);

      const loginPage = await (await page(store, loginAt)).text();
      expect(loginPage).toContain(store === "en" ? "Log in to keep a wishlist" : "Kirjaudu sisään, niin voit pitää toivelistaa");
      expect(loginPage).toContain(`name="wishlist" value="${product.sku}"`);
      expect(loginPage).toContain(`name="redirect" value="${product.url[store]}"`);

      const login = await page(store, "/account/login", {
        form: { email, password: PASSWORD, redirect: product.url[store], wishlist: product.sku },
      });
      expect(login.status).toBe(302);
      expect(login.headers.get("location")).toBe(product.url[store]);
      const session = `${COOKIES.authToken}=${setCookies(login)[COOKIES.authToken]}`;

      const list = await page(store, "/account/wishlist", { cookie: session });
      expect(list.status).toBe(200);
      expect(list.headers.get("cache-control")).toMatch(/private/);
      const listHtml = await list.text();
      expect(listHtml).toContain(product.name[store]);
      expect(listHtml).toContain(`href="${product.url[store]}"`);
      expect(listHtml).toContain(store === "en" ? "1 product" : "1 tuote");

      // Remove from the list page, as a form.
      const remove = heartForm(listHtml, product.sku);
      expect(remove).toEqual({ intent: "remove", sku: product.sku, from: "/account/wishlist" });
      const removed = await page(store, "/account/wishlist", { form: remove, cookie: session });
      expect(removed.status).toBe(302);
      expect(removed.headers.get("location")).toBe("/account/wishlist");
      const empty = await (await page(store, "/account/wishlist", { cookie: session })).text();
      expect(empty).toContain(store === "en" ? "Your wishlist is empty" : "Toivelistasi on tyhjä");
      expect(empty).not.toContain(`value="${product.sku}"`);
    });
  }

  it("a customer's heart on a category card adds the product and goes back to the category", async () => {
    const email = await confirmedCustomer("en");
    const login = await page("en", "/account/login", { form: { email, password: PASSWORD } });
    const session = `${COOKIES.authToken}=${setCookies(login)[COOKIES.authToken]}`;

    const category = await page("en", product.category.en);
    expect(category.status).toBe(200);
    expect(category.headers.get("cache-control")).toMatch(/^public/);
    const fields = heartForm(await category.text(), product.sku);
    expect(fields.from).toBe(product.category.en);

    const pressed = await page("en", "/account/wishlist", { form: fields, cookie: session });
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("location")).toBe(product.category.en);
    // Twice is once.
    await page("en", "/account/wishlist", { form: fields, cookie: session });
    const customer = await shop.services.authenticate(setCookies(login)[COOKIES.authToken] as string);
    const store = await shop.services.catalog.store("en");
    const [wishlist] = await shop.services.wishlist.get(store as NonNullable<typeof store>, {}, { customerId: customer?.id ?? null });
    expect(wishlist?.items_v2.items.map((i) => i.product.sku)).toEqual([product.sku]);

    // A `from` off the site is not followed.
    const away = await page("en", "/account/wishlist", { form: { ...fields, intent: "remove", from: "//evil.example/" }, cookie: session });
    expect(away.headers.get("location")).toBe("/account/wishlist");
    // An unknown product is said on the list page.
    const unknown = await page("en", "/account/wishlist", { form: { ...fields, sku: "NO-SUCH-SKU" }, cookie: session });
    expect(unknown.headers.get("location")).toBe("/account/wishlist?error=product_not_found");
    expect(await (await page("en", "/account/wishlist?error=product_not_found", { cookie: session })).text()).toContain(
      "The product could not be found",
    );
  });

  it("shows a long wishlist a page at a time, with links between the pages", async () => {
    const email = await confirmedCustomer("en");
    const login = await page("en", "/account/login", { form: { email, password: PASSWORD } });
    const token = setCookies(login)[COOKIES.authToken] as string;
    const session = `${COOKIES.authToken}=${token}`;
    const customer = await shop.services.authenticate(token);
    const store = await shop.services.catalog.store("en");
    if (!customer || !store) throw new Error("no customer or store");
    const { rows } = await shop.database.pool.query<{ sku: string }>("SELECT sku FROM products WHERE enabled ORDER BY id LIMIT 21");
    for (const { sku } of rows) await shop.services.wishlist.add(store, sku, { customerId: customer.id });

    const first = await (await page("en", "/account/wishlist", { cookie: session })).text();
    expect(first).toContain("21 products");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain('href="/account/wishlist?page=2"');
    expect(first.match(/data-wishlist-item=/g)).toHaveLength(20);
    const second = await (await page("en", "/account/wishlist?page=2", { cookie: session })).text();
    expect(second).toContain("Page 2 of 2");
    expect(second.match(/data-wishlist-item=/g)).toHaveLength(1);
    // The oldest is on the last page; its remove form comes back to that page.
    expect(heartForm(second, rows[0]?.sku as string)).toEqual({ intent: "remove", sku: rows[0]?.sku, from: "/account/wishlist?page=2" });
    const removed = await page("en", "/account/wishlist", { form: heartForm(second, rows[0]?.sku as string), cookie: session });
    expect(removed.headers.get("location")).toBe("/account/wishlist?page=2");
    // That page is gone now: the last page there is.
    const gone = await page("en", "/account/wishlist?page=2", { cookie: session });
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe("/account/wishlist");
  });
});
