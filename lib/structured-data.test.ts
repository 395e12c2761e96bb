import { describe, expect, it } from "vitest";
import type { PriceRange, Variant } from "./catalog-types.ts";
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from "./structured-data.ts";

function priceRange(value: number): PriceRange {
  const bound = {
    regular_price: { value, currency: "EUR" },
    final_price: { value, currency: "EUR" },
    discount: { amount_off: 0, percent_off: 0 },
    lowest_prior_price: null,
  };
  return { minimum_price: bound, maximum_price: bound };
}

const variant = (sku: string, value: number, inStock: boolean): Variant => ({
  attributes: [],
  product: { sku, stock_status: inStock ? "IN_STOCK" : "OUT_OF_STOCK", only_x_left_in_stock: null, price_range: priceRange(value) },
});

describe("structured data", () => {
  it("can never close its script element", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });

  it("numbers breadcrumbs from the front page", () => {
    const list = breadcrumbJsonLd([{ uid: "a", name: "Women", url_path: "women" }], "https://shop.example", "Kauppa");
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Kauppa", item: "https://shop.example/" },
      { "@type": "ListItem", position: 2, name: "Women", item: "https://shop.example/c/women" },
    ]);
  });

  it("offers each variant at its price and availability, on the product's one page", () => {
    const data = productJsonLd(
      {
        name: "Nietos rain jacket, women",
        sku: "KP-1",
        url_key: "nietos-rain-jacket-1",
        description: "Waterproof.",
        brand_value: "Kauppa",
        stock_status: "IN_STOCK",
        price_range: priceRange(249),
        variants: [variant("KP-1-S", 249, true), variant("KP-1-M", 199.5, false)],
        media_gallery: [{ url: "/img/p/1" }],
      },
      "https://shop.example",
      (url) => `${url}?w=1000`,
    );
    expect(data).toMatchObject({
      name: "Nietos rain jacket",
      url: "https://shop.example/p/nietos-rain-jacket-1",
      image: ["https://shop.example/img/p/1?w=1000"],
    });
    expect(data.offers).toEqual([
      { "@type": "Offer", sku: "KP-1-S", price: "249.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
      { "@type": "Offer", sku: "KP-1-M", price: "199.50", priceCurrency: "EUR", availability: "https://schema.org/OutOfStock" },
    ]);
  });
});
