// productSlider: the shop's product cards (listed skus, or a category's first products, resolved
// by the page) as a slider or a grid, at most `limit` of them.
import type { ProductSliderBlock } from "../../../../lib/cms-types.ts";
import { AdoptedProductCard } from "../../product/product-card.tsx";
import { BlockCollection } from "../parts.tsx";

export function ProductSlider({ block }: { block: ProductSliderBlock }) {
  const products = block.limit > 0 ? block.products.slice(0, block.limit) : block.products;
  if (products.length === 0) return null;
  return (
    <BlockCollection block={block} columns={4}>
      {products.map((product) => (
        <AdoptedProductCard key={product.sku} product={product} />
      ))}
    </BlockCollection>
  );
}
