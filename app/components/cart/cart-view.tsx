// The cart page's body: the shopper's own cart, loaded in the browser from /api/cart.
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Cart, CartItem } from "../../../lib/cart-types.ts";
import { MAX_CART_QUANTITY } from "../../../lib/cart-types.ts";
import { imageUrl } from "../../../lib/image-url.ts";
import { CartError, cartStore, QUANTITY_DEBOUNCE_MS, useCart } from "../../lib/cart.ts";
import { useT } from "../../lib/i18n.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import { shortName } from "../product/product-card.tsx";
import { useFormatPrice } from "../ui/price.tsx";

/** Quantity stepper: the change applies after a 1000 ms pause; on failure it reverts (spec §4). */
function Quantity({ item, onError }: { item: CartItem; onError: (key: MessageKey) => void }) {
  const t = useT();
  const [value, setValue] = useState(item.quantity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setValue(item.quantity), [item.quantity]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: number) => {
    const quantity = Math.min(MAX_CART_QUANTITY, Math.max(1, next));
    setValue(quantity);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      cartStore.update(item.id, quantity).catch((e) => {
        setValue(item.quantity);
        onError(e instanceof CartError ? e.key : "cartError.generic");
      });
    }, QUANTITY_DEBOUNCE_MS);
  };
  const name = shortName(item.product.name);
  return (
    <div className="flex items-center rounded-full border border-line">
      <button
        type="button"
        onClick={() => change(value - 1)}
        disabled={value <= 1}
        className="h-9 w-9 disabled:opacity-40"
        aria-label={t("cart.decrease", { name })}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_CART_QUANTITY}
        value={value}
        onChange={(e) => change(Number(e.target.value) || 1)}
        aria-label={t("cart.quantityOf", { name })}
        className="w-10 [appearance:textfield] bg-transparent text-center [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button type="button" onClick={() => change(value + 1)} className="h-9 w-9" aria-label={t("cart.increase", { name })}>
        +
      </button>
    </div>
  );
}

