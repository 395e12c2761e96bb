// Products as plain objects, ready to insert: configurable garments and shoes (in style
// groups of one to three "editions"), simple home products and gift cards. Ids are
// assigned here, in order, so that the rows can reference each other before insertion.
import type { LocaleCode } from "../../../lib/locales.ts";
import type { CategoryNode } from "./categories.ts";
import { fixedPrice, priceHistory, shelfPrice, type PricePoint } from "./prices.ts";
import type { Random } from "./random.ts";
import { shortName } from "../../../lib/product-name.ts";
import { slugify } from "./text.ts";
import {
  ADJECTIVES,
  AUDIENCES,
  BLANKET_SIZES,
  BRANDS,
  BURNING_TIMES,
  CARE,
  CLOSING_SENTENCES,
  CLOTHING_SIZES,
  COLORS,
  GIFT_CARDS,
  IMAGE_VIEWS,
  KINDS,
  LARGE_SIZES,
  MADE_IN,
  MATERIALS,
  MODEL_NAMES,
  MUG_SIZES,
  ONE_SIZE,
  PACKAGES,
  SCENTS,
  SEASONS,
  SHOE_SIZES,
  SIMPLE_LINES,
  VAT,
  type Audience,
  type ColorWord,
  type GarmentKind,
  type KindKey,
  type SimpleLine,
  type Text,
} from "./words.ts";

export type ProductType = "SimpleProduct" | "ConfigurableProduct" | "GiftCardProduct";
type Feature = string | Text;

export interface ProductText {
  name: string;
  urlKey: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
}

export interface VariantSpec {
  id: number;
  sku: string;
  colorId: number | null;
  sizeId: number | null;
  position: number;
  stock: number | null;
  /** Added to this variant's price (large sizes of a few products). */
  surchargeCents: number;
}

export interface MediaSpec {
  id: number;
  colorId: number | null;
  key: string;
  labels: Text;
  position: number;
}

export interface ProductSpec {
  id: number;
  sku: string;
  type: ProductType;
  brand: string;
  styleCode: string | null;
  giftCardType: "PHYSICAL" | "VIRTUAL" | null;
  features: Record<string, Feature>;
  imageKind: string;
  position: number;
  createdAt: Date;
  texts: Record<LocaleCode, ProductText>;
  categoryIds: number[];
  variants: VariantSpec[];
  media: MediaSpec[];
  /** The price history every variant follows (plus its surcharge), in both stores. */
  prices: PricePoint[];
  /** Set for the home products that take custom options. */
  customizable?: SimpleLine["sells"];
}

export interface Lookups {
  colors: Map<string, number>;
  sizes: Map<string, number>;
  categories: CategoryNode[];
}

/** Last ids handed out; the generator keeps one across all products. */
export interface IdCounter {
  product: number;
  variant: number;
  media: number;
}

const DAY_MS = 86_400_000;

export const skuOf = (productId: number) => `KP-${100_000 + productId}`;

function productText(fullName: string, sku: string, description: string, brand: string): ProductText {
  return {
    name: fullName,
    urlKey: `${slugify(fullName)}-${sku.replace(/\D/g, "")}`,
    description,
    metaTitle: `${shortName(fullName)} | ${brand}`,
    metaDescription: description.split(". ")[0]?.replace(/\.?$/, ".") ?? description,
  };
}

function texts(names: Text, sku: string, descriptions: Text, brand: string): Record<LocaleCode, ProductText> {
  return {
    en: productText(names.en, sku, descriptions.en, brand),
    fi: productText(names.fi, sku, descriptions.fi, brand),
  };
}

function createdAt(random: Random, now: Date): Date {
  return new Date(now.getTime() - random.int(0, 400) * DAY_MS);
}

// ---------------------------------------------------------------- configurable products

/** One garment design; a style group is one design sold in one to three colour editions. */
interface Design {
  kind: GarmentKind;
  leaf: CategoryNode;
  alsoIn: CategoryNode | undefined;
  audience: Audience;
  brand: string;
  names: Text;
  description: Text;
  features: Record<string, Feature>;
  sizes: readonly string[];
  largeSizeSurcharge: boolean;
  regularCents: number;
}

function sizeRun(random: Random, kind: GarmentKind, audience: Audience): readonly string[] {
  if (kind.sizes === "one") return [ONE_SIZE.code];
  if (kind.sizes === "clothing") {
    return random.pick([CLOTHING_SIZES.slice(0, 5), CLOTHING_SIZES.slice(1), CLOTHING_SIZES]);
  }
  type Shoe = (typeof SHOE_SIZES)[number];
  const from = (first: Shoe, last: Shoe) => SHOE_SIZES.slice(SHOE_SIZES.indexOf(first), SHOE_SIZES.indexOf(last) + 1);
  if (audience === "women" || audience === "kids") return random.pick([from("36", "43"), from("36", "44")]);
  if (audience === "men") return random.pick([from("39", "46"), from("38", "46")]);
  return random.pick([from("36", "46"), from("37", "46")]);
}

