// Mini cart (spec §2): a bag icon with the item count. On a phone it links to the cart; on a
// desktop it opens a card (600 px wide, items up to 400 px high) with the items, the grand
// total and buttons to the cart and — with items — to checkout. It opens on the global
// open-minicart event (adding to the cart raises it) and closes on a change of the route or
// its query, a click outside, Escape and focus moving on past it. Opened by an add to cart,
// it takes the focus (its heading), so the keyboard can reach it; Escape gives the focus back
// to whatever opened it. Until the page is hydrated (and always without JavaScript) the bag is
// a plain link to the cart page on every screen. Hidden when shopping is disabled in the store. The cart is loaded only when the card opens: before that the
// badge reads the count from the API's cart_qty cookie, so guest pages stay cacheable.
import { formatShopDateTime } from "../../../lib/dates.ts";
import { useCartAsSeen } from "../../lib/offline-cart.ts";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../ui/router-link.tsx";
import type { CartItem } from "../../../lib/cart-types.ts";
import { imageUrl } from "../../../lib/image-url.ts";
import { cartStore, cookieQuantity, OPEN_MINICART_EVENT, useCart } from "../../lib/cart.ts";
import { useT } from "../../lib/i18n.ts";
import { shortName } from "../../../lib/product-name.ts";
import { BagIcon } from "../ui/icons.tsx";
import { useFormatPrice } from "../ui/price.tsx";
import { useDismiss } from "../../lib/use-dismiss.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useRootData } from "../../lib/frame.ts";

/** The desktop breakpoint (spec §9: 992 px), where the icon opens the card instead of linking to the cart. */
const DESKTOP = "(min-width: 992px)";

function Badge({ count }: { count: number }) {
  return (
    <span aria-hidden="true" data-cart-count={count} className={count > 0 ? "cart-count" : "cart-count invisible"}>
      {count > 0 ? (count > 99 ? "99+" : count) : null}
    </span>
  );
}

/** The chosen options of a line in a few words: colour and size, custom options, gift-card recipient. */
export function useItemOptions() {
  const t = useT();
  const format = useFormatPrice();
  return (item: CartItem, { labels = true } = {}): string[] => [
    ...item.configurable_options.map((o) => (labels ? `${o.option_label}: ${o.value_label}` : o.value_label)),
    ...(item.giftcard_amount ? [format(item.giftcard_amount.value)] : []),
    ...(item.recipient_name ? [`${t("cart.recipient")}: ${item.recipient_name}`] : []),
    ...[...item.customizable_options]
      .sort((a, b) => a.sort_order - b.sort_order)
      .map((o) => `${o.label}: ${o.values.map((v) => v.label || v.value).join(", ")}`),
  ];
}

/** Spec §2: the mini cart's total always has two decimals (the shop writes a zero price as "0 €"). */
const twoDecimals = (price: string) => price.replace(/^(\D*)0(?![\d,])/, (_, symbol: string) => `${symbol}0,00`);

export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-muted">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-line border-t-accent" />
      {label}
    </p>
  );
}

