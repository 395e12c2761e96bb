// The account's plain HTML forms (log in, log out, register, confirm), for the pages' actions
// with and without JavaScript: the same customer service the /api/auth and /api/customer
// endpoints call. An answer is the cookies to set, or the refusal in the error catalogue's terms.
import {
  authCookies,
  cartCookies,
  clearedAuthCookies,
  clearedCartCookies,
  clearedEngagementKeyCookies,
  COOKIES,
  customerKeyCookie,
  loginDeviceCookie,
  requestCookie,
} from "../../lib/cookies.ts";
import type { ErrorDetail } from "../../lib/errors/format.ts";
import { CAPTCHA_FIELD } from "../captcha/service.ts";
import { isAppError } from "../errors.ts";
import { customerOwner, ownerOf, type Shopper } from "../identity.ts";
import type { Services } from "../services.ts";

export type AccountOutcome = { ok: true; cookies: string[] } | { ok: false; error: ErrorDetail; status: number };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A refusal as the error the page shows; anything that is not a refusal is a real failure. */
function refusal(error: unknown): AccountOutcome {
  if (!isAppError(error) || error.status >= 500) throw error;
  return { ok: false, error: { code: error.code, params: error.params, field: error.field }, status: error.status };
}

/**
 * Logs in (spec §4 login success): the session's cookies until it ends, and the cart cookie now
 * names the customer's cart — the guest cart they came with merged into it, or become theirs.
 */
export async function logIn(
  services: Services,
  shopper: Shopper,
  request: Request,
  form: FormData,
  clientAddress: string,
): Promise<AccountOutcome> {
  try {
    const session = await services.customers.login(
      shopper.store,
      { email: field(form, "email"), password: field(form, "password"), captcha: field(form, CAPTCHA_FIELD) || undefined },
      { address: clientAddress, device: requestCookie(request, COOKIES.loginDevice) },
    );
    const cart = await services.cart.cartAtLogin(shopper.store, shopper.guestCartId, session.customerId);
    const cartPart = cart
      ? cartCookies(request, cart.id, cart.total_quantity, shopper.store.config.guest_cart_seconds)
      : clearedCartCookies(request);
    await keepWishedProduct(services, shopper, field(form, "wishlist"), session.customerId);
    // Spec §4: the engagement service's customer key becomes the customer's own (with marketing consent), until the token expires.
    const key = shopper.consent.marketing ? (await services.authenticate(session.accessToken))?.engagementKey : undefined;
    const keyPart = key ? [customerKeyCookie(request, key, session.expiresAt)] : [];
    return {
      ok: true,
      cookies: [
        ...authCookies(request, session.accessToken, session.expiresAt),
        loginDeviceCookie(request, session.device),
        ...cartPart,
        ...keyPart,
      ],
    };
  } catch (error) {
    return refusal(error);
  }
}

/**
 * The product a guest pressed a wishlist heart for before logging in (docs/decisions/0017): on
 * the wishlist once logged in. A product gone meanwhile (or a full wishlist) does not stop the
 * login; the wishlist page then shows what is on it.
 */
async function keepWishedProduct(services: Services, shopper: Shopper, sku: string, customerId: number) {
  if (!sku) return;
  try {
    await services.wishlist.add(shopper.store, sku, customerOwner(customerId));
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
  }
}

/**
 * Logs out (spec §4): the session ends on the server; the browser forgets it, the customer's
 * cart and the engagement keys (new random ones are made on the next engagement call).
 */
export async function logOut(services: Services, token: string | null, request: Request): Promise<string[]> {
  if (token) await services.customers.logout(token);
  return [...clearedAuthCookies(request), ...clearedCartCookies(request), ...clearedEngagementKeyCookies(request)];
}

/**
 * Registers (spec §7 POST api/customer/customer): the newsletter only when ticked. The check
 * against bots first (docs/decisions/0019): the widget's answer, or without one (no
 * JavaScript) the strict per-address limit.
 */
export async function register(services: Services, shopper: Shopper, form: FormData, clientAddress: string): Promise<AccountOutcome> {
  try {
    await services.captcha.verifyForm(field(form, CAPTCHA_FIELD), clientAddress);
    await services.customers.register(
      shopper.store,
      {
        firstname: field(form, "firstname"),
        lastname: field(form, "lastname"),
        email: field(form, "email"),
        newPassword: field(form, "newPassword"),
        confirmPassword: field(form, "confirmPassword"),
        ...(form.get("is_subscribed") ? { is_subscribed: true } : {}),
        ...(form.get("loyalty_member") ? { loyalty_member: true } : {}),
      },
      clientAddress,
    );
    return { ok: true, cookies: [] };
  } catch (error) {
    return refusal(error);
  }
}

/** Forgot password (spec §7): the same answer whatever the address; the mail goes only to an account. */
export async function forgotPassword(services: Services, shopper: Shopper, form: FormData): Promise<AccountOutcome> {
  try {
    await services.customers.forgotPassword(shopper.store, field(form, "email"), shopper.clientAddress);
    return { ok: true, cookies: [] };
  } catch (error) {
    return refusal(error);
  }
}

/** Reset password with the mailed key (single use, expiring): every session of the account ends. */
export async function resetPassword(services: Services, form: FormData, clientAddress?: string): Promise<AccountOutcome> {
  const customerId = Number(field(form, "id"));
  try {
    await services.customers.resetPassword(
      {
        customerId: Number.isSafeInteger(customerId) ? customerId : 0,
        resetToken: field(form, "key"),
        newPassword: field(form, "newPassword"),
        confirmPassword: field(form, "confirmPassword"),
      },
      clientAddress,
    );
    return { ok: true, cookies: [] };
  } catch (error) {
    return refusal(error);
  }
}

/** A logged-in customer's new password; the session in use stays, every other one ends. */
export async function changePassword(services: Services, shopper: Shopper, token: string | null, form: FormData): Promise<AccountOutcome> {
  try {
    await services.customers.changePassword(ownerOf(shopper), token ?? "", {
      currentPassword: field(form, "currentPassword"),
      newPassword: field(form, "newPassword"),
      confirmPassword: field(form, "confirmPassword"),
    });
    return { ok: true, cookies: [] };
  } catch (error) {
    return refusal(error);
  }
}
