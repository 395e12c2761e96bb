// Mini cart (spec §2): a bag icon with the item count. On a phone it links to the cart; on a
// desktop it opens a card (600 px wide, items up to 400 px high) with the items, the grand
// total and buttons to the cart and — with items — to checkout. It opens on the global
// open-minicart event (adding to the cart raises it) and closes on a change of the route's
// query or a click outside. Hidden when shopping is disabled in the store.
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { imageUrl } from "../../../lib/image-url.ts";
import { cartStore, cookieQuantity, OPEN_MINICART_EVENT, useCart } from "../../lib/cart.ts";
import { useT } from "../../lib/i18n.ts";
import type { RootData } from "../../root.tsx";
import { shortName } from "../product/product-card.tsx";
import { BagIcon } from "../ui/icons.tsx";
import { useFormatPrice } from "../ui/price.tsx";

function Badge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      data-cart-count={count}
      className={`absolute top-0.5 right-0.5 min-w-[1.125rem] rounded-full bg-accent px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white ${count > 0 ? "" : "invisible"}`}
    >
      {count > 0 ? (count > 99 ? "99+" : count) : null}
    </span>
  );
}

export function MiniCart({ className = "" }: { className?: string }) {
  const root = useRouteLoaderData<RootData>("root");
  const t = useT();
  const format = useFormatPrice();
  const { status, cart } = useCart();
  const [open, setOpen] = useState(false);
  const [cookieCount, setCookieCount] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const { search } = useLocation();

  useEffect(() => {
    setCookieCount(cookieQuantity());
    const onOpen = () => {
      setOpen(true);
      void cartStore.load();
    };
    window.addEventListener(OPEN_MINICART_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_MINICART_EVENT, onOpen);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a query change
  useEffect(() => setOpen(false), [search]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  if (!root?.shoppingEnabled) return null;
  const count = cart ? cart.total_quantity : status === "loaded" ? 0 : cookieCount;
  const label = t("shell.cart.label", { count });
  const items = cart?.items ?? [];

  return (
    <div ref={box} className={`relative ${className}`}>
      <Link to="/cart" className="relative flex h-11 w-11 items-center justify-center md:hidden">
        <BagIcon />
        <span className="sr-only">{label}</span>
        <Badge count={count} />
      </Link>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="minicart"
        onClick={() => {
          setOpen(!open);
          void cartStore.load();
        }}
        className="relative hidden h-11 w-11 items-center justify-center md:flex"
      >
        <BagIcon />
        <span className="sr-only">{label}</span>
        <Badge count={count} />
      </button>
      <section
        id="minicart"
        aria-label={t("minicart.title")}
        hidden={!open}
        className="absolute top-full right-0 z-40 mt-2 w-[600px] max-w-[calc(100vw-2rem)] rounded-lg border border-line bg-white p-5 shadow-xl transition-opacity duration-200 starting:opacity-0"
      >
        <h2 className="text-lg font-semibold">{t("minicart.title")}</h2>
        {status !== "loaded" ? (
          <p role="status" className="flex items-center gap-2 py-6 text-muted">
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-line border-t-accent" />
            {t("minicart.loading")}
          </p>
        ) : items.length === 0 ? (
          <p className="py-6 text-muted">{t("minicart.empty")}</p>
        ) : (
          <ul className="mt-3 max-h-[400px] divide-y divide-line overflow-y-auto">
            {items.map((item) => (
              <li key={item.id} className="flex gap-3 py-3">
                <img src={imageUrl(item.product.image.url, { w: 100, h: 140 })} alt="" width={50} height={70} className="rounded bg-mist" />
                <div className="flex-1 text-sm">
                  <p className="font-medium">{shortName(item.product.name)}</p>
                  <p className="text-muted">
                    {[...item.configurable_options.map((o) => o.value_label), t("minicart.quantity", { count: item.quantity })].join(" · ")}
                  </p>
                </div>
                <p className="text-sm font-medium">{format(item.prices.row_total_including_tax.value)}</p>
              </li>
            ))}
          </ul>
        )}
        {cart && items.length ? (
          <p className="mt-3 flex justify-between border-t border-line pt-3 font-semibold">
            <span>{t("minicart.total")}</span>
            <span>{format(cart.prices.grand_total.value)}</span>
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <Link to="/cart" onClick={() => setOpen(false)} className="rounded-full border border-ink px-5 py-2.5 text-sm font-medium">
            {t("minicart.toCart")}
          </Link>
          {items.length ? (
            <Link
              to="/checkout"
              onClick={() => setOpen(false)}
              className="rounded-full bg-accent px-5 py-2.5 text-sm font-medium text-white"
            >
              {t("minicart.toCheckout")}
            </Link>
          ) : null}
        </div>
      </section>
    </div>
  );
}
