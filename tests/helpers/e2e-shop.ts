// What the browser journeys share: the test shop's addresses per store, its API for finding
// products, and reading prices and texts the way a shopper sees them.
import type { Locator, Page } from "playwright-core";
import type { CategoryListing, ProductDetails } from "../../lib/catalog-types.ts";
import { formatPrice, toCents } from "../../lib/money.ts";
import { availableSizes } from "../../lib/variant-selection.ts";

export type Store = "en" | "fi";

/** The test shop on its port: each store's origin, and its API as that store. */
export function testShop(port: number) {
  const origin = (store: Store) => `http://${store === "fi" ? "fi." : ""}localhost:${port}`;
  const api = async <T>(store: Store, path: string): Promise<T> =>
    (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Store: store } })).json() as Promise<T>;
  return { origin, api };
}

/** Prices as the shop writes them, with ordinary spaces (the shop groups thousands with a no-break space). */
export const euros = (amount: number) => formatPrice(toCents(amount), { symbol: "€", leftSide: false }).replace(/\s/g, " ");
export const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
/** "1 234,50 €" → 1234.5 */
export const amount = (shown: string) => Number(shown.replace(/[^\d,-]/g, "").replace(",", "."));

export interface FoundProduct {
  product: ProductDetails;
  name: string;
  color: string;
  size: string;
  price: number;
}

/** The in-stock configurable products of a store's top categories, with their details, in the menu's order. */
export async function* configurableProducts(api: ReturnType<typeof testShop>["api"], store: Store): AsyncGenerator<ProductDetails> {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
  for (const top of menu) {
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${encodeURIComponent(top.url_path)}&pageSize=100`);
    for (const item of listing.items) {
      if (item.__typename !== "ConfigurableProduct" || item.stock_status !== "IN_STOCK") continue;
      yield (await api<{ product: ProductDetails }>(store, `/api/catalog/productdetails/${item.url_key}`)).product;
    }
  }
}

/**
 * The skip-th in-stock configurable product with a colour that has at least two sizes in stock
 * and plenty of the second one (so other journeys' orders cannot sell it out). notFirstColour: a
 * colour other than the page's preselected one; price: the second size's price range in euros.
 */
/**
 * A colour's second available size with plenty left (no "only N left"), and its variant: what the
 * journeys buy, so that two journeys never meet at the last unit. Null when the colour has none.
 */
export function plentifulSize(product: ProductDetails, colorUid: string) {
  const sizes = product.configurable_options.find((o) => o.attribute_code === "size")?.values ?? [];
  const available = availableSizes(product, colorUid);
  if (available.length < 2) return null;
  const variant = product.variants.find(
    (v) =>
      v.attributes.some((a) => a.code === "color" && a.uid === colorUid) &&
      v.attributes.some((a) => a.code === "size" && a.uid === available[1]) &&
      v.product.stock_status === "IN_STOCK" &&
      v.product.only_x_left_in_stock === null,
  );
  const size = sizes.find((s) => s.uid === available[1]);
  return variant && size ? { variant, size } : null;
}

export async function findProduct(
  api: ReturnType<typeof testShop>["api"],
  store: Store,
  skip: number,
  { notFirstColour = false, price = [0, Number.POSITIVE_INFINITY] }: { notFirstColour?: boolean; price?: [number, number] } = {},
): Promise<FoundProduct> {
  let seen = 0;
  for await (const product of configurableProducts(api, store)) {
    const colors = product.configurable_options.find((o) => o.attribute_code === "color")?.values ?? [];
    for (const color of notFirstColour ? colors.slice(1) : colors) {
      const choice = plentifulSize(product, color.uid);
      const cost = choice?.variant.product.price_range.minimum_price.final_price.value ?? 0;
      if (!choice || cost < price[0] || cost > price[1]) continue;
      if (seen++ < skip) break;
      return {
        product,
        name: product.name.split(",")[0]?.trim() ?? product.name,
        color: color.label,
        size: choice.size.label,
        price: cost,
      };
    }
  }
  throw new Error("no such product in the demo data");
}

/** Spec §3 "Add to cart" on the product's page, as a shopper does it: colour, size, the button; the cart API's status. */
export async function addFromProductPage(page: Page, origin: string, found: FoundProduct, addLabel: string): Promise<number> {
  await page.goto(`${origin}/p/${found.product.url_key}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await page.getByRole("radio", { name: found.color, exact: true }).check({ force: true });
  await page.getByRole("radio", { name: found.size, exact: true }).check({ force: true });
  const added = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/cart/" && r.request().method() === "POST");
  await page.getByRole("button", { name: addLabel }).click();
  return (await added).status();
}

/** The checkout's first step as the shopper reads it: the address fields and home delivery. */
export const SHIPPING_LABELS = {
  en: {
    email: "Email",
    firstname: "First name",
    lastname: "Last name",
    street: "Street address",
    postcode: "Postcode",
    city: "City",
    country: "Country",
    telephone: "Telephone",
    home: /^Home delivery/,
  },
  fi: {
    email: "Sähköposti",
    firstname: "Etunimi",
    lastname: "Sukunimi",
    street: "Katuosoite",
    postcode: "Postinumero",
    city: "Postitoimipaikka",
    country: "Maa",
    telephone: "Puhelin",
    home: /^Kotiinkuljetus/,
  },
} as const;

/** Checkout step 1 as a shopper fills it in: a Finnish address and home delivery. */
export async function fillShippingAddress(page: Page, store: Store, email: string, { postcode = "00100" } = {}) {
  const t = SHIPPING_LABELS[store];
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.firstname, { exact: true }).fill("Aino");
  await page.getByLabel(t.lastname, { exact: true }).fill("Virtanen");
  await page.getByLabel(t.street, { exact: true }).fill("Mannerheimintie 1 A 2");
  await page.getByLabel(t.postcode, { exact: true }).fill(postcode);
  await page.getByLabel(t.city, { exact: true }).fill("Helsinki");
  await page.getByLabel(t.country, { exact: true }).selectOption("FI");
  await page.getByLabel(t.telephone, { exact: true }).fill("+358 40 123 4567");
  await page.getByRole("radio", { name: t.home }).check();
}
