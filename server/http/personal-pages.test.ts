// Personal renders never reach the guest HTML cache (ARCHITECTURE "Identity, freshness,
// errors"): a render that read the shopper is answered `private, no-store` whatever its route
// declared, and a guest never gets a customer's page; catalogue pages, which never read the
// shopper, stay cached. First with a stand-in renderer (the handler's rule), then with the
// real production build (the shop's pages).
import { createContext, type RouterContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ShopContext } from "../../app/context.ts";
import type { Cart } from "../../lib/cart-types.ts";
import { COOKIES } from "../../lib/cookies.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { configurableVariant } from "../../tests/helpers/catalog-rows.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Authenticate, Customer } from "../identity.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { createPages, type RenderPage } from "./pages.ts";

const AINO: Customer = { id: 42, email: "aino@example.com", firstname: "Aino", lastname: "Virtanen" };

/** The accounts backend as the edge sees it: one known token; every question recorded. */
const asked: string[] = [];
const authenticate: Authenticate = async (token) => {
  asked.push(token);
  return token === "aino-token" ? AINO : null;
};

const AS_AINO = { cookie: `${COOKIES.authToken}=aino-token; ${COOKIES.loggedIn}=1` };
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

let shop: TestShop;
let cache: PageCache;
beforeAll(async () => {
  shop = await createTestShop({ authenticate });
});
afterAll(() => shop?.close());
beforeEach(() => {
  asked.length = 0;
});

const html = (body: string, cacheControl = PUBLIC) =>
  new Response(`<p>${body}</p>`, { headers: { "Content-Type": "text/html", "Cache-Control": cacheControl } });

describe("the page handler", () => {
  const key: RouterContext<ShopContext> = createContext<ShopContext>();
  const seen: Headers[] = [];
  let gate: Promise<void> = Promise.resolve();

  /** Greets the shopper — a personal render although it claims to be public. */
  const greeting: RenderPage = async (request, context) => {
    seen.push(request.headers);
    const { customer } = await context.get(key).shopper;
    if (customer) await gate;
    return html(customer ? `Hello ${customer.firstname}` : "Hello guest");
  };
  /** The same for everyone: reads nothing of the shopper. */
  const catalogue: RenderPage = async (request) => {
    seen.push(request.headers);
    return html("New arrivals");
  };
  const page = (render: RenderPage) => createPages(render, key, cache);
  const get = (render: RenderPage, headers: Record<string, string> = {}) =>
    page(render)(new Request("http://localhost/greeting", { headers }), shop.services, "en");

  beforeEach(() => {
    cache = createPageCache({ maxEntries: 10, ttlSeconds: 60 });
    seen.length = 0;
    gate = Promise.resolve();
  });

  it("answers a render that read the shopper private, no-store, keeps nothing, and the next guest gets their own", async () => {
    const customer = await get(greeting, AS_AINO);
    expect(await customer.text()).toBe("<p>Hello Aino</p>");
    expect(customer.headers.get("cache-control")).toBe("private, no-store");
    expect(customer.headers.get("x-cache")).toBeNull();
    expect(cache.size).toBe(0);

    const guest = await get(greeting);
    expect(await guest.text()).toBe("<p>Hello guest</p>");
    expect(guest.headers.get("cache-control")).toBe("private, no-store");
    expect(cache.size).toBe(0);
    expect(asked).toEqual(["aino-token"]);
  });

  it("never shares a customer's render under way with a guest asking for the same page meanwhile", async () => {
    let release = () => {};
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const customer = get(greeting, AS_AINO);
    const guest = get(greeting);
    release();
    expect(await (await customer).text()).toBe("<p>Hello Aino</p>");
    expect(await (await guest).text()).toBe("<p>Hello guest</p>");
    expect(cache.size).toBe(0);
  });

  it("makes a render that read a cookie personal too", async () => {
    const flag: RenderPage = async (_request, context) => html(`flag ${context.get(key).cookie(COOKIES.checkoutSuccess) ?? "none"}`);
    const response = await get(flag, { cookie: `${COOKIES.checkoutSuccess}=view-token` });
    expect(await response.text()).toBe("<p>flag view-token</p>");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(cache.size).toBe(0);
  });

  it("keeps a render that read nothing of the shopper, which never saw the identity headers, for every guest", async () => {
    const first = await get(catalogue, { ...AS_AINO, authorization: "Bearer aino-token", cart: "some-cart" });
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await get(catalogue);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe("<p>New arrivals</p>");
    expect(seen).toHaveLength(1);
    for (const name of ["cookie", "authorization", "cart"]) expect(seen[0]?.has(name)).toBe(false);
    expect(asked).toEqual([]);
  });
});

describe("the shop's pages", () => {
  let pages: BuiltPages;
  let customerCart: string;
  let productName: string;

  beforeAll(async () => {
    cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 });
    pages = await loadBuiltPages({ cache });
    // Aino's cart, with one product in it (made hers as the accounts backend will).
    const { call, newCart } = shopClient(shop);
    const variant = await configurableVariant(shop.database.pool, 1, 5);
    customerCart = await newCart();
    const added = await call("POST", "/api/cart/", {
      cart: customerCart,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    productName = (added.body as { cart: Cart }).cart.items[0]?.product.name ?? "";
    expect(productName).not.toBe("");
    await shop.database.pool.query("UPDATE carts SET customer_id = $1, expires_at = NULL WHERE id = $2", [AINO.id, customerCart]);
  });
  beforeEach(() => cache.clear());

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    pages(new Request(`http://localhost${pathname}`, { headers }), shop.services, "en");
  const escaped = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

  it("shows a customer their cart, privately; a guest after them — even one holding the cart's id — sees none of it", async () => {
    const customer = await get("/cart", { cookie: `${AS_AINO.cookie}; ${COOKIES.cartId}=${customerCart}` });
    expect(customer.status).toBe(200);
    expect(customer.headers.get("cache-control")).toBe("private, no-store");
    expect(await customer.text()).toContain(escaped(productName));

    const guest = await get("/cart");
    expect(guest.headers.get("x-cache")).toBeNull();
    expect(await guest.text()).not.toContain(escaped(productName));

    const withId = await get("/cart", { cookie: `${COOKIES.cartId}=${customerCart}` });
    expect(await withId.text()).not.toContain(escaped(productName));
    expect(withId.headers.getSetCookie().find((c) => c.startsWith(`${COOKIES.cartId}=`))).toMatch(/Max-Age=0/);
    expect(cache.size).toBe(0);
  });

  it("keeps a catalogue page a customer opened for the next guest (x-cache HIT), without asking who they are", async () => {
    const customer = await get("/c/women", AS_AINO);
    expect(customer.status).toBe(200);
    expect(customer.headers.get("x-cache")).toBe("MISS");
    expect(customer.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    const guest = await get("/c/women");
    expect(guest.headers.get("x-cache")).toBe("HIT");
    expect(await guest.text()).toBe(await customer.text());
    expect(asked).toEqual([]);
  });

  it("sends a logged-in customer away from the login page, privately; a guest gets the login page", async () => {
    const customer = await get("/account/login", AS_AINO);
    expect([302, 307]).toContain(customer.status);
    expect(customer.headers.get("location")).toBe("/");
    expect(customer.headers.get("cache-control")).toBe("private, no-store");
    const guest = await get("/account/login");
    expect(guest.status).toBe(200);
    expect(asked).toEqual(["aino-token"]);
  });
});
