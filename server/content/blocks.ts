// Entries → the shop's typed blocks (lib/cms-types.ts): links resolved, rich text turned into the
// shop's document nodes, defaults filled in, an entry of a type the shop does not know as an
// UnknownBlock. Pages and placements are built here and kept per store until the content
// version moves; the products of product sliders and banners are the catalogue's live
// summaries (enabled and in stock), filled in on every call so stock is never stale.
import { sql } from "drizzle-orm";
import type {
  Block,
  CampaignBanner,
  CampaignBannersBlock,
  Card,
  CategoryBannerBlock,
  CmsImage,
  CmsLink,
  DisplayMode,
  ContactPoint,
  FaqItem,
  LandingPageBlock,
  LoginStatus,
  MaintenancePageBlock,
  Mark,
  MegamenuBannerBlock,
  MegamenuLinksBlock,
  MenuLink,
  Placements,
  RegistrationPopupBlock,
  StoreContactsBlock,
  RichText,
  RichTextNode,
  ShowOn,
  Transition,
  UnknownBlock,
  Visibility,
} from "../../lib/cms-types.ts";
import { BLOCK_TYPES, TRANSITIONS } from "../../lib/cms-types.ts";
import { isShownEverywhere, SHOWN_EVERYWHERE } from "../../lib/cms-visibility.ts";
import { cardProduct, type CardProduct } from "../../lib/card-product.ts";
import type { ProductSummary } from "../../lib/catalog-types.ts";
import type { Store } from "../catalog/reference.ts";
import type { Db } from "../db/client.ts";
import type { ContentAssetRow } from "../db/schema.ts";
import type { ContentRepository } from "./repository.ts";
import { assetUrl, fieldValue, linkOf, localeChain, MAX_INCLUDE, resolveLinks, type StoredEntry } from "./wire.ts";

export interface PageOptions {
  /** Drafts: the latest version of every entry (never cached). */
  preview?: boolean;
}

type StoreRef = Store;

/** Spec §9: a product slider shows at most 8 by default. */
export const DEFAULT_SLIDER_LIMIT = 8;
const MAX_PRODUCTS = 48;
const MARKS: readonly Mark[] = ["bold", "italic", "underline", "code", "superscript", "subscript"];
const BLOCK_NODES = new Set([
  "document",
  "paragraph",
  "heading-1",
  "heading-2",
  "heading-3",
  "heading-4",
  "heading-5",
  "heading-6",
  "unordered-list",
  "ordered-list",
  "list-item",
  "blockquote",
  "hr",
  "table",
  "table-row",
  "table-header-cell",
  "table-cell",
]);

export const EMPTY_DOCUMENT: RichText = { nodeType: "document", content: [] };

/** The path of a landing page: the front page is "/", others are content pages. */
export const pagePath = (slug: string) => (slug === "index" ? "/" : `/content/${slug}`);

/** A link a shopper may follow: a local path (not "//host"), http(s), mailto or tel. */
export function safeUri(uri: unknown): string | null {
  if (typeof uri !== "string") return null;
  const trimmed = uri.trim();
  if (/^\/(?!\/)/.test(trimmed) || trimmed === "/") return trimmed;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(trimmed)) return trimmed;
  return null;
}

/** Everything one build reads: the entries and assets reached from its start, and the locale. */
interface Graph {
  entries: Map<string, StoredEntry>;
  assets: Map<string, ContentAssetRow>;
  chain: readonly string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reading one entry's fields, typed, with defaults. */
function reader(entry: StoredEntry, graph: Graph) {
  const value = (name: string) => fieldValue(entry.fields, name, graph.chain);
  const str = (name: string, fallback = "") => {
    const v = value(name);
    return typeof v === "string" ? v : fallback;
  };
  const num = (name: string, fallback: number) => {
    const v = value(name);
    return typeof v === "number" && Number.isFinite(v) ? v : fallback;
  };
  const bool = (name: string, fallback: boolean) => {
    const v = value(name);
    return typeof v === "boolean" ? v : fallback;
  };
  const strings = (name: string) => {
    const v = value(name);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];
  };
  const oneOf = <T extends string>(name: string, choices: readonly T[], fallback: T): T => {
    const v = value(name);
    return (choices as readonly unknown[]).includes(v) ? (v as T) : fallback;
  };
  const linked = (name: string): StoredEntry | null => {
    const ref = linkOf(value(name));
    return ref?.linkType === "Entry" ? (graph.entries.get(ref.id) ?? null) : null;
  };
  const linkedList = (name: string): StoredEntry[] => {
    const v = value(name);
    if (!Array.isArray(v)) return [];
    return v.flatMap((item) => {
      const ref = linkOf(item);
      const target = ref?.linkType === "Entry" ? graph.entries.get(ref.id) : undefined;
      return target ? [target] : [];
    });
  };
  const asset = (name: string): ContentAssetRow | null => {
    const ref = linkOf(value(name));
    return ref?.linkType === "Asset" ? (graph.assets.get(ref.id) ?? null) : null;
  };
  return { value, str, num, bool, strings, oneOf, linked, linkedList, asset };
}

