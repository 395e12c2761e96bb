// The cart page's body (spec §2, §4, §8): the shopper's own cart, rendered on the server from
// the guest cart's cookie and then kept by the browser's cart store (/api/cart). Lines with image, name (a link to the product), the chosen options, a quantity
// stepper whose change is sent after a 1000 ms pause (the row's price shows that it is being
// worked out; a refused change puts the old quantity back and says why) and a remove button;
// the discount code and gift card; the order comment, loyalty card and Finnair Plus numbers;
// the totals with the VAT they contain, and the way on to checkout. An empty cart says so
// and links back to the shop. Every change is a plain form posted to the cart page, so all of
// it works without JavaScript; with it, the forms are sent by the cart store without a page load.
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "../ui/router-link.tsx";
import type { Cart, CartItem } from "../../../lib/cart-types.ts";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import { MAX_CART_QUANTITY, MAX_ORDER_COMMENT } from "../../../lib/cart-types.ts";
import { imageUrl } from "../../../lib/image-url.ts";
import { CartError, cartStore, QUANTITY_DEBOUNCE_MS, useCart } from "../../lib/cart.ts";
import { problemError, useErrorText } from "../../lib/errors.ts";
import { useFormatNumber, useT } from "../../lib/i18n.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useInvalidCodeText } from "../checkout/order-summary.tsx";
import { Spinner, useItemOptions } from "../minicart/mini-cart.tsx";
import { shortName } from "../../../lib/product-name.ts";
import { useFormatPrice } from "../ui/price.tsx";

const button = "rounded-full border border-ink px-4 py-2 text-sm font-medium hover:bg-mist disabled:cursor-wait disabled:opacity-60";
const input = "min-w-0 flex-1 rounded border border-line bg-white px-3 py-2 aria-invalid:border-sale";

/** A code or number the server refused, in the store's words (the error catalogue by code and params). */
function useRefusal() {
  const errorText = useErrorText();
  return (error: unknown): string => {
    if (!(error instanceof CartError) || error.code === "network" || error.status >= 500) return errorText({ code: "cart_extra_failed" });
    return errorText(error);
  };
}

/** A form the server refused without JavaScript: which one, for which line, and why. */
export interface CartFormRefusal {
  intent: string | null;
  item: number | null;
  error: ErrorDetail;
}

/** The hidden fields of a cart page form; a line's form carries the version the page shows (decision 0011). */
function Intent({ intent, item }: { intent: string; item?: CartItem }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {item === undefined ? null : (
        <>
          <input type="hidden" name="item" value={item.id} />
          <input type="hidden" name="version" value={item.version} />
        </>
      )}
    </>
  );
}

/** Another window changed the cart first: the page shows the fresh cart and says so once, at the top. */
const isStale = (error: unknown) => error instanceof CartError && error.code === "cart_changed_elsewhere";

/** Quantity changes waiting for their pause, by line: sent before going to checkout, dropped when the line is removed. */
type Flushers = Map<number, { flush: () => Promise<void>; cancel: () => void }>;

