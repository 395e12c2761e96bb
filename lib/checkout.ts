// Checkout rules of spec §4 and §5 that browser and server share: the shipping and payment
// methods on offer, what an address needs, the VAT ID form, and when an order may be placed.
// Our decisions where the spec is silent are marked "(decision)".
import { check, email, maxLength, type Problem, required } from "./validation.ts";

export type ShippingMethodCode = "home_delivery" | "pickup_point" | "store_pickup" | "email_delivery";
export type PaymentMethodCode = "card" | "invoice" | "free";

export interface ShippingMethodRule {
  carrier_code: string;
  method_code: ShippingMethodCode;
  title: { en: string; fi: string };
  /** Price including VAT, in cents. */
  cents: number;
  /** Free when the goods (after discounts) reach the store's free_shipping_threshold_cents. */
  freeOverThreshold: boolean;
  /** Needs a brand store chosen for pickup. */
  needsStore: boolean;
  /** Needs a carrier's pickup point chosen (lib/pickup-points.ts). */
  needsPickupPoint?: boolean;
}

/** (decision) Three ways to get physical goods; virtual gift cards travel by email. */
export const SHIPPING_METHODS: readonly ShippingMethodRule[] = [
  {
    carrier_code: "posti",
    method_code: "home_delivery",
    title: { en: "Home delivery", fi: "Kotiinkuljetus" },
    cents: 790,
    freeOverThreshold: true,
    needsStore: false,
  },
  {
    carrier_code: "posti",
    method_code: "pickup_point",
    title: { en: "Pickup point", fi: "Noutopiste" },
    cents: 490,
    freeOverThreshold: true,
    needsStore: false,
    needsPickupPoint: true,
  },
  {
    carrier_code: "store",
    method_code: "store_pickup",
    title: { en: "Pick up in a brand store", fi: "Nouto myymälästä" },
    cents: 0,
    freeOverThreshold: false,
    needsStore: true,
  },
];

export const EMAIL_DELIVERY: ShippingMethodRule = {
  carrier_code: "email",
  method_code: "email_delivery",
  title: { en: "Delivered by email", fi: "Toimitus sähköpostilla" },
  cents: 0,
  freeOverThreshold: false,
  needsStore: false,
};

/** The methods a cart may use: email delivery alone for a cart of virtual gift cards. */
export function shippingMethodsFor(isVirtual: boolean): readonly ShippingMethodRule[] {
  return isVirtual ? [EMAIL_DELIVERY] : SHIPPING_METHODS;
}

/** What a method costs for goods worth `goodsCents` (after discounts). */
export function shippingCents(method: ShippingMethodRule, goodsCents: number, freeThresholdCents: number): number {
  return method.freeOverThreshold && freeThresholdCents > 0 && goodsCents >= freeThresholdCents ? 0 : method.cents;
}

/**
 * Payment methods on offer for a total (spec §5: invoice only at or above a minimum):
 * free alone when nothing is left to pay, else card (when the shop has a card provider,
 * decision 0037), and invoice from the minimum up.
 */
export function paymentMethodsFor(grandTotalCents: number, invoiceMinimumCents: number, card = true): PaymentMethodCode[] {
  if (grandTotalCents === 0) return ["free"];
  const methods: PaymentMethodCode[] = card ? ["card"] : [];
  return grandTotalCents >= invoiceMinimumCents ? [...methods, "invoice"] : methods;
}

export const PAYMENT_TITLES: Record<PaymentMethodCode, { en: string; fi: string }> = {
  card: { en: "Card payment", fi: "Korttimaksu" },
  invoice: { en: "Invoice (14 days)", fi: "Lasku (14 päivää)" },
  free: { en: "No payment needed", fi: "Ei maksettavaa" },
};

/** The names of an order's shipping and payment methods in a language (the code itself where one is unknown). */
export function methodTitles(shippingMethod: string, paymentMethod: string, locale: "en" | "fi") {
  const shipping = [...SHIPPING_METHODS, EMAIL_DELIVERY].find((m) => m.method_code === shippingMethod);
  const payment = PAYMENT_TITLES[paymentMethod as PaymentMethodCode];
  return { shippingTitle: shipping?.title[locale] ?? shippingMethod, paymentTitle: payment?.[locale] ?? paymentMethod };
}