function localizedText(values: Record<string, string>, chain: readonly string[]): string {
  for (const code of chain) if (typeof values[code] === "string") return values[code];
  return "";
}

function cmsImage(asset: ContentAssetRow | null, graph: Graph): CmsImage | null {
  if (!asset) return null;
  return {
    url: assetUrl(asset.fileKey),
    title: localizedText(asset.title, graph.chain),
    description: localizedText(asset.description, graph.chain),
    width: asset.width,
    height: asset.height,
    contentType: asset.contentType,
  };
}

/** Builds blocks from a graph; `path` holds the entries being built, so a cycle stops. */
function builder(graph: Graph) {
  const path = new Set<string>();

  function cmsLink(entry: StoredEntry | null): CmsLink | null {
    if (entry?.contentTypeId !== "link") return null;
    const r = reader(entry, graph);
    const link = safeUri(r.str("link"));
    if (!link) return null;
    return { id: entry.id, title: r.str("title"), link, openInNewWindow: r.bool("openInNewWindow", false) };
  }

  function menuLink(entry: StoredEntry): MenuLink | null {
    if (entry.contentTypeId !== "menuLink" || path.has(entry.id)) return null;
    path.add(entry.id);
    const r = reader(entry, graph);
    const children = r.linkedList("childLinks").flatMap((child) => menuLink(child) ?? []);
    path.delete(entry.id);
    return { id: entry.id, title: r.str("title"), link: safeUri(r.str("link")) ?? "", childLinks: children };
  }

  function card(entry: StoredEntry): Card | null {
    if (entry.contentTypeId !== "card") return null;
    const r = reader(entry, graph);
    return {
      id: entry.id,
      title: r.str("title"),
      text: r.str("text"),
      image: cmsImage(r.asset("image"), graph),
      link: cmsLink(r.linked("link")),
    };
  }

  function faqItem(entry: StoredEntry): FaqItem | null {
    if (entry.contentTypeId !== "faqItem") return null;
    const r = reader(entry, graph);
    return { id: entry.id, question: r.str("question"), answer: richText(r.value("answer")) };
  }

  function contactPoint(entry: StoredEntry): ContactPoint | null {
    if (entry.contentTypeId !== "contactPoint") return null;
    const r = reader(entry, graph);
    const lines = (field: string) =>
      r
        .str(field)
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    const email = r.str("email").trim();
    return {
      id: entry.id,
      name: r.str("name"),
      address: lines("address"),
      openingHours: lines("openingHours"),
      // Only what a tel: link and a mailto: link can carry.
      phone: /^\+?[\d\s()-]{5,30}$/.test(r.str("phone").trim()) ? r.str("phone").trim() : "",
      email: /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email) ? email : "",
    };
  }

  function campaignBanner(entry: StoredEntry): CampaignBanner | null {
    if (entry.contentTypeId !== "campaignBanner") return null;
    const r = reader(entry, graph);
    return {
      id: entry.id,
      revision: entry.revision,
      content: richText(r.value("content")),
      description: richText(r.value("description")),
      links: r.linkedList("links").flatMap((l) => cmsLink(l) ?? []),
      backgroundColor: r.str("backgroundColor"),
      textColor: r.str("textColor"),
    };
  }

  // ---- rich text
  function richNodes(node: unknown): RichTextNode[] {
    if (!isObject(node) || typeof node.nodeType !== "string") return [];
    const data = isObject(node.data) ? node.data : {};
    const children = () => (Array.isArray(node.content) ? node.content.flatMap(richNodes) : []);
    const target = () => linkOf(data.target);
    switch (node.nodeType) {
      case "text":
        return [
          {
            nodeType: "text",
            value: typeof node.value === "string" ? node.value : "",
            marks: Array.isArray(node.marks)
              ? node.marks.flatMap((m) => (isObject(m) && MARKS.includes(m.type as Mark) ? [{ type: m.type as Mark }] : []))
              : [],
          },
        ];
      case "hyperlink": {
        const uri = safeUri(data.uri);
        // A link to nowhere safe keeps its words, not the link.
        return uri ? [{ nodeType: "hyperlink", uri, newWindow: data.target === "_blank", content: children() }] : children();
      }
      case "entry-hyperlink": {
        const ref = target();
        const linked = ref?.linkType === "Entry" ? graph.entries.get(ref.id) : undefined;
        let uri: string | null = null;
        if (linked?.contentTypeId === "landingPage") uri = pagePath(reader(linked, graph).str("slug"));
        else if (linked?.contentTypeId === "link") uri = cmsLink(linked)?.link ?? null;
        return uri ? [{ nodeType: "hyperlink", uri, newWindow: false, content: children() }] : children();
      }
      case "asset-hyperlink": {
        const ref = target();
        const asset = ref?.linkType === "Asset" ? graph.assets.get(ref.id) : undefined;
        return asset ? [{ nodeType: "hyperlink", uri: assetUrl(asset.fileKey), newWindow: true, content: children() }] : children();
      }
      case "embedded-entry-block":
      case "embedded-entry-inline": {
        const ref = target();
        const linked = ref?.linkType === "Entry" ? graph.entries.get(ref.id) : undefined;
        return [{ nodeType: node.nodeType, block: linked ? block(linked) : null }];
      }
      case "embedded-asset-block": {
        const ref = target();
        return [
          {
            nodeType: "embedded-asset-block",
            image: cmsImage(ref?.linkType === "Asset" ? (graph.assets.get(ref.id) ?? null) : null, graph),
          },
        ];
      }
      default:
        if (BLOCK_NODES.has(node.nodeType)) return [{ nodeType: node.nodeType as "paragraph", content: children() }];
        return children();
    }
  }

  function richText(value: unknown): RichText {
    if (!isObject(value) || value.nodeType !== "document") return EMPTY_DOCUMENT;
    return { nodeType: "document", content: Array.isArray(value.content) ? value.content.flatMap(richNodes) : [] };
  }

  // ---- blocks
  function base(entry: StoredEntry) {
    const r = reader(entry, graph);
    const visibility: Visibility = {
      isVisible: r.bool("isVisible", true),
      showOnProductPages: r.bool("showOnProductPages", true),
      showForLoginStatus: r.oneOf<LoginStatus>("showForLoginStatus", ["All", "Logged In", "Logged Out"], "All"),
      whitelist: r.bool("whitelist", true),
      categoryIDs: r.strings("categoryIDs"),
      pages: r.strings("pages"),
      productSKUs: r.strings("productSKUs"),
    };
    return {
      id: entry.id,
      revision: entry.revision,
      entryTitle: r.str("entryTitle"),
      // Most blocks set no condition. One shared object for them all is sent once in a page's
      // data (the loaders' serialiser writes a repeated object as a reference), not once a block.
      visibility: isShownEverywhere(visibility) ? SHOWN_EVERYWHERE : visibility,
      showOn: r.oneOf<ShowOn>("showOn", ["No", "Always", "Mobile", "Desktop"], "Always"),
      transition: r.oneOf<Transition | "">("transition", TRANSITIONS, "") || null,
    };
  }

  const displayMode = (r: ReturnType<typeof reader>, fallback: DisplayMode) =>
    r.oneOf<DisplayMode>("displayMode", ["Grid", "Slider"], fallback);
  const alignment = (r: ReturnType<typeof reader>) => r.oneOf("alignment", ["left", "center", "right"] as const, "left");
  const cards = (r: ReturnType<typeof reader>, name: string) => r.linkedList(name).flatMap((e) => card(e) ?? []);

  function build(entry: StoredEntry): Block | UnknownBlock | null {
    const r = reader(entry, graph);
    const b = base(entry);
    const image = (name: string) => cmsImage(r.asset(name), graph);
    const type = entry.contentTypeId;
    switch (type) {
      case "productBanner":
        return {
          ...b,
          type,
          title: r.str("title"),
          text: richText(r.value("text")),
          image: image("image"),
          link: cmsLink(r.linked("link")),
          skus: r.strings("skus"),
          products: [],
        };
      case "campaignBanners":
        return {
          ...b,
          type,
          banners: r.linkedList("banners").flatMap((e) => campaignBanner(e) ?? []),
          transitionOn: r.bool("transitionOn", true),
        };
      case "landingPage":
        return {
          ...b,
          type,
          slug: r.str("slug"),
          title: r.str("title"),
          seoTitle: r.str("seoTitle"),
          seoDescription: r.str("seoDescription"),
          blocks: r.linkedList("blocks").flatMap((e) => block(e) ?? []),
        };
      case "maintenancePage":
        return { ...b, type, title: r.str("title"), content: richText(r.value("content")), image: image("image") };
      case "megamenuLinks":
        return { ...b, type, links: r.linkedList("links").flatMap((e) => menuLink(e) ?? []) };
      case "registrationPopup":
        return {
          ...b,
          type,
          title: r.str("title"),
          content: richText(r.value("content")),
          image: image("image"),
          mobileImage: image("mobileImage"),
          popupDelay: Math.max(0, r.num("popupDelay", 0)),
        };
      case "faqBlock":
        return { ...b, type, title: r.str("title"), items: r.linkedList("items").flatMap((e) => faqItem(e) ?? []) };
      case "storeContacts":
        return { ...b, type, title: r.str("title"), contacts: r.linkedList("contacts").flatMap((e) => contactPoint(e) ?? []) };
      case "categoryBanner":
        return {
          ...b,
          type,
          position: Math.max(1, Math.round(r.num("position", 3))),
          bannerType: r.oneOf("bannerType", ["narrow", "wide", "productHighlight"] as const, "narrow"),
          title: r.str("title"),
          text: richText(r.value("text")),
          image: image("image"),
          link: cmsLink(r.linked("link")),
          sku: r.str("sku"),
          backgroundColor: r.str("backgroundColor"),
          textColor: r.str("textColor"),
        };
      case "normalButton": {
        const link = cmsLink(r.linked("link"));
        // A button without a place to go is no button.
        if (!link) return null;
        return { ...b, type, link, style: r.oneOf("style", ["primary", "secondary"] as const, "primary"), alignment: alignment(r) };
      }
      case "fullWidthBanner":
        return {
          ...b,
          type,
          title: r.str("title"),
          text: richText(r.value("text")),
          image: image("image"),
          mobileImage: image("mobileImage"),
          link: cmsLink(r.linked("link")),
          textColor: r.str("textColor"),
          textPosition: r.oneOf("textPosition", ["left", "center", "right"] as const, "left"),
        };
      case "halfImageHalfText":
        return {
          ...b,
          type,
          title: r.str("title"),
          text: richText(r.value("text")),
          image: image("image"),
          imagePosition: r.oneOf("imagePosition", ["left", "right"] as const, "left"),
          link: cmsLink(r.linked("link")),
        };
      case "linksWithImages":
        return { ...b, type, title: r.str("title"), items: cards(r, "items"), displayMode: displayMode(r, "Grid") };
      case "productSlider":
        return {
          ...b,
          type,
          title: r.str("title"),
          skus: r.strings("skus"),
          categoryUid: r.str("categoryUid"),
          limit: Math.min(MAX_PRODUCTS, Math.max(1, Math.round(r.num("limit", DEFAULT_SLIDER_LIMIT)))),
          displayMode: displayMode(r, "Slider"),
          products: [],
        };
      case "buttonList":
        return {
          ...b,
          type,
          title: r.str("title"),
          buttons: r.linkedList("buttons").flatMap((e) => cmsLink(e) ?? []),
          alignment: alignment(r),
        };
      case "form":
        return {
          ...b,
          type,
          formType: r.oneOf("formType", ["Contact", "Newsletter", "AccessibilityFeedback"] as const, "Contact"),
          title: r.str("title"),
          description: richText(r.value("description")),
        };
      case "guideList":
        return { ...b, type, title: r.str("title"), guides: cards(r, "guides") };
      case "threeImageBlocks":
        return { ...b, type, title: r.str("title"), items: cards(r, "items") };
      case "multiImageBlocks":
        return { ...b, type, title: r.str("title"), items: cards(r, "items"), displayMode: displayMode(r, "Grid") };
      case "table": {
        const raw = r.value("rows");
        const rows = Array.isArray(raw)
          ? raw
              .filter(Array.isArray)
              .map((row) => (row as unknown[]).map((cell) => (cell === null || cell === undefined ? "" : String(cell))))
          : [];
        return { ...b, type, title: r.str("title"), rows, headerRow: r.bool("headerRow", true) };
      }
      case "twoBanners":
        return { ...b, type, items: cards(r, "items") };
      case "video":
        return {
          ...b,
          type,
          title: r.str("title"),
          url: safeUri(r.str("url")) ?? "",
          poster: image("poster"),
          autoplay: r.bool("autoplay", false),
        };
      case "wysiwyg":
        return { ...b, type, content: richText(r.value("content")) };
      case "threeColumnsContentGrid":
        return {
          ...b,
          type,
          title: r.str("title"),
          columns: ["column1", "column2", "column3"].map((name) => richText(r.value(name))).filter((doc) => doc.content.length > 0),
        };
      case "megamenuBanner":
        return {
          ...b,
          type,
          link: cmsLink(r.linked("link")),
          textColor: r.str("textColor"),
          backgroundColor: r.str("backgroundColor"),
          horizontalImage: r.bool("horizontalImage", true),
          image: image("image"),
          position: Math.max(1, Math.round(r.num("position", 1))),
          categoryUid: r.str("categoryUid"),
        };
      case "elevateRecommendations":
        return {
          ...b,
          type,
          title: r.str("title"),
          list: r.oneOf("list", ["popular", "recently-viewed", "new"] as const, "popular"),
          limit: Math.min(MAX_PRODUCTS, Math.max(1, Math.round(r.num("limit", DEFAULT_SLIDER_LIMIT)))),
          displayMode: displayMode(r, "Slider"),
        };
      default:
        return { type: "unknown", id: entry.id, contentType: type };
    }
  }

  /** A block, or null for nested content types and for an entry already being built above (a cycle). */
  function block(entry: StoredEntry): Block | UnknownBlock | null {
    if (path.has(entry.id)) return null;
    if (
      !(BLOCK_TYPES as readonly string[]).includes(entry.contentTypeId) &&
      ["link", "menuLink", "campaignBanner", "faqItem", "card", "contactPoint"].includes(entry.contentTypeId)
    )
      return null;
    path.add(entry.id);
    try {
      return build(entry);
    } finally {
      path.delete(entry.id);
    }
  }

  return { block };
}

