// A shopper keeps a wishlist in the browser, in both stores (the en store on a desktop, the fi
// store on a phone): as a guest the heart on a product page opens the login modal, told why; after
// logging in the product is on the wishlist and the page is back, its heart pressed. Hearts on
// the product page and on a category card add and remove with a toast; the wishlist page lists
// what was kept and removes from it. axe-core checks each page.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryListing } from "../../lib/catalog-types.ts";
import { confirmedCustomer, logInBrowser } from "../helpers/customers.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin, api } = testShop(port);

const TEXT = {
  en: {
    email: "Email",
    password: "Password",
    login: "Log in",
    loginTitle: "Log in to your account",
    notice: "Log in to keep a wishlist",
    add: (name: string) => `Add ${name} to wishlist`,
    remove: (name: string) => `Remove ${name} from wishlist`,
    added: (name: string) => `${name} was added to your wishlist`,
    removed: (name: string) => `${name} was removed from your wishlist`,
    title: "Wishlist",
    removeButton: "Remove",
    empty: "Your wishlist is empty",
    failed: "Something went wrong on our side. Please try again.",
    loadFailed: "Your wishlist could not be loaded. Please try again in a moment.",
  },
  fi: {
    email: "Sähköposti",
    password: "Salasana",
    login: "Kirjaudu",
    loginTitle: "Kirjaudu asiakastilillesi",
    notice: "Kirjaudu sisään, niin voit pitää toivelistaa",
    add: (name: string) => `Lisää ${name} toivelistalle`,
    remove: (name: string) => `Poista ${name} toivelistalta`,
    added: (name: string) => `${name} lisättiin toivelistallesi`,
    removed: (name: string) => `${name} poistettiin toivelistaltasi`,
    title: "Toivelista",
    removeButton: "Poista",
    empty: "Toivelistasi on tyhjä",
    failed: "Valitettavasti jokin meni vikaan. Yritä hetken kuluttua uudelleen.",
    loadFailed: "Toivelistaa ei voitu ladata. Yritä hetken kuluttua uudelleen.",
  },
} as const;

const shortName = (name: string) => name.split(",")[0]?.trim() ?? name;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const journeys: [Store, keyof typeof VIEWPORTS][] = [
  ["en", "desktop"],
  ["fi", "mobile"],
];