/** Quantity stepper: the change applies after a 1000 ms pause; on failure it reverts (spec §4). */
function Quantity({
  item,
  flushers,
  onWaiting,
  onError,
}: {
  item: CartItem;
  flushers: Flushers;
  onWaiting: (waiting: boolean) => void;
  onError: (message: string | null) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [draft, setDraft] = useState(String(item.quantity));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wanted = useRef<number | null>(null);
  const latest = useRef(item.quantity);
  latest.current = item.quantity;
  const name = shortName(item.product.name);

  useEffect(() => {
    if (wanted.current === null) setDraft(String(item.quantity));
  }, [item.quantity]);

  const send = async () => {
    clearTimeout(timer.current);
    const quantity = wanted.current;
    flushers.delete(item.id);
    wanted.current = null;
    if (quantity === null) return;
    try {
      if (quantity !== latest.current) await cartStore.update(item.id, quantity);
    } catch (error) {
      setDraft(String(cartStore.get().cart?.items.find((i) => i.id === item.id)?.quantity ?? latest.current));
      if (!isStale(error)) onError(errorText(error instanceof CartError && error.code === "qty" ? error : { code: "cart_update_failed" }));
      throw error;
    } finally {
      onWaiting(false);
    }
  };

  // Leaving the page within the pause still sends the change (unless the line is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on unmount
  useEffect(
    () => () => {
      if (wanted.current === null) return;
      clearTimeout(timer.current);
      const quantity = wanted.current;
      flushers.delete(item.id);
      if (cartStore.get().cart?.items.some((i) => i.id === item.id)) cartStore.update(item.id, quantity).catch(() => undefined);
    },
    [],
  );

  const schedule = (quantity: number) => {
    onError(null);
    wanted.current = quantity;
    onWaiting(true);
    flushers.set(item.id, {
      flush: send,
      cancel: () => {
        clearTimeout(timer.current);
        wanted.current = null;
        onWaiting(false);
      },
    });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send().catch(() => undefined), QUANTITY_DEBOUNCE_MS);
  };

  const current = Number.parseInt(draft, 10) || item.quantity;
  // The stepper stops at what the stock lets this line hold (the cart says it) and says why.
  const max = Math.max(1, item.max_quantity);
  const stockLimited = item.max_quantity < MAX_CART_QUANTITY;
  const atMax = current >= max;
  const step = (event: React.MouseEvent, by: number) => {
    // With JavaScript the stepper waits for the pause instead of posting the form.
    event.preventDefault();
    if (by > 0 && atMax) return;
    const quantity = Math.min(max, Math.max(1, current + by));
    if (quantity === current) return;
    setDraft(String(quantity));
    schedule(quantity);
  };
  const updateForm = `cart-quantity-${item.id}`;
  const limitId = `${updateForm}-limit`;

  // Without JavaScript: − and + post their step; the field belongs to its own form, whose
  // Update button is what Enter in the field sends.
  return (
    <div className="flex flex-wrap items-center gap-2">
      <form
        method="post"
        action="/cart"
        onSubmit={(event) => event.preventDefault()}
        className="flex items-center rounded-full border border-line"
      >
        <Intent intent="quantity" item={item} />
        <input type="hidden" name="quantity" value={item.quantity} />
        <button
          type="submit"
          name="step"
          value="-1"
          onClick={(event) => step(event, -1)}
          disabled={current <= 1}
          className="flex h-10 w-10 items-center justify-center rounded-full text-lg hover:bg-mist disabled:opacity-40 disabled:hover:bg-transparent"
          aria-label={t("cart.decrease", { name })}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          name="quantity"
          form={updateForm}
          value={draft}
          onChange={(event) => {
            const text = event.target.value.replace(/\D/g, "").slice(0, 2);
            const typed = Number.parseInt(text, 10);
            // More than the stock allows becomes the most there is (the limit's reason shows).
            const quantity = Math.min(typed, max);
            setDraft(typed > max ? String(max) : text);
            if (quantity >= 1) schedule(quantity);
          }}
          onBlur={() => {
            const quantity = Number.parseInt(draft, 10);
            if (!(quantity >= 1)) setDraft(String(wanted.current ?? item.quantity));
          }}
          aria-label={t("cart.quantityOf", { name })}
          className="h-10 w-10 bg-transparent text-center tabular-nums"
        />
        <button
          type="submit"
          name="step"
          value="1"
          onClick={(event) => step(event, 1)}
          // At the stock's limit the button stays focusable and points to the reason.
          disabled={!stockLimited && atMax}
          aria-disabled={stockLimited && atMax ? true : undefined}
          aria-describedby={stockLimited && atMax ? limitId : undefined}
          className="flex h-10 w-10 items-center justify-center rounded-full text-lg hover:bg-mist disabled:opacity-40 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent"
          aria-label={t("cart.increase", { name })}
        >
          <span aria-hidden="true">+</span>
        </button>
      </form>
      <form
        id={updateForm}
        method="post"
        action="/cart"
        onSubmit={(event) => {
          // With JavaScript, Enter sends the typed quantity now rather than after the pause.
          event.preventDefault();
          if (wanted.current !== null) void send().catch(() => undefined);
        }}
      >
        <Intent intent="quantity" item={item} />
        {/* Only without JavaScript (with it the change goes after the pause): no shift when the page hydrates. */}
        <noscript>
          <button type="submit" className={button}>
            <span aria-hidden="true">{t("cart.update")}</span>
            <span className="sr-only">{t("cart.updateItem", { name })}</span>
          </button>
        </noscript>
      </form>
      <p id={limitId} role="status" className="text-sm font-medium text-sale empty:hidden" data-testid="cart-item-limit">
        {stockLimited && atMax ? errorText({ code: "stock_limit", params: { count: item.max_quantity } }) : ""}
      </p>
    </div>
  );
}

