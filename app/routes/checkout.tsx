// Checkout (spec §2, §4, §5, §8): step 1 shipping (email, address, method), step 2
// billing (address, company and VAT ID, payment method) and the order. Everything is a
// plain form POST answered by a redirect or by the form again, so it works without
// JavaScript; with it, React Router submits the same forms without a page load.
import { trackAddPaymentInfo, trackAddShippingInfo, trackBeginCheckout } from "../lib/analytics/index.ts";
import { useEffect, useRef } from "react";
import { data, redirect, redirectDocument, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { Link } from "../components/ui/router-link.tsx";
import type { Cart } from "../../lib/cart-types.ts";
import { type AddressField, addressProblems, BUSINESS_DISCOUNT_PERCENT, normalizeVatId } from "../../lib/checkout.ts";
import { formatPrice, toAmount } from "../../lib/money.ts";
import { checkoutSuccessCookie, clearedCartCookies } from "../../lib/cookies.ts";
import { isPickupPostcode } from "../../lib/pickup-points.ts";
import type { Store } from "../../server/catalog/service.ts";
import { orderQueries } from "../../server/orders/repository.ts";
import { requestPurchaseContext, type PurchaseContext } from "../../server/crm/context.ts";
import type { PlacedOrder } from "../../server/checkout/service.ts";
import { isAppError } from "../../server/errors.ts";
import { type Owner, ownerOf } from "../../server/identity.ts";
import type { Services } from "../../server/services.ts";
import { BillingStep, type PaymentNotice } from "../components/checkout/billing-step.tsx";
import type { CheckoutFormResult, Message } from "../components/checkout/form-state.ts";
import { OrderSummary } from "../components/checkout/order-summary.tsx";
import { ShippingStep, shippingDraftKey } from "../components/checkout/shipping-step.tsx";
import { type CheckoutStep, CheckoutSteps } from "../components/checkout/steps.tsx";
import { shopContext } from "../context.ts";
import { problemError } from "../lib/errors.ts";
import { clearDraft } from "../lib/form-draft.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/checkout";

const ADDRESS_FIELDS = ["firstname", "lastname", "street", "postcode", "city", "country_code", "telephone"] as const;

/** The order is done: the one-time success flag carries the order's view token; the cart is forgotten. */
function toSuccessPage(request: Request, viewToken: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", checkoutSuccessCookie(request, viewToken));
  for (const cookie of clearedCartCookies(request)) headers.append("Set-Cookie", cookie);
  return redirect("/checkout/success", { headers });
}

const cartNotFound = (error: unknown) => isAppError(error) && error.status === 404;

async function findCart(services: Services, store: Store, cartId: string, owner: Owner): Promise<Cart | null> {
  try {
    return await services.cart.getCart(store, cartId, owner);
  } catch (error) {
    if (cartNotFound(error)) return null;
    throw error;
  }
}

/** The pickup points near the saved shipping postcode (the chosen one kept), when the cart can go to one. */
async function pickupPointsNear(services: Services, store: Store, cart: Cart) {
  const address = cart.shipping_addresses[0];
  const postcode = address?.postcode?.trim() ?? "";
  if (!cart.available_shipping_methods.some((m) => m.method_code === "pickup_point") || !isPickupPostcode(postcode))
    return { postcode: null, points: [] };
  return { postcode, points: await services.checkout.pickupPoints(store, postcode, address?.pickup_point?.id ?? null) };
}

const priceFormat = (store: Store) => ({ symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency });

/** The checkout's layout is its logo and the way back to the cart (spec §2): no back-to-top over its lists. */
export const handle = { backToTop: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { services, store } = shop;
  const shopper = await shop.shopper;
  const owner = ownerOf(shopper);
  const url = new URL(request.url);
  const cartId = shopper.guestCartId;
  // A payment that came back unpaid: declined (spec §8's failure) or canceled (a calm notice).
  let payment: PaymentNotice = null;

  // Back from the payment provider: the provider's record decides, never the address.
  const paymentId = url.searchParams.get("payment");
  if (paymentId) {
    // The shopper's consent and keys now, for the paid order's report (decision 0031).
    const purchase = requestPurchaseContext(store, shopper, shop.cookie);
    const outcome = await services.checkout.completePayment(store, paymentId, purchase).catch((error: unknown) => {
      if (isAppError(error) && error.status === 404) return null;
      throw error;
    });
    if (outcome?.paid) throw toSuccessPage(request, outcome.order.view_token);
    if (outcome) payment = outcome.code === "payment_canceled" ? "canceled" : "failed";
  }

  let cart = cartId ? await findCart(services, store, cartId, owner) : null;
  // A card payment left unfinished (the shopper came back without paying): the cart is theirs again.
  // The shopper went Back from the provider's page: a cancel, not a failure.
  if (cartId && !cart && (await services.checkout.reopenAbandoned(store, cartId, owner))) {
    payment = "canceled";
    cart = await findCart(services, store, cartId, owner);
  }
  const headers = { "Cache-Control": "private, no-store" };
  if (!cart || cart.items.length === 0) {
    const forget = cartId && !cart ? clearedCartCookies(request) : [];
    const init = new Headers(headers);
    for (const cookie of forget) init.append("Set-Cookie", cookie);
    return data({ state: "empty" as const }, { headers: init });
  }

  const shippingDone = cart.shipping_addresses[0]?.selected_shipping_method != null;
  const step: CheckoutStep = shippingDone && url.searchParams.get("step") !== "shipping" ? "billing" : "shipping";
  const countries = store.config.countries.map((c) => ({ id: c.id, full_name_locale: c.full_name_locale }));
  const pickupPoints = step === "shipping" ? await pickupPointsNear(services, store, cart) : undefined;
  // A customer chooses from their address book; the confirmation goes to the account's address.
  const account =
    shopper.customer && step === "shipping" ? { email: shopper.customer.email, addresses: await services.addresses.list(owner) } : null;
  return data(
    {
      state: "checkout" as const,
      cart,
      account,
      step,
      shippingDone,
      payment,
      countries,
      defaultCountry: store.config.default_country_id,
      invoiceMinimum: formatPrice(store.config.invoice_minimum_cents, priceFormat(store)),
      businessPercent: BUSINESS_DISCOUNT_PERCENT,
      pickupPoints,
    },
    { headers },
  );
}

type Values = Record<string, string>;

const CHOOSE_ONE: Message = { error: problemError({ key: "validation.chooseOne" }) };

function fail(intent: CheckoutFormResult["intent"], values: Values, errors: Record<string, Message>, status = 400) {
  return data<CheckoutFormResult>({ intent, values, errors }, { status });
}

/** Field of a service error ("address.postcode", "method_code") → the form's field name. */
function fieldOf(intent: CheckoutFormResult["intent"], field: string | undefined): string {
  if (!field) return "form";
  if (field.startsWith("address.")) {
    const name = field.slice("address.".length);
    if (intent === "shipping" || name === "company" || name === "vat_id") return name;
    return `billing_${name}`;
  }
  if (field === "method_code") return "shipping_method";
  if (field === "pickup_store") return "pickup_store";
  if (field === "pickup_point_id") return "pickup_point_id";
  if (field === "payment_method" || (field === "code" && intent === "place")) return "payment_method";
  return "form";
}

/** A refusal of the checkout service, shown where it belongs; anything else is a real error. */
function serviceFailure(intent: CheckoutFormResult["intent"], values: Values, error: unknown) {
  if (!isAppError(error)) throw error;
  if (error.code === "cart_not_found") return redirect("/checkout");
  if (error.code === "shopping_disabled") return redirect("/");
  const message: Message = { error: { code: error.code, params: error.params, field: error.field } };
  // A code that no longer applies is about the whole order (the summary offers to remove it).
  const field = error.field === "code" ? "form" : fieldOf(intent, error.field);
  return fail(intent, values, { [field]: message }, error.status);
}

function problemsOf(input: Partial<Record<AddressField, string>>, store: Store, withEmail: boolean, name: (f: AddressField) => string) {
  const countries = store.config.countries.map((c) => c.id);
  const errors: Record<string, Message> = {};
  for (const { field, problem } of addressProblems(input, countries, withEmail)) errors[name(field)] ??= { error: problemError(problem) };
  return errors;
}

/** A customer's shipping address: a saved one (`saved_address`), or a new one with the account's email. */
type AccountChoice = { email: string; saved: number | null; remember: boolean } | null;

function accountChoice(accountEmail: string | null, values: Values): AccountChoice {
  if (accountEmail === null) return null;
  const saved = values.saved_address && values.saved_address !== "new" ? Number(values.saved_address) : null;
  return {
    email: accountEmail,
    saved: saved !== null && Number.isSafeInteger(saved) ? saved : null,
    remember: values.save_address === "on",
  };
}

async function saveShipping(services: Services, store: Store, cartId: string, owner: Owner, values: Values, account: AccountChoice) {
  let input: Record<string, string> = { email: account?.email ?? values.email ?? "" };
  for (const f of ADDRESS_FIELDS) input[f] = values[f] ?? "";
  const fromBook = account?.saved != null;
  const errors = fromBook ? {} : problemsOf(input, store, true, (f) => f);
  const method = values.shipping_method ?? "";
  if (!method) errors.shipping_method = CHOOSE_ONE;
  if (method === "store_pickup" && !values.pickup_store) errors.pickup_store = CHOOSE_ONE;
  if (Object.keys(errors).length) return fail("shipping", values, errors);
  try {
    // A saved address is the customer's own only: another id is refused as not found.
    if (account?.saved != null) input = { ...(await services.addresses.shippingAddress(owner, account.saved)) };
    // Company and VAT ID belong to the billing step; keep them on the address when set there.
    const saved = (await services.cart.getCart(store, cartId, owner)).shipping_addresses[0];
    if (!fromBook && saved?.company) input.company = saved.company;
    if (!fromBook && saved?.vat_id) input.vat_id = saved.vat_id;
    // "Save to my address book" before the cart moves on: a full book stops the step at its box,
    // with the cart still on this step (the same address is not added twice).
    if (account && !fromBook && account.remember) {
      const { email: _email, ...address } = input;
      await services.addresses.remember(owner, store, address);
    }
    await services.checkout.setShippingAddress(store, cartId, input, owner);
    // The address is saved first: a pickup point refused for want of one is then offered near its postcode.
    const pickup = method === "pickup_point" ? values.pickup_point_id || null : values.pickup_store || null;
    await services.checkout.setShippingMethod(store, cartId, method, pickup, owner);
  } catch (error) {
    if (fromBook && isAppError(error) && (error.code === "address_not_found" || error.field?.startsWith("address.")))
      return fail("shipping", values, { saved_address: { error: { code: error.code, params: error.params } } }, error.status);
    if (isAppError(error) && error.code === "address_book_full")
      return fail("shipping", values, { save_address: { error: { code: error.code, params: error.params } } }, error.status);
    return serviceFailure("shipping", values, error);
  }
  return redirect("/checkout");
}

/** The order's one-time view token (placeOrder answers the order without it). */
async function viewTokenOf(services: Services, cartId: string, orderNumber: string): Promise<string> {
  const order = await orderQueries(services.db).liveOrderForCart(cartId);
  if (!order || order.order_number !== orderNumber) throw new Error(`order ${orderNumber} has no live row for its cart`);
  return order.view_token;
}

async function finish(request: Request, services: Services, cartId: string, placed: PlacedOrder) {
  if (placed.payment_redirect_url) return redirectDocument(placed.payment_redirect_url);
  return toSuccessPage(request, await viewTokenOf(services, cartId, placed.order.order_number));
}

async function placeOrder(
  request: Request,
  services: Services,
  store: Store,
  cartId: string,
  owner: Owner,
  values: Values,
  purchase: PurchaseContext | null,
) {
  const payment = values.payment_method ?? "";
  const expected = Number.parseFloat(values.expected_total ?? "");
  const place = () =>
    services.checkout.placeOrder(
      store,
      cartId,
      {
        idempotencyKey: null,
        body: { payment_method: payment, expected_grand_total: Number.isFinite(expected) && expected >= 0 ? expected : -1 },
      },
      owner,
      purchase,
    );
  const cart = await findCart(services, store, cartId, owner);
  if (!cart) {
    // Placed already (a second click that overtook the first answer): the same order, once more.
    try {
      return await finish(request, services, cartId, await place());
    } catch (error) {
      if (cartNotFound(error)) return redirect("/checkout");
      throw error;
    }
  }
  const shipping = cart.shipping_addresses[0];
  if (!shipping?.selected_shipping_method) return redirect("/checkout?step=shipping");

  const same = values.billing_same === "on";
  const company = (values.company ?? "").trim();
  const vatId = (values.vat_id ?? "").trim();
  const billing: Record<string, string> = { company, vat_id: vatId };
  if (same) for (const f of ADDRESS_FIELDS) billing[f] = shipping[f] ?? "";
  else for (const f of ADDRESS_FIELDS) billing[f] = values[`billing_${f}`] ?? "";
  const errors = problemsOf(billing, store, false, (f) => (same || f === "company" || f === "vat_id" ? f : `billing_${f}`));
  if (!payment) errors.payment_method = CHOOSE_ONE;
  if (Object.keys(errors).length) return fail("place", values, errors);

  let placed: PlacedOrder;
  try {
    let updated: Cart;
    if (same) {
      // The shipping address is the billing address: a company and VAT ID go onto it.
      if ((shipping.company ?? "") !== company || (shipping.vat_id ?? "") !== (vatId ? normalizeVatId(vatId) : "")) {
        const address: Record<string, string> = { email: shipping.email, company, vat_id: vatId };
        for (const f of ADDRESS_FIELDS) address[f] = shipping[f] ?? "";
        await services.checkout.setShippingAddress(store, cartId, address, owner);
      }
      updated = await services.checkout.setBillingAddress(store, cartId, true, null, owner);
    } else {
      updated = await services.checkout.setBillingAddress(store, cartId, false, billing, owner);
    }
    if (!updated.available_payment_methods.some((m) => m.code === payment)) {
      const message: Message =
        payment === "invoice"
          ? { error: { code: "invoice_minimum", params: { minimum: toAmount(store.config.invoice_minimum_cents) } } }
          : { error: { code: "payment_not_available" } };
      return fail("place", values, { payment_method: message });
    }
    placed = await place();
  } catch (error) {
    // The shopper places the order for the total they saw; the order step refuses a changed
    // total (a business discount just applied, a gift card used meanwhile) and the new one is shown.
    if (isAppError(error) && error.code === "total_changed") {
      const total = (await services.cart.getCart(store, cartId, owner)).prices.grand_total.value;
      return data<CheckoutFormResult>(
        {
          intent: "place",
          values: { ...values, expected_total: String(total) },
          errors: {},
          notice: { error: { code: "total_changed", params: { grandTotal: total } } },
        },
        { status: 409 },
      );
    }
    return serviceFailure("place", values, error);
  }
  return finish(request, services, cartId, placed);
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const { services, store } = shop;
  const shopper = await shop.shopper;
  const owner = ownerOf(shopper);
  const form = await request.formData();
  const values: Values = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const cartId = shopper.guestCartId;
  if (!cartId) return redirect("/checkout");
  if (values.intent === "shipping")
    return saveShipping(services, store, cartId, owner, values, accountChoice(shopper.customer?.email ?? null, values));
  // The shopper's consent and keys now, for the report of an order paid when placed (decision 0031).
  if (values.intent === "place")
    return placeOrder(request, services, store, cartId, owner, values, requestPurchaseContext(store, shopper, shop.cookie));
  // A code that no longer applies, removed from the summary: the shopper continues without it.
  if (values.intent === "remove_coupon" || values.intent === "remove_gift_card") {
    try {
      if (values.intent === "remove_coupon") await services.cart.removeCoupon(store, cartId, owner);
      else await services.cart.removeGiftCard(store, cartId, owner);
    } catch (error) {
      return serviceFailure("place", values, error);
    }
    return redirect("/checkout");
  }
  return fail("place", values, { form: { error: { code: "form_failed" } } });
}

// After any checkout POST the cart may have changed (an address saved before a refusal, a
// business discount): the page always shows the cart as it now is.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers(loaderHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = loaderData.state === "checkout" ? loaderData.step : null;
  const shownStep = useRef(step);
  const cartId = loaderData.state === "checkout" ? loaderData.cart.id : null;
  // The data layer's begin_checkout once per arrival at the checkout: not again for its steps
  // (new locations of this same page) nor for StrictMode's second effect (refs survive it).
  const began = useRef<string | null>(null);
  useEffect(() => {
    if (!cartId || began.current === cartId || loaderData.state !== "checkout") return;
    began.current = cartId;
    trackBeginCheckout(loaderData.cart);
  }, [cartId, loaderData]);

  // Step 1 is saved: the draft this tab kept of it is no longer needed, and the data layer hears
  // add_shipping_info with the chosen method (once per cart and method in this tab).
  const shippingMethod =
    loaderData.state === "checkout" ? loaderData.cart.shipping_addresses[0]?.selected_shipping_method?.method_code : null;
  useEffect(() => {
    if (!cartId || step !== "billing") return;
    clearDraft(shippingDraftKey(cartId));
    if (shippingMethod && loaderData.state === "checkout") trackAddShippingInfo(loaderData.cart, shippingMethod);
  }, [cartId, step, shippingMethod, loaderData]);

  // The order is sent with its payment method: add_payment_info (once per cart and method in this tab).
  const sending = navigation.state === "submitting" ? navigation.formData : undefined;
  useEffect(() => {
    const payment = sending?.get("intent") === "place" ? sending.get("payment_method") : null;
    if (typeof payment === "string" && payment && loaderData.state === "checkout") trackAddPaymentInfo(loaderData.cart, payment);
  }, [sending, loaderData]);

  // A new step (with JavaScript, no page load): the focus goes to its heading.
  useEffect(() => {
    if (step && shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  if (loaderData.state === "empty") {
    return (
      <div className="mx-auto max-w-shop px-4 py-8 md:px-8 md:py-12">
        <title>{`${t("checkout.title")} | Kauppa`}</title>
        <meta name="robots" content="noindex" />
        <h1 className="text-3xl font-semibold tracking-tight">{t("checkout.title")}</h1>
        <p className="mt-4 text-muted">{t("checkout.empty")}</p>
        <Link to="/" className="mt-6 inline-block rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("checkout.empty.home")}
        </Link>
      </div>
    );
  }

  const { cart } = loaderData;
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const intent = submitting ? navigation.formData?.get("intent") : null;
  const result = actionData && "intent" in actionData ? (actionData as CheckoutFormResult) : undefined;
  const stepTitle = loaderData.step === "shipping" ? t("checkout.step.shipping") : t("checkout.step.billing");

  return (
    <div className="mx-auto max-w-shop px-4 py-6 md:px-8 md:py-10">
      <title>{`${stepTitle} – ${t("checkout.title")} | Kauppa`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-semibold tracking-tight">{t("checkout.title")}</h1>
      <CheckoutSteps step={loaderData.step} shippingDone={loaderData.shippingDone} />
      <div className="mt-8 grid gap-10 md:grid-cols-[minmax(0,1fr)_340px] lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-16">
        <section aria-labelledby="checkout-step-title" className="min-w-0">
          <h2 id="checkout-step-title" ref={headingRef} tabIndex={-1} className="mb-6 text-2xl font-semibold">
            <span className="block text-sm font-normal text-muted">
              {t("checkout.step.of", { step: loaderData.step === "shipping" ? 1 : 2 })}
            </span>
            {stepTitle}
          </h2>
          {loaderData.step === "shipping" ? (
            <ShippingStep
              cart={cart}
              countries={loaderData.countries}
              defaultCountry={loaderData.defaultCountry}
              result={result}
              busy={intent === "shipping"}
              pickupPoints={loaderData.pickupPoints}
              account={loaderData.account}
            />
          ) : (
            <BillingStep
              cart={cart}
              countries={loaderData.countries}
              defaultCountry={loaderData.defaultCountry}
              invoiceMinimum={loaderData.invoiceMinimum}
              businessPercent={loaderData.businessPercent}
              payment={loaderData.payment}
              result={result}
              busy={intent === "place"}
            />
          )}
        </section>
        <aside className="md:sticky md:top-6 md:self-start">
          <OrderSummary cart={cart} shippingChosen={loaderData.shippingDone} />
        </aside>
      </div>
    </div>
  );
}