function CodeForm({
  label,
  name,
  action,
  applied,
  removeAction,
}: {
  label: string;
  name: string;
  action: string;
  applied: string | null;
  removeAction: string;
}) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  if (applied) {
    return (
      <p className="flex items-center justify-between gap-2 text-sm">
        <span>
          {label}: <strong>{applied}</strong>
        </span>
        <button type="button" className="underline" onClick={() => cartStore.extra(removeAction).catch(() => {})}>
          {t("cart.removeCode")}
        </button>
      </p>
    );
  }
  return (
    <form
      className="flex flex-col gap-1 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get(name) ?? "").trim();
        if (!value) return;
        setError(null);
        cartStore
          .extra(action, { [name === "coupon" ? "code" : name === "gift_card" ? "code" : name]: value })
          .catch((e: Error) => setError(e.message));
      }}
    >
      <label htmlFor={`cart-${name}`} className="font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={`cart-${name}`}
          name={name}
          className="flex-1 rounded border border-line px-3 py-2"
          aria-invalid={error !== null}
          aria-describedby={error ? `cart-${name}-error` : undefined}
        />
        <button type="submit" className="rounded-full border border-ink px-4 py-2 font-medium">
          {t("cart.apply")}
        </button>
      </div>
      {error ? (
        <p id={`cart-${name}-error`} role="alert" className="text-sale">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function Totals({ cart }: { cart: Cart }) {
  const t = useT();
  const format = useFormatPrice();
  const p = cart.prices;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
      <dt>{t("cart.subtotal")}</dt>
      <dd className="text-right">{format(p.subtotal_including_tax.value)}</dd>
      {p.discounts.map((d) => (
        <div key={d.label} className="contents text-sale">
          <dt>{d.label}</dt>
          <dd className="text-right">−{format(d.amount.value)}</dd>
        </div>
      ))}
      {p.gift_card ? (
        <>
          <dt>{t("cart.giftCard")}</dt>
          <dd className="text-right">−{format(p.gift_card.value)}</dd>
        </>
      ) : null}
      <dt className="mt-2 border-t border-line pt-2 text-base font-semibold">{t("minicart.total")}</dt>
      <dd className="mt-2 border-t border-line pt-2 text-right text-base font-semibold">{format(p.grand_total.value)}</dd>
      {p.applied_taxes.map((tax) => (
        <div key={tax.label} className="contents text-muted">
          <dt>{t("cart.vatIncluded", { rate: String(tax.rate).replace(".", ",") })}</dt>
          <dd className="text-right">{format(tax.amount.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CartView() {
  const t = useT();
  const format = useFormatPrice();
  const { status, cart, pending } = useCart();
  const [error, setError] = useState<MessageKey | null>(null);
  useEffect(() => {
    void cartStore.load();
  }, []);

  if (status !== "loaded") {
    return (
      <p role="status" className="flex items-center gap-2 text-muted">
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-line border-t-accent" />
        {t("minicart.loading")}
      </p>
    );
  }
  if (!cart || cart.items.length === 0) {
    return (
      <div className="flex flex-col items-start gap-6">
        <p className="text-muted">{t("cart.empty")}</p>
        <Link to="/" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("cart.continue")}
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-10 md:grid-cols-[2fr_1fr]">
      <div>
        {error ? (
          <p role="alert" className="mb-4 rounded bg-sale/10 px-3 py-2 text-sm font-medium text-sale">
            {t(error)}
          </p>
        ) : null}
        <ul className="divide-y divide-line border-y border-line">
          {cart.items.map((item) => (
            <li key={item.id} className="flex gap-4 py-4">
              <img src={imageUrl(item.product.image.url, { w: 200, h: 280 })} alt="" width={100} height={140} className="rounded bg-mist" />
              <div className="flex flex-1 flex-col gap-2">
                <div className="flex justify-between gap-4">
                  <div>
                    <p className="text-xs tracking-wide text-muted uppercase">{item.product.brand_value}</p>
                    <Link to={`/p/${item.product.url_key}`} className="font-medium hover:underline">
                      {shortName(item.product.name)}
                    </Link>
                    <p className="text-sm text-muted">
                      {[
                        ...item.configurable_options.map((o) => `${o.option_label}: ${o.value_label}`),
                        ...item.customizable_options.map((o) => `${o.label}: ${o.values.map((v) => v.label || v.value).join(", ")}`),
                        item.recipient_name ? `${t("product.giftCard.recipientName")}: ${item.recipient_name}` : "",
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </div>
                  <p
                    className={`text-right font-medium ${pending.includes(item.id) ? "animate-pulse text-muted" : ""}`}
                    aria-busy={pending.includes(item.id)}
                  >
                    {format(item.prices.row_total_including_tax.value)}
                  </p>
                </div>
                <div className="flex items-center gap-4">
                  <Quantity item={item} onError={setError} />
                  <button
                    type="button"
                    className="text-sm underline"
                    onClick={() =>
                      cartStore.remove(item.id).catch((e: Error) => setError(e instanceof CartError ? e.key : "cartError.generic"))
                    }
                  >
                    {t("cart.remove")}
                    <span className="sr-only">: {shortName(item.product.name)}</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <aside className="flex flex-col gap-5">
        <Totals cart={cart} />
        <Link to="/checkout" className="rounded-full bg-accent px-6 py-3.5 text-center font-semibold text-white hover:bg-accent-dark">
          {t("minicart.toCheckout")} · {format(cart.prices.grand_total.value)}
        </Link>
        <CodeForm
          label={t("cart.coupon")}
          name="coupon"
          action="coupon"
          removeAction="removeCoupon"
          applied={cart.applied_coupons[0]?.code ?? null}
        />
        <CodeForm
          label={t("cart.giftCard")}
          name="gift_card"
          action="giftCard"
          removeAction="removeGiftCard"
          applied={cart.applied_gift_card?.code ?? null}
        />
        <CodeForm
          label={t("cart.finnairPlus")}
          name="number"
          action="finnairPlusNumber"
          removeAction="removeFinnairPlusNumber"
          applied={cart.finnair_plus_number}
        />
      </aside>
    </div>
  );
}