export function MiniCart({ buttonClassName = "" }: { buttonClassName?: string }) {
  const root = useRootData();
  const t = useT();
  const format = useFormatPrice();
  const options = useItemOptions();
  const { status, cart } = useCart();
  const seen = useCartAsSeen(cart, options);
  const [open, setOpen] = useState(false);
  const [cookieCount, setCookieCount] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Where Escape sends the focus back: the bag button, or the add-to-cart button that opened the card. */
  const opener = useRef<HTMLElement | null>(null);
  /** Set when the card opened by itself: it takes the focus once it is shown. */
  const focusOnOpen = useRef(false);
  const hydrated = useHydrated();
  const cardId = useId();
  const titleId = useId();
  const { pathname, search } = useLocation();

  useEffect(() => {
    const onOpen = () => {
      // On a phone the icon is a link to the cart: the count in the badge is all that changes.
      if (!window.matchMedia(DESKTOP).matches) return;
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : button.current;
      focusOnOpen.current = true;
      setOpen(true);
      void cartStore.load();
    };
    // Back in this tab: another tab may have changed the cart (the cookie tells).
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      if (cartStore.get().status === "idle") setCookieCount(cookieQuantity());
      else cartStore.sync();
    };
    window.addEventListener(OPEN_MINICART_EVENT, onOpen);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener(OPEN_MINICART_EVENT, onOpen);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  // On the first page and each route or query change: the card closes and the badge reads the
  // cookie (coming back from checkout, the order has cleared it). A state set to the value it has
  // is skipped: in hydration it would cost a render of its own (issue 16).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a route or query change
  useEffect(() => {
    if (open) setOpen(false);
    if (cartStore.get().status === "idle") {
      const count = cookieQuantity();
      if (count !== cookieCount) setCookieCount(count);
    } else cartStore.sync();
  }, [pathname, search]);

  // The card opened by itself (an add to cart): move the focus into it, or the next Tab would close it.
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    heading.current?.focus();
  }, [open]);

  useDismiss(open, setOpen, wrapper, opener);

  if (!root?.shoppingEnabled) return null;
  // Offline, the badge shows the cart as last seen, as the offline cart page does, and says when.
  const count = seen ? seen.totalQuantity : cart ? cart.total_quantity : status === "loaded" ? 0 : cookieCount;
  const label = seen
    ? t("shell.cart.labelSeen", { count, time: formatShopDateTime(seen.savedAt, root.locale) })
    : t("shell.cart.label", { count });
  const items = cart?.items ?? [];
  const close = () => setOpen(false);

  return (
    <div ref={wrapper} className="relative">
      <Link
        to="/cart"
        title={seen ? label : undefined}
        className={`relative ${buttonClassName} ${hydrated ? "md:hidden" : ""}`}
        data-testid="minicart-link"
      >
        <BagIcon />
        <span className="sr-only">{label}</span>
        <Badge count={count} />
      </Link>
      {hydrated ? (
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={cardId}
          onClick={() => {
            opener.current = button.current;
            setOpen(!open);
            void cartStore.load();
          }}
          title={seen ? label : undefined}
          className={`relative ${buttonClassName} max-md:hidden`}
          data-testid="minicart-button"
        >
          <BagIcon />
          <span className="sr-only">{label}</span>
          <Badge count={count} />
        </button>
      ) : null}
      {/* A non-modal dialog: named by its heading, it stays open while the focus is inside it. */}
      <section id={cardId} role="dialog" aria-labelledby={titleId} hidden={!open} data-testid="minicart" className="mini-cart-card">
        {/* Drawn when it opens (only a script opens it): the page's HTML and its hydration carry the closed card alone. */}
        {open ? (
          <>
            <h2
              id={titleId}
              ref={heading}
              tabIndex={-1}
              className="text-lg font-semibold focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              {t("minicart.title")}
              {items.length ? <span className="ml-2 text-base font-normal text-muted">({t("minicart.count", { count })})</span> : null}
            </h2>
            {status !== "loaded" ? (
              <Spinner label={t("minicart.loading")} />
            ) : items.length === 0 ? (
              <p className="py-6 text-muted">{t("minicart.empty")}</p>
            ) : (
              <ul className="mt-3 max-h-[400px] divide-y divide-line overflow-y-auto border-y border-line pr-1">
                {items.map((item) => {
                  const name = shortName(item.product.name);
                  return (
                    <li key={item.id} className="flex gap-4 py-3">
                      <img
                        src={imageUrl(item.product.image.url, { w: 100, h: 140 })}
                        alt=""
                        width={50}
                        height={70}
                        className="h-[70px] w-[50px] shrink-0 rounded bg-mist object-cover"
                      />
                      <div className="min-w-0 flex-1 text-sm">
                        <Link to={`/p/${item.product.url_key}`} onClick={close} className="font-medium hover:underline">
                          {name}
                        </Link>
                        {options(item, { labels: false }).length ? (
                          <p className="mt-0.5 text-muted">{options(item, { labels: false }).join(" · ")}</p>
                        ) : null}
                        <p className="mt-0.5 text-muted">{t("minicart.quantity", { count: item.quantity })}</p>
                      </div>
                      <p className="shrink-0 text-sm font-medium whitespace-nowrap">{format(item.prices.row_total_including_tax.value)}</p>
                    </li>
                  );
                })}
              </ul>
            )}
            {status === "loaded" && cart && items.length ? (
              <p className="mt-3 flex justify-between text-base font-semibold" data-testid="minicart-total">
                <span>{t("minicart.total")}</span>
                <span>{twoDecimals(format(cart.prices.grand_total.value))}</span>
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap justify-end gap-3">
              <Link to="/cart" onClick={close} className="rounded-full border border-ink px-5 py-2.5 text-sm font-medium hover:bg-mist">
                {t("minicart.toCart")}
              </Link>
              {status === "loaded" && items.length ? (
                <Link
                  to="/checkout"
                  onClick={close}
                  className="rounded-full bg-accent px-5 py-2.5 text-sm font-medium text-white hover:bg-accent-dark"
                >
                  {t("minicart.toCheckout")}
                </Link>
              ) : null}
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