/** Builds the block of an entry whose links are in the graph (exported for tests). */
export function entryToBlock(entry: StoredEntry, graph: Graph): Block | UnknownBlock | null {
  return builder(graph).block(entry);
}

// ---------------------------------------------------------------- products

type WithProducts = { type: "productSlider" | "productBanner"; skus: string[]; products: CardProduct[] } & Partial<{
  categoryUid: string;
  limit: number;
}>;

function productBlocks(value: unknown, out: WithProducts[] = []): WithProducts[] {
  if (Array.isArray(value)) for (const item of value) productBlocks(item, out);
  else if (isObject(value)) {
    if (value.type === "productSlider" || value.type === "productBanner") out.push(value as unknown as WithProducts);
    for (const item of Object.values(value)) if (typeof item === "object") productBlocks(item, out);
  }
  return out;
}

// ---------------------------------------------------------------- the reader

export interface BlockReaderOptions {
  db: Db;
  repository: ContentRepository;
  catalog: { productSummaries(store: Store, ids: number[]): Promise<ProductSummary[]> };
}

export function createBlockReader({ db, repository, catalog }: BlockReaderOptions) {
  let generation = 0;
  const cache = new Map<string, Promise<unknown>>();

  async function chainOf(store: StoreRef) {
    return localeChain(await repository.locales(), store.iso);
  }

  /** The blocks of these entries, their links resolved as deep as Contentful allows. */
  async function build(entries: StoredEntry[], store: StoreRef, preview: boolean) {
    const chain = await chainOf(store);
    const resolved = await resolveLinks(entries, MAX_INCLUDE, chain, {
      entries: (ids) => repository.entriesById(ids, preview),
      assets: (ids) => repository.assetsById(ids),
    });
    for (const e of entries) resolved.entries.set(e.id, e);
    const make = builder({ entries: resolved.entries, assets: resolved.assets, chain });
    return entries.map((e) => make.block(e));
  }

  async function ofType(store: StoreRef, contentType: string, preview: boolean, fields: { field: string; value: string }[] = []) {
    const chain = await chainOf(store);
    const { items } = await repository.entries({
      preview,
      contentType,
      fields,
      chain,
      order: [{ key: "sys.updatedAt", descending: true }],
      limit: 100,
      skip: 0,
    });
    return build(items, store, preview);
  }

  /** Kept until the content version moves; a build that began before a clear is answered but not kept. */
  function cached<T>(key: string, preview: boolean, load: () => Promise<T>): Promise<T> {
    if (preview) return load();
    const hit = cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const started = generation;
    const promise = load().then((value) => {
      if (generation !== started && cache.get(key) === promise) cache.delete(key);
      return value;
    });
    cache.set(key, promise);
    promise.catch(() => cache.get(key) === promise && cache.delete(key));
    return promise;
  }

  /** Fills product sliders and banners with the catalogue's enabled, in-stock products, in their order. */
  async function withProducts<T>(store: StoreRef, value: T): Promise<T> {
    const blocks = productBlocks(value);
    if (blocks.length === 0) return value;
    const copy = structuredClone(value);
    const targets = productBlocks(copy);
    const fullStore = store as Store;
    await Promise.all(
      targets.map(async (target) => {
        const limit = target.limit ?? MAX_PRODUCTS;
        const ids = await productIds(store.code, target.skus, target.categoryUid ?? "", limit);
        target.products = ids.length > 0 ? (await catalog.productSummaries(fullStore, ids)).map(cardProduct) : [];
      }),
    );
    return copy;
  }

  async function productIds(storeCode: string, skus: string[], categoryUid: string, limit: number): Promise<number[]> {
    const available = sql`p.enabled AND EXISTS (SELECT 1 FROM product_listing l WHERE l.product_id = p.id AND l.store_code = ${storeCode} AND l.in_stock)`;
    const result =
      skus.length > 0
        ? await db.execute<{ id: number }>(sql`
            SELECT p.id FROM unnest(${sql.param(skus)}::text[]) WITH ORDINALITY s(sku, n)
            JOIN products p ON lower(p.sku) = lower(s.sku)
            WHERE ${available} ORDER BY s.n LIMIT ${limit}`)
        : categoryUid
          ? await db.execute<{ id: number }>(sql`
            SELECT p.id FROM categories c JOIN product_categories pc ON pc.category_id = c.id JOIN products p ON p.id = pc.product_id
            WHERE c.uid = ${categoryUid} AND ${available} ORDER BY pc.position, p.id LIMIT ${limit}`)
          : { rows: [] };
    return result.rows.map((r) => Number(r.id));
  }

  const first = <T>(blocks: (Block | UnknownBlock | null)[], type: string) =>
    (blocks.find((b) => b?.type === type) as T | undefined) ?? null;

  return {
    clear() {
      generation++;
      cache.clear();
    },

    async page(store: StoreRef, slug: string, { preview = false }: PageOptions = {}): Promise<LandingPageBlock | null> {
      const page = await cached(`page:${store.code}:${slug}`, preview, async () =>
        first<LandingPageBlock>(await ofType(store, "landingPage", preview, [{ field: "slug", value: slug }]), "landingPage"),
      );
      return page ? withProducts(store, page) : null;
    },

    async maintenancePage(store: StoreRef, { preview = false }: PageOptions = {}): Promise<MaintenancePageBlock | null> {
      return cached(`maintenance:${store.code}`, preview, async () =>
        first<MaintenancePageBlock>(await ofType(store, "maintenancePage", preview), "maintenancePage"),
      );
    },

    async placements(store: StoreRef): Promise<Placements> {
      return cached(`placements:${store.code}`, false, async () => {
        const [banners, menus, megamenuBanners, categoryBanners, popups, contacts] = await Promise.all(
          ["campaignBanners", "megamenuLinks", "megamenuBanner", "categoryBanner", "registrationPopup", "storeContacts"].map((t) =>
            ofType(store, t, false),
          ),
        );
        const blocksOf = <T>(list: (Block | UnknownBlock | null)[] | undefined, type: string) =>
          (list ?? []).filter((b) => b?.type === type) as T[];
        return {
          campaignBanners: first<CampaignBannersBlock>(banners ?? [], "campaignBanners"),
          // Every link for every login state (the frame is the same for all): the menus pick by the shopper's (spec §6).
          megamenuLinks: blocksOf<MegamenuLinksBlock>(menus, "megamenuLinks")
            .filter((m) => m.visibility.isVisible)
            .flatMap((m) => m.links.map((link) => ({ ...link, loginStatus: m.visibility.showForLoginStatus }))),
          megamenuBanners: blocksOf<MegamenuBannerBlock>(megamenuBanners, "megamenuBanner").sort((a, b) => a.position - b.position),
          categoryBanners: blocksOf<CategoryBannerBlock>(categoryBanners, "categoryBanner").sort((a, b) => a.position - b.position),
          registrationPopup: first<RegistrationPopupBlock>(popups ?? [], "registrationPopup"),
          storeContacts: first<StoreContactsBlock>(contacts ?? [], "storeContacts"),
        };
      });
    },
  };
}