function pickBrand(random: Random, audience: Audience): string {
  if (audience === "unisex") return random.weighted([BRANDS.outdoor, BRANDS.tunturi], [70, 30]);
  return random.weighted([BRANDS.main, BRANDS.revontuli, BRANDS.tunturi], [60, 25, 15]);
}

function design(random: Random, leaf: CategoryNode, kindKey: KindKey, lookups: Lookups): Design {
  const kind: GarmentKind = KINDS[kindKey];
  const audience = leaf.audience ?? "unisex";
  const model = random.pick(MODEL_NAMES);
  const adjective = random.chance(0.35) ? random.pick(ADJECTIVES) : undefined;
  const fiAdjective = adjective ? `${kind.fiPlural ? adjective.fiPlural : adjective.fi} ` : "";
  const names = {
    en: `${model} ${adjective ? `${adjective.en} ` : ""}${kind.name.en}, ${AUDIENCES[audience].en}`,
    fi: `${model} ${fiAdjective}${kind.name.fi}, ${AUDIENCES[audience].fi}`,
  };
  const material = MATERIALS[random.pick(kind.materials)];
  const closing = random.pick(CLOSING_SENTENCES);
  const sizes = sizeRun(random, kind, audience);
  const alsoIn =
    kind.alsoIn && audience !== "kids" && random.chance(0.4) ? lookups.categories.find((c) => c.keyPath === kind.alsoIn) : undefined;
  return {
    kind,
    leaf,
    alsoIn,
    audience,
    brand: pickBrand(random, audience),
    names,
    description: {
      en: `${kind.blurb.en} Made of ${material.en}. ${closing.en}`,
      fi: `${kind.blurb.fi} Materiaalina on ${material.fi}. ${closing.fi}`,
    },
    features: {
      country_of_manufacture: random.pick(MADE_IN),
      material,
      season: SEASONS[random.pick(kind.seasons)],
      vat: VAT,
      package: kind.sizes === "shoes" ? PACKAGES.box : PACKAGES.bag,
      care: CARE[kind.care],
    },
    sizes,
    largeSizeSurcharge: sizes.some((s) => LARGE_SIZES.has(s)) && random.chance(0.06),
    regularCents: shelfPrice(random, kind.euros),
  };
}

function variantStock(random: Random, soldOut: boolean): number {
  if (soldOut) return 0;
  const roll = random.next();
  if (roll < 0.06) return 0;
  if (roll < 0.15) return random.int(1, 3);
  return random.int(4, 40);
}

function configurable(
  random: Random,
  d: Design,
  colors: ColorWord[],
  styleCode: string,
  ids: IdCounter,
  lookups: Lookups,
  now: Date,
): ProductSpec {
  const id = ++ids.product;
  const sku = skuOf(id);
  const soldOut = random.chance(0.03);
  const variants: VariantSpec[] = [];
  for (const color of colors) {
    for (const size of d.sizes) {
      variants.push({
        id: ++ids.variant,
        sku: `${sku}-${color.code.toUpperCase()}-${size}`,
        colorId: lookups.colors.get(color.code) ?? null,
        sizeId: lookups.sizes.get(size) ?? null,
        position: variants.length,
        stock: variantStock(random, soldOut),
        surchargeCents: d.largeSizeSurcharge && LARGE_SIZES.has(size) ? 1000 : 0,
      });
    }
  }
  const views = random.int(2, 3);
  const drawing = random.int(0, 9);
  const media: MediaSpec[] = [];
  for (const color of colors) {
    for (let view = 1; view <= views; view++) {
      const viewName = IMAGE_VIEWS[view - 1] ?? { en: "", fi: "" };
      media.push({
        id: ++ids.media,
        colorId: lookups.colors.get(color.code) ?? null,
        key: `${d.kind.imageKind}/${color.hex.slice(1)}/${view}/${drawing}`,
        labels: {
          en: `${shortName(d.names.en)}, ${color.label.en.toLowerCase()}, ${viewName.en}`,
          fi: `${shortName(d.names.fi)}, ${color.label.fi.toLowerCase()}, ${viewName.fi}`,
        },
        position: media.length,
      });
    }
  }
  return {
    id,
    sku,
    type: "ConfigurableProduct",
    brand: d.brand,
    styleCode,
    giftCardType: null,
    features: d.features,
    imageKind: d.kind.imageKind,
    position: id,
    createdAt: createdAt(random, now),
    texts: texts(d.names, sku, d.description, d.brand),
    categoryIds: d.alsoIn ? [d.leaf.id, d.alsoIn.id] : [d.leaf.id],
    variants,
    media,
    prices: priceHistory(random, d.regularCents, now),
  };
}

/**
 * count configurable products, one style group at a time. Some 20 % of products share
 * their style code with one or two others: the same design in other colours.
 */
