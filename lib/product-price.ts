// The price of a product as configured on its page (spec §5): a chosen gift-card amount
// replaces the price; fixed-price custom options add to it.
import type { CustomOption, ProductDetails } from "./catalog-types.ts";
import { toCents } from "./money.ts";

export interface Configuration {
  /** Final price of the active variant (or the product), in cents. */
  baseCents: number;
  giftCardAmountUid?: string | null;
  /** Custom option uid → entered text (field/area) or chosen value uid (drop-down). */
  options?: Record<string, string>;
}

function optionCents(option: CustomOption, entered: string | undefined, baseCents: number): number {
  if (!entered) return 0;
  const priced = Array.isArray(option.value) ? option.value.find((v) => v.uid === entered) : entered.trim() ? option.value : undefined;
  if (!priced) return 0;
  return priced.price_type === "PERCENT" ? Math.round((baseCents * priced.price) / 100) : toCents(priced.price);
}

export function configuredPriceCents(product: Pick<ProductDetails, "giftcard_amounts" | "options">, configuration: Configuration): number {
  const amount = product.giftcard_amounts.find((a) => a.uid === configuration.giftCardAmountUid);
  const base = amount ? toCents(amount.value) : configuration.baseCents;
  return product.options.reduce((sum, option) => sum + optionCents(option, configuration.options?.[option.uid], base), base);
}
