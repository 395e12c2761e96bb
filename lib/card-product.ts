// A product as a card in a grid or a slider shows it (app/components/product/product-card.tsx):
// a listing's product without its colours' pictures. The catalogue gives each colour its first
// picture so that the server can show a card in a filtered colour (shown_color); the card
// itself draws only the colour's dot, and the pictures were a sixth of a category page's data.
import type { ListingItem, ProductSummary } from "./catalog-types.ts";

export type CardColor = Omit<ProductSummary["colors"][number], "image">;
export type CardProduct = Omit<ListingItem, "colors"> & { colors: CardColor[] };

export function cardProduct(product: ListingItem): CardProduct {
  return { ...product, colors: product.colors.map(({ image: _image, ...color }) => color) };
}
