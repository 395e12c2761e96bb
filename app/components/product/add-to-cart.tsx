// The product page's purchase form: collects the choice (variant, gift-card amount and
// texts, custom options) and adds it to the cart, or says what is missing (spec §8). A
// successful add says so in a toast, and the cart store opens the mini cart (open-minicart).
// While the add is under way the button stays focusable (aria-disabled), so keyboard focus
// is not lost; a change of the choice takes a shown error away. Without JavaScript the form
// is posted to the product page's action, which answers with the product and a confirmation
// (`added`) or with the server's refusal (`refused`).
import { useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../ui/router-link.tsx";
import type { CartItemInput } from "../../../lib/cart-types.ts";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import { addToCartRefusal, cartStore } from "../../lib/cart.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toasts.ts";

const FORM_ID = "add-to-cart";

export function AddToCartForm({
  children,
  build,
  disabled = false,
  added = false,
  refused = null,
}: {
  children: React.ReactNode;
  /** The item to add from the form's fields, or the error of what is missing. */
  build: (form: FormData) => CartItemInput | ErrorDetail;
  disabled?: boolean;
  /** The page is the answer to an add to cart posted without JavaScript. */
  added?: boolean;
  /** The server refused the add posted without JavaScript. */
  refused?: ErrorDetail | null;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [error, setError] = useState<ErrorDetail | null>(refused);
  const [confirmed, setConfirmed] = useState(added);
  // Without JavaScript the answer is a new page: its fragment brings the shopper back to this
  // form (the confirmation, the reason, or a colour's sizes) rather than to the top of the page.
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const item = build(new FormData(event.currentTarget));
    if ("code" in item) {
      setError(item);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await cartStore.add(item);
      toast.show({ message: { key: "cart.added" }, kind: "success", duration: "short" });
    } catch (e) {
      setError(addToCartRefusal(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      id={FORM_ID}
      method="post"
      action={`${pathname}${search}#${FORM_ID}`}
      onSubmit={onSubmit}
      onChange={() => {
        setError(null);
        setConfirmed(false);
      }}
      noValidate
      className="flex scroll-mt-24 flex-col gap-5"
    >
      {children}
      {error ? (
        <p role="alert" className="rounded bg-sale/10 px-3 py-2 text-sm font-medium text-sale">
          {errorText(error)}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={disabled}
        aria-disabled={busy || undefined}
        className="rounded-full bg-accent px-6 py-3.5 font-semibold text-white hover:bg-accent-dark disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-70"
      >
        {busy ? t("cart.adding") : t("cart.add")}
      </button>
      {confirmed ? (
        <p role="status" className="rounded bg-accent/10 px-3 py-2 text-sm font-medium text-accent-dark" data-testid="added-to-cart">
          {t("cart.addedLead")}{" "}
          <Link to="/cart" className="underline underline-offset-4">
            {t("cart.viewCart")}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
