import type { PriceRange } from "../../../lib/catalog-types.ts";
import { formatPrice, toCents } from "../../../lib/money.ts";
import { useT } from "../../lib/i18n.ts";
import { useRootData } from "../../lib/frame.ts";

export function useFormatPrice() {
  const root = useRootData();
  const format = root?.price ?? { symbol: "€", leftSide: false };
  return (amount: number | null | undefined) => (amount === null || amount === undefined ? "" : formatPrice(toCents(amount), format));
}

/**
 * A price as the EU price-indication rule wants it: the reduced price, and next to it the
 * lowest price of the 30 days before the reduction; ranges say "from". Hidden when the
 * store does not show prices.
 */
export function Price({ range, size = "md" }: { range: PriceRange; size?: "md" | "lg" }) {
  const root = useRootData();
  const t = useT();
  const format = useFormatPrice();
  if (root && !root.showPrices) return null;
  const min = range.minimum_price;
  const isRange = min.final_price.value !== range.maximum_price.final_price.value;
  const reduced = min.discount.percent_off > 0 && min.lowest_prior_price !== null;
  const main = format(min.final_price.value);
  const big = size === "lg" ? "text-2xl" : "text-base";
  return (
    <div className="price-row">
      <span
        data-testid={size === "lg" ? "product-price" : "card-price"}
        className={reduced ? `${big} font-semibold text-sale` : `${big} font-semibold`}
      >
        {isRange ? t("product.from", { price: main }) : main}
      </span>
      {reduced ? (
        <>
          <span className="rounded bg-sale px-1.5 py-0.5 text-xs font-semibold text-white">
            {t("product.save", { percent: min.discount.percent_off })}
          </span>
          <span className="w-full text-xs text-muted">{t("product.lowestPrior", { price: format(min.lowest_prior_price?.value) })}</span>
        </>
      ) : null}
    </div>
  );
}

/** A search or recommendation product's selling price (euros, lowest–highest): "from" for a range; hidden when the store shows no prices. */
export function SellingPrice({ price, className = "" }: { price?: { min: number; max: number }; className?: string }) {
  const root = useRootData();
  const t = useT();
  const format = useFormatPrice();
  if (!root?.showPrices || !price) return null;
  return (
    <span className={`text-sm tabular-nums ${className}`}>
      {price.max > price.min ? t("product.from", { price: format(price.min) }) : format(price.min)}
    </span>
  );
}
