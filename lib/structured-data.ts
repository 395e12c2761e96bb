// schema.org JSON-LD for search engines: Product with offers and availability, and
// BreadcrumbList. Serialised so it can never close its <script> element.
import type { Breadcrumb, ProductDetails } from "./catalog-types.ts";

export function productJsonLd(
  product: Pick<
    ProductDetails,
    "name" | "sku" | "url_key" | "description" | "brand_value" | "stock_status" | "price_range" | "variants"
  > & { media_gallery: Pick<ProductDetails["media_gallery"][number], "url">[] },
  origin: string,
  imageUrl: (url: string) => string,
) {
  const price = product.price_range;
  const offerOf = (sku: string, value: number, inStock: boolean) => ({
    "@type": "Offer",
    sku,
    price: value.toFixed(2),
    priceCurrency: price.minimum_price.final_price.currency,
    availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
  });
  const offers =
    product.variants.length > 0
      ? product.variants.map((v) =>
          offerOf(v.product.sku, v.product.price_range.minimum_price.final_price.value, v.product.stock_status === "IN_STOCK"),
        )
      : [offerOf(product.sku, price.minimum_price.final_price.value, product.stock_status === "IN_STOCK")];
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name.split(",")[0]?.trim() ?? product.name,
    sku: product.sku,
    // Once for the product, not in each of its variants' offers (all on this one page): 18
    // copies were 1.5 KB of a product page's HTML.
    url: `${origin}/p/${product.url_key}`,
    description: product.description,
    brand: { "@type": "Brand", name: product.brand_value },
    image: product.media_gallery.slice(0, 4).map((m) => `${origin}${imageUrl(m.url)}`),
    offers,
  };
}

export function breadcrumbJsonLd(items: Breadcrumb[], origin: string, home: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: home, url: `${origin}/` }, ...items.map((b) => ({ name: b.name, url: `${origin}/c/${b.url_path}` }))].map(
      (item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url }),
    ),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped, so no "</script>" can appear. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
