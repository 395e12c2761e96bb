import { describe, expect, it } from "vitest";
import type { Visibility } from "./cms-types.ts";
import { isBlockVisible, pageNames, SHOWN_EVERYWHERE, type VisibilityContext } from "./cms-visibility.ts";

const always: Visibility = SHOWN_EVERYWHERE;
const front: VisibilityContext = { loggedIn: false, isProductPage: false, path: "/" };
const product: VisibilityContext = { loggedIn: false, isProductPage: true, path: "/p/vaellustakki", sku: "JKT-100" };
const category: VisibilityContext = { loggedIn: true, isProductPage: false, path: "/c/naiset/takit", categoryUid: "Y2F0LTEy" };
const content: VisibilityContext = { loggedIn: false, isProductPage: false, path: "/content/brand-store-oulu" };

describe("isBlockVisible (spec §4 CMS block display)", () => {
  it.each<[string, Partial<Visibility>, VisibilityContext, boolean]>([
    ["shown with no conditions", {}, front, true],
    ["hidden when the visibility flag is off", { isVisible: false }, front, false],
    ["flag off wins over a matching whitelist", { isVisible: false, pages: ["index"] }, front, false],
    // Login status
    ["All: a guest", { showForLoginStatus: "All" }, front, true],
    ["All: a customer", { showForLoginStatus: "All" }, category, true],
    ["Logged In: a customer", { showForLoginStatus: "Logged In" }, category, true],
    ["Logged In: not a guest", { showForLoginStatus: "Logged In" }, front, false],
    ["Logged Out: a guest", { showForLoginStatus: "Logged Out" }, front, true],
    ["Logged Out: not a customer", { showForLoginStatus: "Logged Out" }, category, false],
    // Product pages
    ["product pages allowed", { showOnProductPages: true }, product, true],
    ["product pages refused", { showOnProductPages: false }, product, false],
    ["product-page rule leaves other pages alone", { showOnProductPages: false }, front, true],
    // Whitelist of pages
    ["page: index is the front page", { pages: ["index"] }, front, true],
    ["page: index is not another page", { pages: ["index"] }, content, false],
    ["page: last path segment", { pages: ["brand-store-oulu"] }, content, true],
    ["page: the whole slug", { pages: ["content/brand-store-oulu"] }, content, true],
    ["page: slashes around the slug", { pages: ["/content/brand-store-oulu/"] }, content, true],
    ["page: another page", { pages: ["privacy"] }, content, false],
    ["page: an empty entry is no condition", { pages: [""] }, content, true],
    // Whitelist of categories
    ["category: a match", { categoryIDs: ["Y2F0LTEy"] }, category, true],
    ["category: another category", { categoryIDs: ["Y2F0LTk5"] }, category, false],
    ["category: a page without a category", { categoryIDs: ["Y2F0LTEy"] }, front, false],
    // Whitelist of products
    ["sku: exact", { productSKUs: ["JKT-100"] }, product, true],
    ["sku: case-insensitive", { productSKUs: ["jkt-100"] }, product, true],
    ["sku: another product", { productSKUs: ["JKT-200"] }, product, false],
    ["sku: a page without a product", { productSKUs: ["JKT-100"] }, front, false],
    ["any condition of several matches", { categoryIDs: ["Y2F0LTk5"], pages: ["index"], productSKUs: ["X"] }, front, true],
    // Blacklist
    ["blacklist: hidden where it matches", { whitelist: false, pages: ["index"] }, front, false],
    ["blacklist: shown elsewhere", { whitelist: false, pages: ["index"] }, content, true],
    ["blacklist: sku case-insensitive", { whitelist: false, productSKUs: ["jkt-100"] }, product, false],
    ["blacklist: another category shows", { whitelist: false, categoryIDs: ["Y2F0LTk5"] }, category, true],
    ["blacklist without conditions shows everywhere", { whitelist: false }, front, true],
    // Rules combine
    ["whitelisted but for customers only, to a guest", { pages: ["index"], showForLoginStatus: "Logged In" }, front, false],
    ["whitelisted sku but not on product pages", { productSKUs: ["JKT-100"], showOnProductPages: false }, product, false],
  ])("%s", (_name, visibility, context, expected) => {
    expect(isBlockVisible({ ...always, ...visibility }, context)).toBe(expected);
  });
});

describe("pageNames", () => {
  it("names the front page index", () => {
    expect(pageNames("/")).toEqual(["index"]);
    expect(pageNames("")).toEqual(["index"]);
  });
  it("gives the last segment and the slug, without query or fragment", () => {
    expect(pageNames("/content/privacy?x=1#top")).toEqual(["privacy", "content/privacy"]);
    expect(pageNames("/kampanja/")).toEqual(["kampanja"]);
  });
});
