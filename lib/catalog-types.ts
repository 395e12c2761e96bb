// The catalogue as the API and the pages see it (spec §3 shapes). Amounts are euros with
// two decimals; rows from the database never leave the server in any other shape.

import type { GiftCardOption } from "./gift-card-options.ts";

export type ProductTypename = "SimpleProduct" | "ConfigurableProduct" | "GiftCardProduct";
export type StockStatus = "IN_STOCK" | "OUT_OF_STOCK";

export interface Money {
  value: number;
  currency: string;
}

export interface PriceBound {
  regular_price: Money;
  final_price: Money;
  discount: { amount_off: number; percent_off: number };
  /** Lowest price of the 30 days before the running reduction started (EU rule); null when not reduced. */
  lowest_prior_price: Money | null;
}

export interface PriceRange {
  minimum_price: PriceBound;
  maximum_price: PriceBound;
}

export interface Image {
  /** Path of the drawn image; add w, h, fit, q, fm=webp to size it (lib/image-url.ts). */
  url: string;
  label: string;
}

export interface MediaItem extends Image {
  position: number;
  /** uid of the colour this image shows, or null for every colour. */
  color_uid: string | null;
}

export interface OptionValue {
  uid: string;
  value_index: number;
  label: string;
  /** Colour swatch (hex) for colour values. */
  swatch: string | null;
}

export interface ConfigurableOption {
  uid: string;
  attribute_code: "color" | "size";
  label: string;
  position: number;
  values: OptionValue[];
}

export interface VariantAttribute {
  code: "color" | "size";
  uid: string;
  value_index: number;
  label: string;
}

export interface Variant {
  attributes: VariantAttribute[];
  product: {
    sku: string;
    stock_status: StockStatus;
    /** Units left when few remain (1..3), else null: enough to say "only 2 left". */
    only_x_left_in_stock: number | null;
    price_range: PriceRange;
  };
}

export interface CustomOptionValue {
  uid: string;
  title: string;
  sort_order: number;
  price_type: "FIXED" | "PERCENT";
  price: number;
}

export interface CustomOption {
  uid: string;
  __typename: "CustomizableAreaOption" | "CustomizableFieldOption" | "CustomizableDropDownOption" | "CustomizableCheckboxOption";
  title: string;
  required: boolean;
  sort_order: number;
  /** Area and field options: the text limit and price. */
  value: { uid: string; max_characters: number | null; price_type: "FIXED" | "PERCENT"; price: number } | CustomOptionValue[];
}

export interface GiftCardAmount {
  uid: string;
  value: number;
}

export interface RelatedProduct {
  sku: string;
  name: string;
  url_key: string;
  image: Image;
  color: { label: string; swatch: string | null } | null;
}

export interface Feature {
  code: string;
  label: string;
  value: string;
}

export interface Breadcrumb {
  uid: string;
  name: string;
  url_path: string;
}

export interface PriceHistory {
  lowest_price_30_days: Money | null;
  highest_price_30_days: Money | null;
}

export interface ProductSummary {
  __typename: ProductTypename;
  uid: string;
  sku: string;
  name: string;
  url_key: string;
  brand_value: string;
  stock_status: StockStatus;
  price_range: PriceRange;
  image: Image;
  /** Colour swatches of the product, for listings, each with its first picture (null when it has none of its own). */
  colors: { uid: string; label: string; swatch: string | null; image: Image | null }[];
}

/** A listing's product as a colour filter shows it. */
export interface ListingItem extends ProductSummary {
  /**
   * With a colour filter: the first filtered colour (in the shop's colour order) this product
   * has, with its picture, and the product link's `selectedConfigurations` that chooses it.
   */
  shown_color?: { uid: string; label: string; swatch: string | null; image: Image; selected_configurations: string };
}

export interface ProductDetails extends ProductSummary {
  description: string;
  meta_title: string;
  meta_description: string;
  media_gallery: MediaItem[];
  configurable_options: ConfigurableOption[];
  variants: Variant[];
  options: CustomOption[];
  giftcard_amounts: GiftCardAmount[];
  giftcard_type: "PHYSICAL" | "VIRTUAL" | null;
  /** A gift card's options (spec §3; empty for other products). */
  gift_card_options: GiftCardOption[];
  related_products: RelatedProduct[];
  features: Feature[];
  price_history: PriceHistory;
  breadcrumbs: Breadcrumb[];
  /** url_key in each locale, for links to the other store (hreflang). */
  url_keys: Record<string, string>;
}

/**
 * What the product page shows of a product: its route's data, which the page inlines and
 * hydrates from (decision 0044). The API's details without what the page never reads: the
 * summary's uid and colours (the page has the configurable options), the SEO texts (the
 * loader's meta), the 30-day price bounds (the price bounds carry the lowest prior price),
 * the other stores' url keys (the loader's alternates) and the pictures' positions (in order).
 */
export type ProductPageProduct = Omit<
  ProductDetails,
  "uid" | "colors" | "meta_title" | "meta_description" | "price_history" | "url_keys" | "media_gallery" | "gift_card_options"
> & { media_gallery: Omit<MediaItem, "position">[] };

export interface MenuItem {
  id: number;
  uid: string;
  name: string;
  url_path: string;
  position: number;
  top_level_clickable: boolean;
  children_count: number;
  children: MenuItem[];
}

export interface AggregationOption {
  label: string;
  value: string;
  count: number;
  swatch?: string | null;
}

export interface Aggregation {
  attribute_code: string;
  url_key: string;
  translated_label: string;
  position: number;
  options: AggregationOption[];
}

export interface SortField {
  value: string;
  label: string;
}

export interface CategoryInfo {
  uid: string;
  name: string;
  url_path: string;
  description: string;
  meta_title: string;
  meta_description: string;
  available_sort_by: string[];
  default_sort_by: string;
  breadcrumbs: Breadcrumb[];
  children: { uid: string; name: string; url_path: string }[];
  /** url_path in each locale, for links to the other store (hreflang). */
  url_paths: Record<string, string>;
}

export interface CategoryListing {
  category: CategoryInfo;
  items: ListingItem[];
  total_count: number;
  page_info: { current_page: number; page_size: number; total_pages: number };
  aggregations: Aggregation[];
  sort_fields: { default: string; options: SortField[] };
  applied: { sort: string; dir: "asc" | "desc"; filters: Record<string, string[]> };
}

export interface StoreAvailability {
  store_code: string;
  store_name: string;
  city: string;
  status: "available" | "low" | "out_of_stock" | "not_available" | "verify_availability";
}

export interface PhysicalStore {
  code: string;
  name: string;
  city: string;
  address: string;
  phone: string;
  opening_hours: string;
}
