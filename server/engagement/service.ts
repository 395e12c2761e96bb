// The engagement engine (docs/decisions/0022): search suggestions, search results and behaviour
// signals over the index in search_documents. The index follows the catalogue: every product
// change (the catalogue's change signal: stock, prices, texts) rewrites that product's
// documents, a catalogue-wide change rewrites all. Prices and stock are never copied into the
// index: the products shown are summarised live by the catalogue, as its listings are.
import { shortName } from "../../lib/product-name.ts";
import { LRUCache } from "lru-cache";
import type { Aggregation, ListingItem, ProductSummary } from "../../lib/catalog-types.ts";
import { CATEGORY_PAGE_SIZE } from "../../lib/constants.ts";
import { listingAggregations, MAX_PAGE_SIZE, priceFilterCents, showFilteredColor } from "../catalog/category-listing.ts";
import type { ProductChanges } from "../catalog/changes.ts";
import type { Store } from "../catalog/reference.ts";
import type { AttributeValueRow, CatalogRepository } from "../catalog/repository.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { DataVersions } from "../data-versions.ts";
import type { ListingAffinity } from "../catalog/repository.ts";
import type { RateLimits } from "../rate-limits/service.ts";
import type { Db } from "../db/client.ts";
import { badInput, notFound } from "../errors.ts";
import { analyze } from "./analyzer.ts";
import { closestWord, type VocabularyWord } from "./correction.ts";
import { indexProducts, indexStale, searchConfig } from "./indexer.ts";
import { createEngagementRepository, type MatchQuery } from "./repository.ts";
import type { PhraseSuggestion, SignalKind, Suggestions, Tracking } from "./types.ts";

/** Spec §9: search maximum results 5. */
export const MAX_SUGGESTED_PRODUCTS = 5;
const MAX_PHRASES = 5;
/** Distinct texts whose suggestions are kept (a few kilobytes each). */
const SUGGESTION_CACHE_ENTRIES = 5000;
/** How long popularity may take to reorder cached suggestions. */
const SUGGESTION_TTL_MS = 60_000;

/** The part of the suggestions that is the same for every shopper. */
type Shared = Pick<Suggestions, "phrases" | "products" | "totalHits"> & { productIds: number[] };
const NOTHING: Shared = Object.freeze({ phrases: [], products: [], totalHits: 0, productIds: [] }) as Shared;
const MAX_RECENT = 5;
/** Longer texts are refused (400); the words past the tenth are ignored. */
export const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 10;
export const SEARCH_FILTERS = ["color", "size", "brand", "price"] as const;
export const SEARCH_SORTS = ["relevance", "price"] as const;

/** The words of a query, lower-cased: letters and digits only (safe inside a tsquery). */
export function queryWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS).map((w) => w.slice(0, 40));
}

/**
 * The phrase with the part each query word matches in braces: a word starting with it
 * ("{takk}i"), else, for words of three letters or more, inside a compound ("sade{takki}").
 */
export function highlight(phrase: string, words: string[]): string {
  return phrase.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const lower = word.toLowerCase();
    const prefix = words.filter((w) => lower.startsWith(w)).sort((a, b) => b.length - a.length)[0];
    if (prefix) return `{${word.slice(0, prefix.length)}}${word.slice(prefix.length)}`;
    const inner = words.filter((w) => w.length >= 3 && lower.includes(w)).sort((a, b) => b.length - a.length)[0];
    if (!inner) return word;
    const at = lower.indexOf(inner);
    return `${word.slice(0, at)}{${word.slice(at, at + inner.length)}}${word.slice(at + inner.length)}`;
  });
}

