// Who a request is for (ARCHITECTURE "Identity, freshness, errors"): one shopper per request,
// resolved once at the edge (server/http/shopper.ts) for the API and the pages alike, and
// the owner every cart, checkout, customer and wishlist method requires — never defaulted,
// so a call that forgets it does not compile.
import type { Consent } from "../lib/cookies.ts";
import type { Store } from "./catalog/reference.ts";

export type { Consent } from "../lib/cookies.ts";

/** The logged-in customer, as the accounts backend's `authenticate` answers it. */
export interface Customer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  /** The engagement service's key for the customer (spec §7 voyado_customer_key), where the backend has one. */
  engagementKey?: string;
}

/**
 * The one way from a token (`Authorization: Bearer`, or the auth cookie) to a customer: the
 * accounts backend provides it; null for an unknown, expired or revoked token, which leaves
 * the request a guest's. It must not throw for a bad token (only for a failing database).
 */
export type Authenticate = (token: string) => Promise<Customer | null>;

/** Until accounts exist, no token names anyone: every request is a guest's. */
export const guestsOnly: Authenticate = async () => null;

/** The request's shopper. */
export interface Shopper {
  store: Store;
  /** The customer the request's token names, or null for a guest. */
  customer: Customer | null;
  /**
   * The cart id the request carries (the `cart` header, else the cart_id cookie): a guest
   * cart's only key. A customer's cart is reachable only with that customer's token, so an
   * id alone never opens one.
   */
  guestCartId: string | null;
  consent: Consent;
  /**
   * The client's address (server/http/client-address.ts), for the rate limits a shopper's
   * requests count under (docs/decisions/0035); absent where no request is behind the call.
   */
  clientAddress?: string;
  /**
   * The browser's auth cookie names a session the server has ended (expired early, revoked by a
   * password reset or a logout elsewhere, unknown): the answer clears the login cookies and says
   * so once (spec §4). A Bearer token that fails is the API client's to handle.
   */
  sessionEnded?: boolean;
}

/** Who asks a service: a guest (customerId null) or a logged-in customer. */
export interface Owner {
  customerId: number | null;
  /** The client address the request came from: what it does counts under its rate limits (none without). */
  address?: string;
}

export const GUEST: Owner = Object.freeze({ customerId: null });

export const customerOwner = (customerId: number): Owner => ({ customerId });

/** The owner a shopper acts as. */
export const ownerOf = (shopper: Pick<Shopper, "customer" | "clientAddress">): Owner => {
  const owner = shopper.customer ? customerOwner(shopper.customer.id) : GUEST;
  return shopper.clientAddress ? { ...owner, address: shopper.clientAddress } : owner;
};
