// The small fixed tables: the two storefronts and their configs, colour and size values,
// and the brand's physical stores.
import { LOCALES, LOCALE_CODES } from "../../../lib/locales.ts";
import { storeConfigSchema, type StoreConfig } from "../../../lib/store-config.ts";
import { uid } from "./text.ts";
import { CLOTHING_SIZES, COLORS, ONE_SIZE, PHYSICAL_STORES, SHOE_SIZES, STORE_TEXTS } from "./words.ts";

const link = ([title, url]: readonly [string, string]) => ({ title, url });

export function storeRows(rootCategoryUid: string, now: Date) {
  return LOCALE_CODES.map((code, position) => {
    const locale = LOCALES[code];
    const words = STORE_TEXTS[code];
    const config: StoreConfig = storeConfigSchema.parse({
      base_currency_code: "EUR",
      base_currency_symbol: "€",
      root_category_uid: rootCategoryUid,
      catalog_default_sort_by: "position",
      enable_login: true,
      disable_shopping: [],
      maintenance_mode: false,
      show_prices: true,
      copyright: "© 2026 Kauppa Oy",
      about_company_url: "/content/about",
      luhta_store_locator_active: true,
      luhta_store_locator_url: "/content/stores",
      hide_from_language_selector: [],
      categoryFilters: ["color", "size", "price", "brand"],
      filter_blacklist: [],
      countries: Object.entries(words.countries).map(([id, name]) => ({ id, full_name_locale: name })),
      // The brand ships from Finland: both stores start an address there.
      default_country_id: "FI",
      footer_customer_service_links: words.customerService.map(link),
      footer_about_links: words.about.map(link),
      footer_business_links: words.business.map(link),
      root_redirect_path: "",
      root_redirect_status: 302,
      free_shipping_threshold_cents: 7900,
      invoice_minimum_cents: 5000,
      // Spec §9: the guest cart lasts 30 days in the Finnish store, 7 days in the international one.
      guest_cart_seconds: code === "en" ? 604_800 : 2_592_000,
    });
    return {
      code: locale.storeCode,
      locale: locale.code,
      name: words.name,
      iso: locale.iso,
      countryCode: locale.countryCode,
      dateFormat: locale.dateFormat,
      leftSideCurrency: locale.leftSideCurrency,
      position,
      config,
      updatedAt: now,
    };
  });
}

export interface AttributeValueRow {
  id: number;
  uid: string;
  attributeCode: "color" | "size";
  code: string;
  labels: Record<string, string>;
  swatch: string | null;
  position: number;
}

/** Colours first (ids 1…), then sizes: clothing, shoes, one size. */
export function attributeValueRows(): AttributeValueRow[] {
  const colors = COLORS.map((c, i) => ({
    attributeCode: "color" as const,
    code: c.code,
    labels: { ...c.label },
    swatch: c.hex,
    position: i,
  }));
  const sizeLabels: [string, Record<string, string>][] = [
    ...[...CLOTHING_SIZES, ...SHOE_SIZES].map((code): [string, Record<string, string>] => [code, { en: code, fi: code }]),
    [ONE_SIZE.code, { ...ONE_SIZE.label }],
  ];
  const sizes = sizeLabels.map(([code, labels], i) => ({ attributeCode: "size" as const, code, labels, swatch: null, position: i }));
  return [...colors, ...sizes].map((row, i) => ({ id: i + 1, uid: uid(row.attributeCode, row.code), ...row }));
}

export function physicalStoreRows() {
  return PHYSICAL_STORES.map((store, i) => ({ id: i + 1, ...store, openingHours: { ...store.openingHours }, position: i }));
}

/**
 * Demo promotions, documented in the README so a visitor can try them: a welcome
 * percentage, a fixed amount off above a minimum, a code limited to a few uses, one that
 * has expired, and gift cards with a balance.
 */
export function demoCouponRows(now: Date) {
  const day = 86_400_000;
  return [
    { code: "WELCOME10", kind: "percent" as const, value: 10, minSubtotalCents: 0 },
    { code: "SAVE20", kind: "fixed" as const, value: 2000, minSubtotalCents: 10_000 },
    { code: "FIRST5", kind: "percent" as const, value: 15, minSubtotalCents: 0, maxUses: 5 },
    { code: "ONCE", kind: "percent" as const, value: 5, minSubtotalCents: 0, maxUsesPerCustomer: 1 },
    { code: "SUMMER25", kind: "percent" as const, value: 25, minSubtotalCents: 0, validTo: new Date(now.getTime() - 30 * day) },
  ];
}

export function demoGiftCardRows() {
  return [
    { code: "GIFT-0050-DEMO", balanceCents: 5000 },
    { code: "GIFT-0500-DEMO", balanceCents: 50_000 },
  ];
}
