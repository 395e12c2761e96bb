// Mini cart slot (spec §2 header "mini cart (hidden when shopping is disabled)"): a bag icon
// that links to the cart, with an item-count badge. The cart issue passes the count (and adds
// the desktop dropdown); while the count is 0 the badge shows nothing.
import { Link, useRouteLoaderData } from "react-router";
import { useT } from "../../lib/i18n.ts";
import type { RootData } from "../../root.tsx";
import { BagIcon } from "../ui/icons.tsx";

export function MiniCartSlot({ count = 0, className = "" }: { count?: number; className?: string }) {
  const root = useRouteLoaderData<RootData>("root");
  const t = useT();
  if (!root?.shoppingEnabled) return null;
  return (
    <Link to="/cart" className={`relative ${className}`}>
      <BagIcon />
      <span className="sr-only">{t("shell.cart.label", { count })}</span>
      <span
        aria-hidden="true"
        data-cart-count={count}
        className={`absolute top-0.5 right-0.5 min-w-[1.125rem] rounded-full bg-accent px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white ${count > 0 ? "" : "invisible"}`}
      >
        {count > 0 ? (count > 99 ? "99+" : count) : null}
      </span>
    </Link>
  );
}
