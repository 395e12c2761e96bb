// Cart page (spec §2). Shopping pages go home when shopping is off in this store. The page
// is rendered on the server from the shopper's cart, so it is their own: private and never
// cached (reading the shopper marks it so). Its forms (quantity, remove, codes, comment) are plain posts answered by
// a redirect back here or, when refused, by the page with the reason; with JavaScript the
// cart store sends the same changes without a page load.
import { data, redirect } from "react-router";
import { CART_FORM_INTENTS, type CartFormIntent, cartFormAction, guestCart } from "../../server/cart/forms.ts";
import { type CartFormRefusal, CartView } from "../components/cart/cart-view.tsx";
import { useItemOptions } from "../components/minicart/mini-cart.tsx";
import { lastCartOf, saveLastCart } from "../lib/offline-cart.ts";
import { trackViewCart, useTrackOnce } from "../lib/analytics/index.ts";
import { Recommendations } from "../components/product/recommendations.tsx";
import { useEffect } from "react";
import { useCart } from "../lib/cart.ts";
import { Screen } from "../components/ui/screen.tsx";
import { shopContext } from "../context.ts";
import { isAppError } from "../../server/errors.ts";
import { clientGuards, guards } from "../lib/guards.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/cart";

export const middleware = guards("disable-shopping");
export const clientMiddleware = clientGuards("disable-shopping");

const PRIVATE = "private, no-store";

function withCookies(cookies: string[], retryAfter?: unknown) {
  const headers = new Headers({ "Cache-Control": PRIVATE });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  // A rate limit's refusal (docs/decisions/0035) says when to come back, as the API does.
  if (typeof retryAfter === "number") headers.set("Retry-After", String(retryAfter));
  return headers;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  try {
    const { cart, cookies } = await guestCart(shop.services.cart, await shop.shopper, request);
    return data({ cart, refused: null }, { headers: withCookies(cookies) });
  } catch (error) {
    // An address guessing cart ids (decision 0035): refused as on the API, with nothing of the cart it named.
    if (!isAppError(error) || error.status !== 429) throw error;
    const refused: CartFormRefusal = { intent: null, item: null, error: { code: error.code, params: error.params } };
    return data({ cart: null, refused }, { status: 429, headers: withCookies([], error.params.seconds) });
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as CartFormIntent;
  if (!CART_FORM_INTENTS.includes(intent)) {
    return data(
      { intent: null, item: null, error: { code: "invalid_input", params: { rule: "required", field: "intent" } } },
      { status: 400 },
    );
  }
  const outcome = await cartFormAction(shop.services.cart, await shop.shopper, request, intent, form);
  if (outcome.ok) throw redirect("/cart", { headers: withCookies(outcome.cookies) });
  const item = Number.parseInt(String(form.get("item") ?? ""), 10) || null;
  return data(
    { intent, item, error: outcome.error },
    { status: outcome.status, headers: withCookies(outcome.cookies, outcome.status === 429 ? outcome.error.params?.seconds : undefined) },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(loaderHeaders);
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  headers.set("Cache-Control", PRIVATE);
  return headers;
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { cart } = useCart();
  const options = useItemOptions();
  const shown = cart ?? loaderData.cart;
  const skus = shown?.items.map((item) => item.product.sku) ?? [];
  // The copy to show offline: the cart as this page last showed it online.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept when the cart shown changes
  useEffect(() => {
    if (navigator.onLine) saveLastCart(lastCartOf(shown, options));
  }, [shown]);
  // The data layer's view_cart, once per visit of the page (not again as lines change).
  useTrackOnce(shown?.items.length ? "view_cart" : null, () => shown && trackViewCart(shown));
  return (
    <Screen title={t("cart.title")}>
      <CartView serverCart={loaderData.cart} refused={actionData ?? loaderData.refused} />
      <Recommendations cart={skus} />
    </Screen>
  );
}