describe.each(journeys)("a wishlist in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];
  let page: Page;
  beforeAll(async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    page = await context.newPage();
  });
  afterAll(() => page?.context().close());

  it("keeps products from the product page and a category card, and removes them on the wishlist page", async () => {
    // Two products of one category: one opened on its page, the other pressed on its card.
    const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
    const { menu } = await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
    const categoryPath = (menu[1] ?? menu[0])?.url_path as string;
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${encodeURIComponent(categoryPath)}`);
    const [first, second] = listing.items as [CategoryListing["items"][number], CategoryListing["items"][number]];
    const firstName = shortName(first.name);
    const secondName = shortName(second.name);

    // An account, confirmed by its mailed link.
    const { email, password } = await confirmedCustomer(port, mailDir, store, "Aino");

    // As a guest: the heart asks to log in (the login modal), saying why.
    const productPath = `/p/${first.url_key}`;
    await page.goto(`${origin(store)}${productPath}`);
    await waitForHydration(page);
    const main = page.locator("main");
    const heart = main.getByRole("button", { name: t.add(firstName) });
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    const modal = page.getByRole("dialog", { name: t.loginTitle });
    await modal.getByText(t.notice).waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    await snapshot(page, `wishlist-${store}-${viewport}-login-notice`);

    // Logged in: the page loads again as the customer's, the product kept, its heart pressed.
    await modal.getByLabel(t.email).fill(email);
    await modal.getByLabel(t.password).fill(password);
    const reloaded = page.waitForEvent("load");
    await modal.getByRole("button", { name: t.login }).click();
    await reloaded;
    expect(new URL(page.url()).pathname).toBe(productPath);
    await waitForHydration(page);
    const pressed = main.getByRole("button", { name: t.remove(firstName) });
    await expect.poll(() => pressed.getAttribute("aria-pressed"), { timeout: 10_000 }).toBe("true");
    await pressed.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await snapshot(page, `wishlist-${store}-${viewport}-product-kept`);

    // The heart takes it off and puts it back, each said in a toast.
    await pressed.click();
    await page.getByText(t.removed(firstName)).waitFor({ timeout: 10_000 });
    await expect.poll(() => main.getByRole("button", { name: t.add(firstName) }).getAttribute("aria-pressed")).toBe("false");
    await main.getByRole("button", { name: t.add(firstName) }).click();
    await page.getByText(t.added(firstName)).waitFor({ timeout: 10_000 });
    await expect.poll(() => main.getByRole("button", { name: t.remove(firstName) }).getAttribute("aria-pressed")).toBe("true");
    await snapshot(page, `wishlist-${store}-${viewport}-product-toast`);

    // On the category page: the kept product's heart is pressed, another one's is pressed now.
    await page.goto(`${origin(store)}/c/${categoryPath}`);
    await waitForHydration(page);
    const firstCard = page.locator(`[data-wishlist-heart="${first.sku}"]`);
    await expect.poll(() => firstCard.getAttribute("aria-pressed"), { timeout: 10_000 }).toBe("true");
    const secondCard = page.locator(`[data-wishlist-heart="${second.sku}"]`);
    expect(await secondCard.getAttribute("aria-label")).toBe(t.add(secondName));
    await secondCard.click();
    await page.getByText(t.added(secondName)).waitFor({ timeout: 10_000 });
    await expect.poll(() => secondCard.getAttribute("aria-pressed")).toBe("true");
    expect(new URL(page.url()).pathname).toBe(`/c/${categoryPath}`);
    await expectNoAxeViolations(page);
    await snapshot(page, `wishlist-${store}-${viewport}-category`);

    // A refused add says so in an error toast, and the heart stays as it was.
    const third = listing.items[2] as CategoryListing["items"][number];
    await page.route("**/api/wishlist/add", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify([{ code: "internal_error", message: "down" }]) }),
    );
    const thirdCard = page.locator(`[data-wishlist-heart="${third.sku}"]`);
    await thirdCard.click();
    await page.getByText(t.failed).waitFor({ timeout: 10_000 });
    expect(await thirdCard.getAttribute("aria-pressed")).toBe("false");
    await page.unroute("**/api/wishlist/add");

    // The wishlist page: newest first; remove one there.
    await page.goto(`${origin(store)}/account/wishlist`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
    const rows = page.locator("[data-wishlist-item]");
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-wishlist-item")))).toEqual([second.sku, first.sku]);
    await expectNoAxeViolations(page);
    await snapshot(page, `wishlist-${store}-${viewport}-page`);

    await main.getByRole("button", { name: t.remove(secondName) }).click();
    await page.getByText(t.removed(secondName)).waitFor({ timeout: 10_000 });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await main.getByRole("button", { name: t.remove(firstName) }).click();
    await page.getByText(t.empty).waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    await snapshot(page, `wishlist-${store}-${viewport}-empty`);
  });
});

describe.each(["en", "fi"] as const)("a wishlist that cannot be loaded (%s)", (store) => {
  it("says so in an error toast (spec §8) and leaves the hearts empty", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const customer = await confirmedCustomer(port, mailDir, store, "Aino");
    await logInBrowser(context, origin(store), store, customer);
    const page = await context.newPage();
    await page.route("**/api/wishlist/get*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify([{ code: "internal_error", message: "down" }]) }),
    );
    await page.goto(`${origin(store)}/c/${store === "fi" ? "naiset" : "women"}`);
    await waitForHydration(page);
    await page.getByText(TEXT[store].loadFailed).waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-wishlist-heart][aria-pressed="true"]').count()).toBe(0);
    await context.close();
  });
});