function CartRow({
  item,
  busy,
  flushers,
  refused,
  onWaiting,
  onRemoved,
}: {
  item: CartItem;
  busy: boolean;
  flushers: Flushers;
  /** The server's refusal of this line's quantity or remove form (without JavaScript). */
  refused: ErrorDetail | null;
  onWaiting: (waiting: boolean) => void;
  onRemoved: (name: string) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const format = useFormatPrice();
  const options = useItemOptions();
  const [error, setError] = useState<string | null>(() =>
    refused && refused.code !== "cart_changed_elsewhere" ? errorText(refused) : null,
  );
  const [removing, setRemoving] = useState(false);
  const name = shortName(item.product.name);
  const errorId = useId();
  const href = `/p/${item.product.url_key}`;
  const chosen = options(item);

  const remove = async () => {
    setError(null);
    setRemoving(true);
    flushers.get(item.id)?.cancel();
    flushers.delete(item.id);
    try {
      await cartStore.remove(item.id);
      onRemoved(name);
    } catch (e) {
      // Spec §8: a failed delete shows the server's message (worded here from its code).
      if (!isStale(e)) setError(errorText(e instanceof CartError ? e : { code: "internal_error" }));
      setRemoving(false);
    }
  };

  return (
    <li className="flex gap-4 py-5" data-testid="cart-item">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img
          src={imageUrl(item.product.image.url, { w: 200, h: 280 })}
          alt=""
          width={100}
          height={140}
          className="h-[105px] w-[75px] rounded bg-mist object-cover sm:h-[140px] sm:w-[100px]"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <p className="text-xs tracking-wide text-muted uppercase">{item.product.brand_value}</p>
            <Link to={href} className="font-medium hover:underline">
              {name}
            </Link>
            {chosen.length ? (
              <ul className="mt-1 text-sm text-muted">
                {chosen.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            ) : null}
            {item.quantity > 1 ? (
              <p className="mt-1 text-sm text-muted">{t("cart.unitPrice", { price: format(item.prices.price_including_tax.value) })}</p>
            ) : null}
            {item.stock_status === "OUT_OF_STOCK" || !item.is_available ? (
              <p className="mt-1 text-sm font-medium text-sale">
                {t(item.stock_status === "OUT_OF_STOCK" ? "product.soldOut" : "cart.unavailable")}
              </p>
            ) : null}
          </div>
          <p className="flex items-center gap-2 font-semibold whitespace-nowrap" aria-busy={busy} data-testid="cart-item-price">
            {busy ? (
              <>
                <span aria-hidden="true" className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-line border-t-accent" />
                <span className="sr-only">{t("cart.priceUpdating")}</span>
              </>
            ) : null}
            <span className={busy ? "text-muted" : ""}>{format(item.prices.row_total_including_tax.value)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Quantity item={item} flushers={flushers} onWaiting={onWaiting} onError={setError} />
          <form
            method="post"
            action="/cart"
            onSubmit={(event) => {
              event.preventDefault();
              void remove();
            }}
          >
            <Intent intent="remove" item={item} />
            <button
              type="submit"
              disabled={removing}
              aria-describedby={error ? errorId : undefined}
              className="rounded px-1 py-2 text-sm underline underline-offset-4 hover:text-accent disabled:opacity-60"
            >
              {/* The visible word starts the name (WCAG 2.5.3); the product tells the lines apart. */}
              <span aria-hidden="true">{t("cart.remove")}</span>
              <span className="sr-only">{t("cart.removeItem", { name })}</span>
            </button>
          </form>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="rounded bg-sale/10 px-3 py-2 text-sm font-medium text-sale">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** A code or number with its own apply and remove (coupon, gift card, loyalty card, Finnair Plus). */
function CodeField({
  name,
  removeIntent,
  refused,
  label,
  hint,
  applied,
  appliedText,
  problem,
  submitLabel,
  numeric = false,
  onApply,
  onRemove,
}: {
  /** The form's intent when applying (also the field's id). */
  name: string;
  /** The form's intent when removing. */
  removeIntent: string;
  /** The server's refusal of this field's form (without JavaScript). */
  refused?: ErrorDetail | null;
  label: string;
  hint?: string;
  applied: string | null;
  appliedText?: string;
  /** The applied code no longer applies (used up meanwhile): why, shown with its remove button. */
  problem?: string;
  submitLabel?: string;
  numeric?: boolean;
  onApply: (value: string) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const t = useT();
  const errorText = useErrorText();
  const refusal = useRefusal();
  const [error, setError] = useState<string | null>(() => (refused ? errorText(refused) : null));
  const [busy, setBusy] = useState(false);
  const id = `cart-${name}`;
  const run = async (task: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await task();
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(false);
    }
  };
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  return (
    <div className="flex flex-col gap-1.5 text-sm" data-testid={id}>
      {applied ? (
        <div className="flex items-center justify-between gap-3 rounded border border-line bg-mist px-3 py-2">
          <p>
            <span className="block text-muted">{label}</span>
            <strong className={`font-semibold break-all ${problem ? "line-through" : ""}`}>{applied}</strong>
            {appliedText ? <span className="block text-muted">{appliedText}</span> : null}
            {problem ? (
              <span className="block font-medium text-sale" data-testid={`${id}-invalid`}>
                {problem}
              </span>
            ) : null}
          </p>
          <form
            method="post"
            action="/cart"
            onSubmit={(event) => {
              event.preventDefault();
              void run(onRemove);
            }}
          >
            <Intent intent={removeIntent} />
            <button
              type="submit"
              className="rounded px-1 py-2 underline underline-offset-4 hover:text-accent disabled:opacity-60"
              disabled={busy}
            >
              {t("cart.removeCode")}
              <span className="sr-only">: {label}</span>
            </button>
          </form>
        </div>
      ) : (
        <form
          method="post"
          action="/cart"
          noValidate
          className="flex flex-col gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            const value = String(new FormData(event.currentTarget).get("code") ?? "").trim();
            if (!value) {
              setError(errorText(problemError({ key: "validation.required" })));
              return;
            }
            void run(() => onApply(value));
          }}
        >
          <Intent intent={name} />
          <label htmlFor={id} className="font-medium">
            {label}
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              name="code"
              autoComplete="off"
              inputMode={numeric ? "numeric" : undefined}
              spellCheck={false}
              className={input}
              aria-invalid={error !== null}
              aria-describedby={describedBy}
            />
            <button type="submit" className={button} disabled={busy}>
              {submitLabel ?? t("cart.apply")}
            </button>
          </div>
          {hint ? (
            <p id={`${id}-hint`} className="text-muted">
              {hint}
            </p>
          ) : null}
        </form>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function OrderComment({ cart, refused }: { cart: Cart; refused: ErrorDetail | null }) {
  const t = useT();
  const refusal = useRefusal();
  const errorText = useErrorText();
  const [value, setValue] = useState(cart.order_comment ?? "");
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const [error, setError] = useState<string | null>(() => (refused ? errorText(refused) : null));
  const hydrated = useHydrated();
  const saved = cart.order_comment ?? "";
  return (
    <form
      method="post"
      action="/cart"
      noValidate
      className="flex flex-col gap-1.5 text-sm"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        setStatus("saving");
        try {
          await cartStore.extra("setOrderComment", { comment: value });
          setStatus("saved");
        } catch (e) {
          setError(refusal(e));
          setStatus("idle");
        }
      }}
    >
      <Intent intent="comment" />
      <label htmlFor="cart-comment" className="font-medium">
        {t("cart.comment")}
      </label>
      <textarea
        id="cart-comment"
        name="comment"
        rows={3}
        maxLength={MAX_ORDER_COMMENT}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setStatus("idle");
        }}
        aria-invalid={error !== null}
        aria-describedby={`cart-comment-hint${error ? " cart-comment-error" : ""}`}
        className="rounded border border-line bg-white px-3 py-2 aria-invalid:border-sale"
      />
      <div className="flex items-center justify-between gap-3">
        <p id="cart-comment-hint" className="text-muted">
          {t("cart.commentHint", { count: MAX_ORDER_COMMENT - value.length })}
        </p>
        <button type="submit" className={button} disabled={hydrated && (status === "saving" || value.trim() === saved)}>
          {t("cart.save")}
        </button>
      </div>
      <p role="status" className="text-accent empty:hidden">
        {status === "saved" ? t("cart.saved") : ""}
      </p>
      {error ? (
        <p id="cart-comment-error" role="alert" className="font-medium text-sale">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function Totals({ cart, busy }: { cart: Cart; busy: boolean }) {
  const t = useT();
  const formatNumber = useFormatNumber();
  const format = useFormatPrice();
  const p = cart.prices;
  const row = "flex justify-between gap-4";
  return (
    <dl className={`flex flex-col gap-1.5 text-sm ${busy ? "opacity-60" : ""}`} aria-busy={busy} data-testid="cart-totals">
      <div className={row}>
        <dt>{t("cart.subtotal")}</dt>
        <dd>{format(p.subtotal_including_tax.value)}</dd>
      </div>
      {p.discounts.map((d) => (
        <div key={d.label} className={`${row} text-sale`} data-testid="cart-discount">
          <dt>{d.label}</dt>
          <dd>−{format(d.amount.value)}</dd>
        </div>
      ))}
      {p.gift_card ? (
        <div className={row} data-testid="cart-gift-card">
          <dt>
            {t("cart.giftCard")}
            {cart.applied_gift_card ? ` (${cart.applied_gift_card.code})` : ""}
          </dt>
          <dd>−{format(p.gift_card.value)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>{t("cart.shipping")}</dt>
        <dd className="text-muted">{t("cart.shippingAtCheckout")}</dd>
      </div>
      <div className={`${row} mt-2 border-t border-line pt-3 text-lg font-semibold`}>
        <dt>{t("minicart.total")}</dt>
        <dd data-testid="cart-grand-total">{format(p.grand_total.value)}</dd>
      </div>
      {p.applied_taxes.map((tax) => (
        <div key={tax.label} className={`${row} text-muted`}>
          <dt>{t("cart.vatIncluded", { rate: formatNumber(tax.rate) })}</dt>
          <dd>{format(tax.amount.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CartView({
  serverCart,
  refused = null,
}: {
  /** The cart as the server rendered it (null: no cart); the browser's cart store takes over once it has loaded. */
  serverCart?: Cart | null;
  refused?: CartFormRefusal | null;
}) {
  const t = useT();
  const format = useFormatPrice();
  const navigate = useNavigate();
  const { status: storeStatus, cart: storeCart, pending, changedElsewhere } = useCart();
  // Until the store has loaded, the page shows the cart the server rendered (the same HTML when hydrating).
  const fromServer = storeStatus !== "loaded" && serverCart !== undefined;
  const status = fromServer ? "loaded" : storeStatus;
  const cart = fromServer ? serverCart : storeCart;
  const refusedOf = (intent: string) => (refused?.intent === intent ? refused.error : null);
  const [waiting, setWaiting] = useState<number[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [leaving, setLeaving] = useState(false);
  const flushers = useRef<Flushers>(new Map());
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  const emptyText = useRef<HTMLParagraphElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's cart seeds the store once, on arrival
  useEffect(() => {
    if (serverCart === undefined) void cartStore.load();
    else cartStore.seed(serverCart);
  }, []);

  const items = cart?.items ?? [];
  const invalidText = useInvalidCodeText();
  const errorText = useErrorText();
  const invalidCoupon = cart?.invalid_codes.find((c) => c.type === "coupon");
  const invalidGiftCard = cart?.invalid_codes.find((c) => c.type === "gift_card");
  const busyIds = new Set([...waiting, ...pending]);
  const anyBusy = busyIds.size > 0;

  const onRemoved = (name: string) => {
    setAnnouncement(t("cart.removed", { name }));
    // The button is gone with its line: focus goes to the list (or the empty cart's text).
    requestAnimationFrame(() => (itemsHeading.current ?? emptyText.current)?.focus());
  };

  const toCheckout = async (event: React.MouseEvent) => {
    if (!anyBusy && flushers.current.size === 0) return;
    event.preventDefault();
    setLeaving(true);
    try {
      await Promise.all([...flushers.current.values()].map(({ flush }) => flush()));
      await cartStore.settled();
      navigate("/checkout");
    } catch {
      // The refused change is shown in its line; the shopper stays to look at it.
    } finally {
      setLeaving(false);
    }
  };

  let body: React.ReactNode;
  if (status !== "loaded") {
    body = <Spinner label={t("minicart.loading")} />;
  } else if (!cart || items.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-6" data-testid="cart-empty">
        <p ref={emptyText} tabIndex={-1} className="text-lg text-muted">
          {t("cart.empty")}
        </p>
        <Link to="/" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("cart.continue")}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-x-12 gap-y-10 md:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <section aria-labelledby="cart-items-heading" className="md:col-start-1">
          <h2 id="cart-items-heading" ref={itemsHeading} tabIndex={-1} className="sr-only">
            {t("cart.items", { count: cart.total_quantity })}
          </h2>
          <ul className="divide-y divide-line border-y border-line">
            {items.map((item) => (
              <CartRow
                key={item.id}
                item={item}
                busy={busyIds.has(item.id)}
                flushers={flushers.current}
                refused={refused?.item === item.id ? refused.error : null}
                onWaiting={(on) =>
                  setWaiting((ids) => (on ? (ids.includes(item.id) ? ids : [...ids, item.id]) : ids.filter((id) => id !== item.id)))
                }
                onRemoved={onRemoved}
              />
            ))}
          </ul>
        </section>
        <aside
          aria-labelledby="cart-summary-heading"
          data-testid="cart-summary"
          className="flex flex-col gap-6 rounded-lg bg-mist p-5 md:sticky md:top-[calc(var(--spacing-header-desktop)+1.5rem)] md:col-start-2 md:row-span-2 md:row-start-1"
        >
          <h2 id="cart-summary-heading" className="text-lg font-semibold">
            {t("cart.summary")}
          </h2>
          <CodeField
            name="coupon"
            removeIntent="removeCoupon"
            refused={refusedOf("coupon") ?? refusedOf("removeCoupon")}
            label={t("cart.coupon")}
            applied={cart.applied_coupons[0]?.code ?? invalidCoupon?.code ?? null}
            problem={invalidCoupon ? invalidText(invalidCoupon) : undefined}
            onApply={(code) => cartStore.extra("coupon", { code })}
            onRemove={() => cartStore.extra("removeCoupon")}
          />
          <CodeField
            name="gift_card"
            removeIntent="removeGiftCard"
            refused={refusedOf("gift_card") ?? refusedOf("removeGiftCard")}
            label={t("cart.giftCard")}
            applied={cart.applied_gift_card?.code ?? invalidGiftCard?.code ?? null}
            problem={invalidGiftCard ? invalidText(invalidGiftCard) : undefined}
            appliedText={
              cart.applied_gift_card
                ? t("cart.giftCardBalance", { balance: format(cart.applied_gift_card.current_balance.value) })
                : undefined
            }
            onApply={(code) => cartStore.extra("giftCard", { code })}
            onRemove={() => cartStore.extra("removeGiftCard")}
          />
          <Totals cart={cart} busy={anyBusy} />
          <Link
            to="/checkout"
            onClick={(event) => void toCheckout(event)}
            aria-disabled={leaving || undefined}
            className="rounded-full bg-accent px-6 py-3.5 text-center font-semibold text-white hover:bg-accent-dark"
          >
            {t("cart.toCheckout")}
          </Link>
          <Link to="/" className="text-center text-sm underline underline-offset-4 hover:text-accent">
            {t("cart.continue")}
          </Link>
        </aside>
        <section aria-labelledby="cart-extras-heading" className="flex flex-col gap-5 md:col-start-1">
          <div>
            <h2 id="cart-extras-heading" className="text-lg font-semibold">
              {t("cart.extras")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("cart.extrasLead")}</p>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <CodeField
              name="loyalty_card"
              removeIntent="removeLoyaltyCard"
              refused={refusedOf("loyalty_card") ?? refusedOf("removeLoyaltyCard")}
              label={t("cart.loyaltyCard")}
              hint={t("cart.loyaltyCardHint")}
              numeric
              submitLabel={t("cart.save")}
              applied={cart.loyalty_card_number}
              onApply={(number) => cartStore.extra("loyaltyCardNumber", { number })}
              onRemove={() => cartStore.extra("loyaltyCardNumber", { number: null })}
            />
            <CodeField
              name="finnair_plus"
              removeIntent="removeFinnairPlus"
              refused={refusedOf("finnair_plus") ?? refusedOf("removeFinnairPlus")}
              label={t("cart.finnairPlus")}
              hint={t("cart.finnairPlusHint")}
              submitLabel={t("cart.save")}
              applied={cart.finnair_plus_number}
              onApply={(number) => cartStore.extra("finnairPlusNumber", { number })}
              onRemove={() => cartStore.extra("removeFinnairPlusNumber")}
            />
          </div>
          <OrderComment cart={cart} refused={refusedOf("comment")} />
        </section>
      </div>
    );
  }

  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {refused && (refused.intent === null || refused.error.code === "cart_changed_elsewhere") ? (
        <p role="alert" className="mb-6 rounded bg-sale/10 px-4 py-3 font-medium text-sale" data-testid="cart-notice">
          {errorText(refused.error)}
        </p>
      ) : null}
      {changedElsewhere && !refused ? (
        <p role="alert" className="mb-6 rounded bg-sale/10 px-4 py-3 font-medium text-sale" data-testid="cart-notice">
          {errorText({ code: "cart_changed_elsewhere" })}
        </p>
      ) : null}
      {body}
    </>
  );
}
