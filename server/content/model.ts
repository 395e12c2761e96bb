// The shop's content model: one content type per block type of lib/cms-types.ts (its id is the
// block's `type`, its fields the block's), and the nested types blocks link to. The demo content
// and any import are checked against these definitions; blocks.ts reads entries by them.
import { BLOCK_TYPES, type BlockType, TRANSITIONS } from "../../lib/cms-types.ts";
import type { ContentFieldDefinition, ExportContentType } from "./wire.ts";

type Def = ContentFieldDefinition;
const f = (id: string, type: Def["type"], extra: Partial<Def> = {}): Def => ({
  id,
  name: id.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()),
  type,
  localized: false,
  required: false,
  validations: [],
  disabled: false,
  omitted: false,
  ...extra,
});
const text = (id: string, extra: Partial<Def> = {}) => f(id, "Symbol", { localized: true, ...extra });
const longText = (id: string) => f(id, "Text", { localized: true });
const rich = (id: string) => f(id, "RichText", { localized: true });
const choice = (id: string, values: readonly string[]) => f(id, "Symbol", { validations: [{ in: [...values] }] });
const bool = (id: string) => f(id, "Boolean");
const int = (id: string) => f(id, "Integer");
const image = (id: string) => f(id, "Link", { linkType: "Asset" });
const entry = (id: string, type: string) => f(id, "Link", { linkType: "Entry", validations: [{ linkContentType: [type] }] });
const entries = (id: string, types: readonly string[]) =>
  f(id, "Array", { items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: [...types] }] } });
const symbols = (id: string) => f(id, "Array", { items: { type: "Symbol" } });

/** Spec §3 visibility fields and §9 display fields: every block has them. */
const common: Def[] = [
  f("entryTitle", "Symbol", { required: true }),
  bool("isVisible"),
  bool("showOnProductPages"),
  choice("showForLoginStatus", ["All", "Logged In", "Logged Out"]),
  bool("whitelist"),
  symbols("categoryIDs"),
  symbols("pages"),
  symbols("productSKUs"),
  choice("showOn", ["No", "Always", "Mobile", "Desktop"]),
  choice("transition", TRANSITIONS),
];

const displayMode = choice("displayMode", ["Grid", "Slider"]);
const alignment = choice("alignment", ["left", "center", "right"]);
/** Blocks a page or a rich text can hold. */
export const PAGE_BLOCK_TYPES = BLOCK_TYPES.filter((t) => t !== "landingPage" && t !== "maintenancePage" && t !== "storeContacts");

const BLOCK_FIELDS: Record<BlockType, Def[]> = {
  productBanner: [text("title"), rich("text"), image("image"), entry("link", "link"), symbols("skus")],
  campaignBanners: [entries("banners", ["campaignBanner"]), bool("transitionOn")],
  landingPage: [
    text("slug", { required: true }),
    text("title", { required: true }),
    text("seoTitle"),
    longText("seoDescription"),
    entries("blocks", PAGE_BLOCK_TYPES),
  ],
  maintenancePage: [text("title"), rich("content"), image("image")],
  megamenuLinks: [entries("links", ["menuLink"])],
  registrationPopup: [text("title"), rich("content"), image("image"), image("mobileImage"), int("popupDelay")],
  faqBlock: [text("title"), entries("items", ["faqItem"])],
  categoryBanner: [
    int("position"),
    choice("bannerType", ["narrow", "wide", "productHighlight"]),
    text("title"),
    rich("text"),
    image("image"),
    entry("link", "link"),
    f("sku", "Symbol"),
    f("backgroundColor", "Symbol"),
    f("textColor", "Symbol"),
  ],
  normalButton: [entry("link", "link"), choice("style", ["primary", "secondary"]), alignment],
  fullWidthBanner: [
    text("title"),
    rich("text"),
    image("image"),
    image("mobileImage"),
    entry("link", "link"),
    f("textColor", "Symbol"),
    choice("textPosition", ["left", "center", "right"]),
  ],
  halfImageHalfText: [text("title"), rich("text"), image("image"), choice("imagePosition", ["left", "right"]), entry("link", "link")],
  linksWithImages: [text("title"), entries("items", ["card"]), displayMode],
  productSlider: [text("title"), symbols("skus"), f("categoryUid", "Symbol"), int("limit"), displayMode],
  buttonList: [text("title"), entries("buttons", ["link"]), alignment],
  form: [choice("formType", ["Contact", "Newsletter", "AccessibilityFeedback"]), text("title"), rich("description")],
  guideList: [text("title"), entries("guides", ["card"])],
  threeImageBlocks: [text("title"), entries("items", ["card"])],
  multiImageBlocks: [text("title"), entries("items", ["card"]), displayMode],
  table: [text("title"), f("rows", "Object", { localized: true }), bool("headerRow")],
  twoBanners: [entries("items", ["card"])],
  video: [text("title"), f("url", "Symbol"), image("poster"), bool("autoplay")],
  wysiwyg: [rich("content")],
  // Contentful has no list of rich texts: the grid's columns are three fields.
  threeColumnsContentGrid: [text("title"), rich("column1"), rich("column2"), rich("column3")],
  megamenuBanner: [
    entry("link", "link"),
    f("textColor", "Symbol"),
    f("backgroundColor", "Symbol"),
    bool("horizontalImage"),
    image("image"),
    int("position"),
    f("categoryUid", "Symbol"),
  ],
  elevateRecommendations: [text("title"), choice("list", ["popular", "recently-viewed", "new"]), int("limit"), displayMode],
  storeContacts: [text("title"), entries("contacts", ["contactPoint"])],
};

/** Nested content: what blocks link to. */
const NESTED: Record<string, Def[]> = {
  link: [text("title", { required: true }), text("link", { required: true }), bool("openInNewWindow")],
  menuLink: [text("title", { required: true }), text("link"), entries("childLinks", ["menuLink"])],
  campaignBanner: [
    rich("content"),
    rich("description"),
    entries("links", ["link"]),
    f("backgroundColor", "Symbol"),
    f("textColor", "Symbol"),
  ],
  faqItem: [text("question", { required: true }), rich("answer")],
  card: [text("title"), longText("text"), image("image"), entry("link", "link")],
  contactPoint: [text("name", { required: true }), longText("address"), longText("openingHours"), f("phone", "Symbol"), text("email")],
};

const NAMES: Record<string, string> = {
  link: "Link",
  menuLink: "Menu link",
  campaignBanner: "Campaign banner",
  faqItem: "FAQ item",
  card: "Card",
  contactPoint: "Contact point",
};

export function contentModel(): ExportContentType[] {
  const blockTypes = BLOCK_TYPES.map((id) => ({
    sys: { id, type: "ContentType" as const },
    name: id.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()),
    description: `The ${id} block (spec §3)`,
    displayField: id === "landingPage" ? "title" : "entryTitle",
    fields: [...common, ...BLOCK_FIELDS[id]],
  }));
  const nested = Object.entries(NESTED).map(([id, fields]) => ({
    sys: { id, type: "ContentType" as const },
    name: NAMES[id] ?? id,
    description: "",
    displayField: fields[0]?.id ?? null,
    fields: [f("entryTitle", "Symbol"), ...fields],
  }));
  return [...blockTypes, ...nested];
}