/**
 * (decision) Business customers: a company name and a valid VAT ID on the billing address
 * take this many percent off the goods, after any coupon (spec §6 "B2B discounts activated
 * at checkout").
 */
export const BUSINESS_DISCOUNT_PERCENT = 5;

/** Spec §5: country code plus code, e.g. FI12345678 (Finland: exactly 8 digits). */
export function isValidVatId(value: string): boolean {
  const id = value.replace(/[\s-]/g, "").toUpperCase();
  if (id.startsWith("FI")) return /^FI\d{8}$/.test(id);
  return /^[A-Z]{2}[0-9A-Z]{2,12}$/.test(id);
}

export const normalizeVatId = (value: string) => value.replace(/[\s-]/g, "").toUpperCase();

export interface Address {
  firstname: string;
  lastname: string;
  company?: string;
  vat_id?: string;
  street: string;
  postcode: string;
  city: string;
  country_code: string;
  telephone: string;
}

export interface ShippingAddressInput extends Address {
  email: string;
}

export type AddressField = keyof ShippingAddressInput;
export type AddressProblem = {
  field: AddressField;
  problem: Problem | { key: "validation.postcode" | "validation.vatId" | "validation.telephone" | "validation.country" };
};

const POSTCODE_FI = /^\d{5}$/;
const POSTCODE_ANY = /^[A-Za-z0-9 -]{2,10}$/;
const TELEPHONE = /^\+?[0-9 ()-]{5,20}$/;
const NAME_MAX = 50;

/** A telephone number as the checkout takes it: digits, spaces, brackets and dashes, a leading +. */
export const telephoneProblem = (value: string): { key: "validation.telephone" } | null =>
  TELEPHONE.test(value.trim()) ? null : { key: "validation.telephone" };

/** Every problem of an address (spec §5: address required before continuing). */
export function addressProblems(
  input: Partial<Record<AddressField, string>>,
  countries: readonly string[],
  withEmail: boolean,
): AddressProblem[] {
  const value = (field: AddressField) => (input[field] ?? "").trim();
  const problems: AddressProblem[] = [];
  const add = (field: AddressField, problem: AddressProblem["problem"] | null) => {
    if (problem) problems.push({ field, problem });
  };
  if (withEmail) add("email", email(value("email")));
  add("firstname", check(value("firstname"), required, maxLength(NAME_MAX)));
  add("lastname", check(value("lastname"), required, maxLength(NAME_MAX)));
  add("street", check(value("street"), required, maxLength(100)));
  add("city", check(value("city"), required, maxLength(60)));
  const country = value("country_code").toUpperCase();
  add("country_code", required(country) ?? (countries.includes(country) ? null : { key: "validation.country" }));
  const postcode = value("postcode");
  add(
    "postcode",
    required(postcode) ?? ((country === "FI" ? POSTCODE_FI : POSTCODE_ANY).test(postcode) ? null : { key: "validation.postcode" }),
  );
  const telephone = value("telephone");
  add("telephone", required(telephone) ?? telephoneProblem(telephone));
  add("company", maxLength(100)(value("company")));
  const vat = value("vat_id");
  if (vat !== "") add("vat_id", isValidVatId(vat) ? null : { key: "validation.vatId" });
  return problems;
}

const ADDRESS_KEYS = ["firstname", "lastname", "company", "vat_id", "street", "postcode", "city", "country_code", "telephone"] as const;

/** Two stored addresses are the same when every field is (an absent optional one equals an empty one). */
export const sameAddress = (a: Partial<Address>, b: Partial<Address>) => ADDRESS_KEYS.every((k) => (a[k] ?? "") === (b[k] ?? ""));

/** The address as stored: trimmed, country upper-case, VAT ID normalised, empty optionals left out. */
export function cleanAddress<T extends Partial<Record<AddressField, string>>>(input: T): T {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(input)) {
    if (typeof raw !== "string") continue;
    const v = raw.trim();
    if (v === "") continue;
    out[key] = key === "country_code" ? v.toUpperCase() : key === "vat_id" ? normalizeVatId(v) : v;
  }
  return out as T;
}

/** Spec §4: an order may be placed only with a shipping method, a payment method code and a billing address. */
export function canPlaceOrder(cart: {
  shipping_method: string | null;
  payment_method: string | null;
  billing_address: unknown | null;
}): boolean {
  return cart.shipping_method !== null && cart.payment_method !== null && cart.billing_address !== null;
}