export interface SearchPageParams {
  text: string;
  filters?: Record<string, string[]>;
  sort?: string;
  dir?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

export interface SearchPage {
  items: ListingItem[];
  total_count: number;
  page_info: { current_page: number; page_size: number; total_pages: number };
  did_you_mean: string | null;
  /** The store's filters with the matching products' values and counts (as a category listing's). */
  aggregations: Aggregation[];
  applied: { sort: string; dir: "asc" | "desc"; filters: Record<string, string[]> };
}

/** "For you" (decision 0069): the popular products counted, and how much popularity weighs against one click (1). */
const FOR_YOU_POPULAR = 500;
const POPULARITY_SHARE = 0.25;
/** The shopper's latest searches counted, the products each one finds, and their weight each. */
const FOR_YOU_SEARCHES = 3;
const FOR_YOU_SEARCH_HITS = 24;
const SEARCH_WEIGHT = 1;

export interface EngagementDeps {
  db: Db;
  catalog: CatalogService;
  catalogRepository: CatalogRepository;
  changes?: Pick<ProductChanges, "onChange">;
  versions?: Pick<DataVersions, "onChange">;
  log?: (error: unknown) => void;
  /** Searches per client address (issue 36: each one a ranked query); a call without an address counts nothing. */
  limits?: Pick<RateLimits, "take">;
}

export function createEngagementService({ db, catalog, catalogRepository, changes, versions, log = () => {}, limits }: EngagementDeps) {
  const repo = createEngagementRepository(db);

  // Index writes run one at a time; changes arriving meanwhile are gathered into the next.
  let pending: Set<number> | "all" = new Set();
  let running: Promise<void> | null = null;
  function schedule(ids: number[] | "all") {
    if (ids === "all" || pending === "all") pending = "all";
    else for (const id of ids) pending.add(id);
    running ??= drain().finally(() => {
      running = null;
    });
  }
  async function drain() {
    while (pending === "all" || pending.size > 0) {
      const batch = pending;
      pending = new Set();
      let written = 1;
      try {
        written = await indexProducts(db, batch === "all" ? null : [...batch]);
      } catch (error) {
        log(error);
      }
      // New texts change what matches: suggestions read meanwhile may hold the old ones.
      if (written > 0) forgetAll();
    }
  }
  // What everyone typing the same text sees (phrases, products, total). A product change (price,
  // stock, texts) drops the entries showing that product; a write of changed documents drops
  // all. Prices, stock and names in it are then never older than the change signal and the
  // index write (milliseconds); a read that began before either is answered but not kept.
  // Popularity moves the order within SUGGESTION_TTL_MS.
  /** Which entries show a product, and which products an entry shows. */
  const keysOf = new Map<number, Set<string>>();
  const idsOf = new Map<string, number[]>();
  const suggestions = new LRUCache<string, Promise<Shared>>({
    max: SUGGESTION_CACHE_ENTRIES,
    ttl: SUGGESTION_TTL_MS,
    // An entry leaving (evicted, expired, dropped) leaves the product index too.
    dispose: (_value, key) => {
      for (const id of idsOf.get(key) ?? []) keysOf.get(id)?.delete(key);
      idsOf.delete(key);
    },
  });
  // Changes are counted; changedAt is the count at a product's last change, textsChangedAt at the last index write.
  let changeCount = 0;
  let textsChangedAt = 0;
  const changedAt = new LRUCache<number, number>({ max: 50_000 });
  // "Did you mean"'s words per store, read when first needed after a change (correction.ts).
  const vocabularies = new Map<string, Promise<VocabularyWord[]>>();
  const forgetAll = () => {
    textsChangedAt = ++changeCount;
    vocabularies.clear();
    suggestions.clear();
    keysOf.clear();
    idsOf.clear();
  };
  changes?.onChange(({ productIds }) => {
    changeCount++;
    vocabularies.clear();
    for (const id of productIds) {
      changedAt.set(id, changeCount);
      for (const key of keysOf.get(id) ?? []) suggestions.delete(key);
      keysOf.delete(id);
    }
    schedule(productIds);
  });
  let attributes: Promise<AttributeValueRow[]> | null = null;
  versions?.onChange((name) => {
    if (name !== "catalog") return;
    forgetAll();
    attributes = null;
    schedule("all");
  });

  async function readShared(store: Store, text: string): Promise<Shared> {
    const words = queryWords(text);
    const match = await repo.match({ ...matchQuery(store, text), limit: 20, offset: 0 });
    const productIds = match.ids.slice(0, MAX_SUGGESTED_PRODUCTS);
    const products = await catalog.productSummaries(store, productIds);
    const phrases: PhraseSuggestion[] = [];
    const seen = new Set<string>();
    for (const name of match.names) {
      const phrase = shortName(name);
      const key = phrase.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      phrases.push({ text: phrase, highlighted: highlight(phrase, words) });
      if (phrases.length === MAX_PHRASES) break;
    }
    return { phrases, products, totalHits: match.total, productIds };
  }

  function shared(store: Store, text: string): Promise<Shared> {
    const key = `${store.code}\u0000${text}`;
    const cached = suggestions.get(key);
    if (cached) return cached;
    const started = changeCount;
    const own = readShared(store, text).then((answer) => {
      const ids = answer.productIds;
      const stale = textsChangedAt > started || ids.some((id) => (changedAt.get(id) ?? 0) > started);
      if (suggestions.get(key) === own) {
        if (stale) suggestions.delete(key);
        else {
          idsOf.set(key, ids);
          for (const id of ids) keysOf.set(id, (keysOf.get(id) ?? new Set()).add(key));
        }
      }
      return answer;
    });
    suggestions.set(key, own);
    own.catch(() => suggestions.get(key) === own && suggestions.delete(key));
    return own;
  }

  function attributeIds(code: "color" | "size", values: string[] | undefined, rows: AttributeValueRow[]): number[] {
    return (values ?? []).map((value) => {
      const row = rows.find((r) => r.attribute_code === code && r.code === value);
      if (!row) throw badInput(code, { rule: "unknownValue", value });
      return row.id;
    });
  }

  function checkText(text: string, required: boolean): string {
    const trimmed = text.trim();
    if (trimmed.length > MAX_QUERY_LENGTH) throw badInput("q", { rule: "maxLength", maxLength: MAX_QUERY_LENGTH });
    if (required && queryWords(trimmed).length === 0) throw badInput("q", { rule: "required" });
    return trimmed;
  }

  const matchQuery = (store: Store, text: string): Omit<MatchQuery, "limit" | "offset"> => ({
    storeCode: store.code,
    config: searchConfig(store.locale),
    text,
    words: queryWords(text),
    terms: analyze(queryWords(text), store.locale),
  });

  function vocabularyOf(storeCode: string): Promise<VocabularyWord[]> {
    let found = vocabularies.get(storeCode);
    if (!found) {
      found = repo.vocabulary(storeCode);
      found.catch(() => vocabularies.delete(storeCode));
      vocabularies.set(storeCode, found);
    }
    return found;
  }

  /**
   * "Did you mean" for a query that found nothing: its words that find nothing replaced by the
   * closest words of the store's vocabulary (or left out when none is close), when the query so
   * corrected finds something.
   */
  async function correction(store: Store, query: MatchQuery): Promise<string | null> {
    const corrected: string[] = [];
    let changed = false;
    for (const word of query.words) {
      const term = analyze([word], store.locale)[0];
      if (!term || (await repo.termFinds(query, term))) {
        corrected.push(word);
        continue;
      }
      const closest = closestWord(word, await vocabularyOf(store.code));
      if (closest) corrected.push(closest);
      changed = true;
    }
    if (!changed || corrected.length === 0) return null;
    const text = corrected.join(" ");
    return (await repo.match({ ...matchQuery(store, text), limit: 1, offset: 0 })).total > 0 ? text : null;
  }

  const personal = (tracking: Tracking) => tracking.allowed && !!(tracking.keys.customerKey || tracking.keys.sessionKey);

  return {
    /** Builds the documents of products that have none or an older vocabulary's, then follows changes. */
    async start(): Promise<void> {
      await indexStale(db);
    },

    /** Resolves when the index has taken every change it was told of (tests, the bench). */
    async settled(): Promise<void> {
      while (running) await running;
    },

    /**
     * Suggestions for what is typed: phrases (product names, the matching part in braces), up to
     * five products, the total number of matches and, with consent, the shopper's recent
     * searches and recently viewed products. An empty text gives only the personal lists.
     */
    async autocomplete(store: Store, rawText: string, tracking: Tracking, clientAddress?: string): Promise<Suggestions> {
      await limits?.take(["searchesPerAddress", clientAddress]);
      // Case and spacing change nothing in the matching: one cache entry for all spellings.
      const text = checkText(rawText, false).toLowerCase().replace(/\s+/g, " ");
      const mine = personal(tracking);
      const [recent, recentlyViewed, common] = await Promise.all([
        mine ? repo.recentSearches(store.code, tracking.keys, MAX_RECENT * 4) : Promise.resolve([]),
        mine
          ? repo.recentlyViewed(tracking.keys, MAX_SUGGESTED_PRODUCTS).then((ids) => catalog.productSummaries(store, ids))
          : Promise.resolve([] as ProductSummary[]),
        queryWords(text).length > 0 ? shared(store, text) : Promise.resolve(NOTHING),
      ]);
      return {
        phrases: common.phrases,
        products: common.products,
        totalHits: common.totalHits,
        recentSearches: recent.filter((q) => q.toLowerCase().includes(text)).slice(0, MAX_RECENT),
        recentlyViewed,
      };
    },

    /**
     * What the "For you" sort orders a listing by (spec §4 nosto_personalized, decision 0069):
     * the products, brands and categories the shopper viewed, wished for, put in a cart and
     * bought, and the products their recent searches find — with marketing consent only — on
     * top of what is popular now, which is all a shopper without consent gets.
     */
    async forYou(store: Store, tracking: Tracking): Promise<ListingAffinity> {
      const mine = personal(tracking);
      const [popular, signals, searches] = await Promise.all([
        repo.popularScores(FOR_YOU_POPULAR),
        mine ? repo.shopperAffinity(tracking.keys) : Promise.resolve([]),
        mine ? repo.recentSearches(store.code, tracking.keys, FOR_YOU_SEARCHES) : Promise.resolve([]),
      ]);
      const affinity: ListingAffinity = { products: {}, brands: {}, categories: {} };
      const add = (into: Record<string, number>, key: string, weight: number) => {
        into[key] = (into[key] ?? 0) + weight;
      };
      for (const { product_id, score } of popular) add(affinity.products, String(product_id), POPULARITY_SHARE * Math.log1p(score));
      for (const { kind, key, weight } of signals)
        add(kind === "product" ? affinity.products : kind === "brand" ? affinity.brands : affinity.categories, key, weight);
      const found = await Promise.all(
        searches.map((text) =>
          queryWords(text).length > 0 ? repo.match({ ...matchQuery(store, text), limit: FOR_YOU_SEARCH_HITS, offset: 0 }) : null,
        ),
      );
      for (const result of found) for (const id of result?.ids ?? []) add(affinity.products, String(id), SEARCH_WEIGHT);
      return affinity;
    },

    /**
     * One page of products for a search, with the category listing's filters (colour and size by
     * value code, brand by name, price as a euro range) and sorts (relevance, or price), and a
     * "did you mean" (the query with its words corrected, when that finds something) when nothing matches, and the facets of the matches
     * (the store's filters with values and counts, as a category page shows them). With consent the search
     * is remembered as the shopper's recent search.
     */
    async searchPage(store: Store, params: SearchPageParams, tracking: Tracking, clientAddress?: string): Promise<SearchPage> {
      await limits?.take(["searchesPerAddress", clientAddress]);
      const text = checkText(params.text, true);
      const page = params.page ?? 1;
      const pageSize = params.pageSize ?? CATEGORY_PAGE_SIZE;
      if (!Number.isInteger(page) || page < 1 || page > 10_000) throw badInput("page", { rule: "wholeNumber", min: 1, max: 10_000 });
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
        throw badInput("pageSize", { rule: "wholeNumber", min: 1, max: MAX_PAGE_SIZE });
      const filters = Object.fromEntries(
        Object.entries(params.filters ?? {})
          .filter(([, values]) => values.length > 0)
          .map(([k, values]) => [k, [...new Set(values)].sort()]),
      );
      for (const key of Object.keys(filters))
        if (!(SEARCH_FILTERS as readonly string[]).includes(key)) throw badInput(key, { rule: "unknownFilter", value: key });
      const sort = params.sort ?? "relevance";
      if (!(SEARCH_SORTS as readonly string[]).includes(sort)) throw badInput("sort", { rule: "choice", choices: SEARCH_SORTS.join(", ") });
      const dir = params.dir ?? (sort === "price" ? "desc" : "asc");
      attributes ??= catalogRepository.attributeValues();
      attributes.catch(() => {
        attributes = null;
      });
      const rows = await attributes;
      const colorIds = attributeIds("color", filters.color, rows);
      const query: MatchQuery = {
        ...matchQuery(store, text),
        colorIds,
        sizeIds: attributeIds("size", filters.size, rows),
        brands: filters.brand ?? [],
        priceCents: priceFilterCents(filters.price?.[0]),
        order: sort === "price" ? (dir === "asc" ? "price_asc" : "price_desc") : "relevance",
        limit: pageSize,
        offset: (page - 1) * pageSize,
      };
      // The facets decide how the text matches (strictly, or tolerantly when it alone finds few),
      // so the page's products are the ones the counts speak of.
      const facets = await repo.facets(query);
      const match = await repo.match(query, facets.mode);
      const noFilters = Object.keys(filters).length === 0;
      const byId = new Map(rows.map((r) => [r.id, r]));
      const shownColors = colorIds.map((id) => byId.get(id)).filter((r): r is AttributeValueRow => !!r);
      const [items, corrected] = await Promise.all([
        catalog.productSummaries(store, match.ids).then((found) => showFilteredColor(found, shownColors)),
        match.total === 0 && noFilters ? correction(store, query) : Promise.resolve(null),
      ]);
      if (personal(tracking) && page === 1) await repo.addSearch(store.code, text, tracking.keys);
      return {
        items,
        total_count: match.total,
        page_info: { current_page: page, page_size: pageSize, total_pages: Math.max(1, Math.ceil(match.total / pageSize)) },
        did_you_mean: corrected,
        aggregations: listingAggregations(store, byId, facets),
        applied: { sort, dir, filters },
      };
    },

    /**
     * The retention sweep (run periodically, in every process; the deletes are idempotent):
     * signals and searches past their retention period, and the popularity they leave behind.
     */
    prune: () => repo.prune(),

    /**
     * A behaviour signal about a product (by sku: the ticket's or the product key). Stored only with
     * consent; without it the product is still checked, so a client sees the same answer.
     * Returns whether it was stored.
     */
    async notify(kind: SignalKind, sku: string, tracking: Tracking): Promise<boolean> {
      const id = await repo.productIdBySku(sku);
      if (id === undefined) throw notFound("product_not_found");
      // Without keys a consented signal still counts for popularity; it is just nobody's history.
      if (!tracking.allowed) return false;
      await repo.addSignal(kind, id, tracking.keys);
      return true;
    },
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
