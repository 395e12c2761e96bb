// productBanner: a picture with a title, text and a link, and beside it the products it shows
// (resolved by the page, in the editor's order) as the shop's product cards.
import { useId } from "react";
import type { ProductBannerBlock } from "../../../../lib/cms-types.ts";
import { AdoptedProductCard } from "../../product/product-card.tsx";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { BlockTitle, LinkButton } from "../parts.tsx";
import { RichText } from "../rich-text.tsx";

export function ProductBanner({ block }: { block: ProductBannerBlock }) {
  const heading = useId();
  const products = block.products.slice(0, 4);
  return (
    <section aria-labelledby={heading} {...blockRoot(block, "grid gap-6 md:grid-cols-2 md:items-start")}>
      <div className="relative overflow-hidden rounded-lg bg-mist">
        {block.image ? (
          <CmsPicture
            image={block.image}
            width={720}
            ratio={4 / 5}
            sizes="(min-width: 992px) 50vw, 100vw"
            className="h-auto w-full object-cover"
          />
        ) : null}
        <div className="flex flex-col items-start gap-3 p-5">
          <BlockTitle id={heading}>{block.title}</BlockTitle>
          <RichText document={block.text} />
          {block.link ? <LinkButton link={block.link} /> : null}
        </div>
      </div>
      {products.length > 0 ? (
        <ul className="grid grid-cols-2 gap-4">
          {products.map((product) => (
            <AdoptedProductCard key={product.sku} product={product} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
