// Store config of spec §3, one per store code. Kept in stores.config; this schema is the
// one definition of its shape for the database, the API and the pages.
import { z } from "zod";
import { GUEST_CART_SECONDS } from "./cart-types.ts";

export const footerLink = z.object({ title: z.string().min(1), url: z.string().min(1) });

export const SORT_FIELDS = ["position", "nosto_personalized", "price"] as const;

const storeConfigFields = z.object({
  base_currency_code: z.string().length(3),
  base_currency_symbol: z.string().min(1),
  root_category_uid: z.string().min(1),
  catalog_default_sort_by: z.enum(SORT_FIELDS),
  enable_login: z.boolean(),
  disable_shopping: z.array(z.string()),
  maintenance_mode: z.boolean(),
  show_prices: z.boolean(),
  copyright: z.string(),
  about_company_url: z.string(),
  luhta_store_locator_active: z.boolean(),
  luhta_store_locator_url: z.string(),
  hide_from_language_selector: z.array(z.string()),
  /** Filters a category page offers, by attribute code (spec §5). */
  categoryFilters: z.array(z.string()),
  /** Attribute codes never offered as filters (spec §4 server start-up). */
  filter_blacklist: z.array(z.string()),
  /** ISO 3166 alpha-2 codes shipping goes to. */
  countries: z.array(z.object({ id: z.string().length(2), full_name_locale: z.string() })),
  /** The country a new address starts with at checkout: one of `countries`. */
  default_country_id: z.string().length(2),
  footer_customer_service_links: z.array(footerLink),
  footer_about_links: z.array(footerLink),
  footer_business_links: z.array(footerLink),
  /** Root path redirect (spec §2): empty for none. */
  root_redirect_path: z.string(),
  root_redirect_status: z.union([z.literal(301), z.literal(302)]),
  /** Free shipping from this grand total, in cents (checkout issue). */
  free_shipping_threshold_cents: z.number().int().min(0),
  /** Invoice payment only from this grand total, in cents (spec §5). */
  invoice_minimum_cents: z.number().int().min(0),
  /**
   * How long a guest cart lasts after its last change, its cookie and the cart alike (spec §9: 30
   * days in one store, 7 in the other); a config stored before the setting has the 30 days.
   */
  guest_cart_seconds: z.number().int().min(3600).max(31_536_000).default(GUEST_CART_SECONDS),
});

export const storeConfigSchema = z.preprocess(
  // A config stored before default_country_id existed starts addresses in its first country.
  (value) => {
    if (typeof value !== "object" || value === null || "default_country_id" in value) return value;
    const countries = (value as { countries?: unknown }).countries;
    const first = Array.isArray(countries) ? (countries[0] as { id?: unknown } | undefined)?.id : undefined;
    return typeof first === "string" ? { ...value, default_country_id: first } : value;
  },
  storeConfigFields.refine((config) => config.countries.some((c) => c.id === config.default_country_id), {
    message: "default_country_id must be one of the store's countries",
    path: ["default_country_id"],
  }),
);

export type StoreConfig = z.infer<typeof storeConfigSchema>;