export function* configurableProducts(random: Random, count: number, ids: IdCounter, lookups: Lookups, now: Date): Generator<ProductSpec> {
  const leaves = lookups.categories.filter((c) => c.word.kinds?.length);
  let made = 0;
  while (made < count) {
    const leaf = random.pick(leaves);
    const d = design(random, leaf, random.pick(leaf.word.kinds ?? []), lookups);
    const editions = Math.min(count - made, random.chance(0.09) ? random.int(2, 3) : 1);
    const palette = random.sample(COLORS, editions * 4);
    const styleCode = `KS-${100_000 + ids.product + 1}`;
    for (let e = 0; e < editions; e++) {
      const colorCount = random.weighted([1, 2, 3, 4], [30, 35, 25, 10]);
      yield configurable(random, d, palette.slice(e * 4, e * 4 + colorCount), styleCode, ids, lookups, now);
      made++;
    }
  }
}

// ---------------------------------------------------------------- simple products and gift cards

function simpleNamesAndFeatures(
  random: Random,
  line: SimpleLine,
  model: string,
  index: number,
): { names: Text; features: Record<string, Feature> } {
  const base = { en: `${model} ${line.name.en}`, fi: `${model} ${line.name.fi}` };
  const features: Record<string, Feature> = {
    country_of_manufacture: MADE_IN[0] ?? { en: "Finland", fi: "Suomi" },
    material: MATERIALS[line.material],
    vat: VAT,
    package: PACKAGES.giftBox,
    care: CARE[line.care],
  };
  if (line.sells === "candle") {
    const scent = SCENTS[index % SCENTS.length] ?? { en: "Birch", fi: "Koivu" };
    features.burning_time = random.pick(BURNING_TIMES);
    features.scent = scent;
    return { names: { en: `${base.en}, ${scent.en.toLowerCase()}`, fi: `${base.fi}, ${scent.fi.toLowerCase()}` }, features };
  }
  const size = random.pick(line.sells === "mug" ? MUG_SIZES : BLANKET_SIZES);
  return { names: { en: `${base.en}, ${size}`, fi: `${base.fi}, ${size}` }, features };
}

function singleVariant(sku: string, stock: number | null, ids: IdCounter): VariantSpec[] {
  return [{ id: ++ids.variant, sku, colorId: null, sizeId: null, position: 0, stock, surchargeCents: 0 }];
}

function plainMedia(ids: IdCounter, imageKind: string, hex: string, views: number, drawing: number, label: Text): MediaSpec[] {
  return Array.from({ length: views }, (_, i) => ({
    id: ++ids.media,
    colorId: null,
    key: `${imageKind}/${hex.replace("#", "")}/${i + 1}/${drawing}`,
    labels: label,
    position: i,
  }));
}

/** The 20 candles, mugs and blankets; the first two of each line take custom options. */
export function simpleProducts(random: Random, ids: IdCounter, lookups: Lookups, now: Date): ProductSpec[] {
  return SIMPLE_LINES.flatMap((line) => {
    const category = lookups.categories.find((c) => c.word.sells === line.sells);
    return Array.from({ length: line.count }, (_, index): ProductSpec => {
      const id = ++ids.product;
      const sku = skuOf(id);
      const model = line.models[index % line.models.length] ?? "Kauppa";
      const { names, features } = simpleNamesAndFeatures(random, line, model, index);
      const hex = COLORS.find((c) => c.code === random.pick(line.colors))?.hex ?? "#f4f3ee";
      const closing = random.pick(CLOSING_SENTENCES);
      const description = { en: `${line.blurb.en} ${closing.en}`, fi: `${line.blurb.fi} ${closing.fi}` };
      return {
        id,
        sku,
        type: "SimpleProduct",
        brand: BRANDS.main,
        styleCode: null,
        giftCardType: null,
        features,
        imageKind: line.imageKind,
        position: id,
        createdAt: createdAt(random, now),
        texts: texts(names, sku, description, BRANDS.main),
        categoryIds: category ? [category.id] : [],
        variants: singleVariant(sku, random.int(0, 60), ids),
        media: plainMedia(ids, line.imageKind, hex, random.int(1, 2), random.int(0, 9), {
          en: shortName(names.en),
          fi: shortName(names.fi),
        }),
        prices: priceHistory(random, shelfPrice(random, line.euros), now),
        customizable: index < 2 ? line.sells : undefined,
      };
    });
  });
}

export function giftCards(random: Random, ids: IdCounter, lookups: Lookups, now: Date, smallestCents: number): ProductSpec[] {
  const category = lookups.categories.find((c) => c.word.sells === "giftcard");
  return GIFT_CARDS.map((card): ProductSpec => {
    const id = ++ids.product;
    const sku = skuOf(id);
    const features: Record<string, Feature> = card.type === "PHYSICAL" ? { package: PACKAGES.envelope } : {};
    return {
      id,
      sku,
      type: "GiftCardProduct",
      brand: card.brand,
      styleCode: null,
      giftCardType: card.type,
      features,
      imageKind: "giftcard",
      position: id,
      createdAt: createdAt(random, now),
      texts: texts(card.name, sku, card.description, card.brand),
      categoryIds: category ? [category.id] : [],
      variants: singleVariant(sku, null, ids),
      media: plainMedia(ids, "giftcard", card.hex, 1, random.int(0, 9), { en: shortName(card.name.en), fi: shortName(card.name.fi) }),
      // A gift card's variant carries the smallest amount; the amounts themselves are rows of gift_card_amounts.
      prices: fixedPrice(smallestCents, now),
    };
  });
}
