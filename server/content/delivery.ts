// The delivery and preview API's logic (/api/contentful/*, decision 0026): query parameters read
// as Contentful reads them (include, locale, content_type, fields.x, sys.id, order, limit, skip),
// entries and assets answered in its wire shape (wire.ts). Bad parameters are 400s naming the
// parameter; drafts are read only in preview, which the routes open with the preview secret.
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError, badInput, notFound } from "../errors.ts";
import type { ContentLocaleRow } from "../db/schema.ts";
import type { ContentRepository, EntryQuery, FieldFilter, OrderBy } from "./repository.ts";
import {
  ALL_LOCALES,
  DEFAULT_INCLUDE,
  MAX_INCLUDE,
  localeChain,
  resolveLinks,
  wireAsset,
  wireCollection,
  wireContentType,
  wireEntry,
  wireLocale,
  wireSpace,
  withIncludes,
  type StoredEntry,
} from "./wire.ts";

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
const MAX_SKIP = 1_000_000;
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FIELD = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const ORDER_KEY = /^-?(sys\.(id|createdAt|updatedAt|revision)|fields\.[A-Za-z][A-Za-z0-9_]{0,63})$/;
/** The shop's store languages as content locales (spec §1: en → en-GB, fi → fi-FI). */
const SHORT_LOCALES: Record<string, string> = { en: "en-GB", fi: "fi-FI" };
const MAX_FILTERS = 10;
const MAX_VALUE = 500;

/** Where a request's parameters come from: the query string, the store's content locale (its ISO code). */
export interface DeliveryRequest {
  params: URLSearchParams;
  storeLocale: string;
  preview: boolean;
}

interface Common {
  locale: string;
  chain: string[];
  include: number;
}

const wholeNumber = (params: URLSearchParams, name: string, min: number, max: number, fallback: number) => {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^[0-9]{1,7}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw badInput(name, { rule: "wholeNumber", min, max });
  return Number(raw);
};

/** A parameter the endpoint does not take, or one given twice: 400 naming it. */
function rejectUnknown(params: URLSearchParams, allowed: readonly string[]) {
  for (const name of new Set(params.keys())) {
    if (!allowed.includes(name) && !(allowed.includes("fields.") && name.startsWith("fields.")))
      throw badInput(name, { rule: "unknownKeys", value: name });
    if (params.getAll(name).length > 1) throw badInput(name, { rule: "format" });
  }
}

export function createContentDelivery({ repository, previewSecret }: { repository: ContentRepository; previewSecret?: string }) {
  const secretHash = previewSecret ? createHash("sha256").update(previewSecret).digest() : null;

  async function common(request: DeliveryRequest, allowed: readonly string[]): Promise<Common & { locales: ContentLocaleRow[] }> {
    const { params } = request;
    rejectUnknown(params, allowed);
    const locales = await repository.locales();
    const raw = params.get("locale") ?? request.storeLocale;
    const locale = raw === ALL_LOCALES ? raw : (SHORT_LOCALES[raw] ?? raw);
    if (locale !== ALL_LOCALES && !locales.some((l) => l.code === locale))
      throw badInput("locale", { rule: "choice", choices: [...locales.map((l) => l.code), ...Object.keys(SHORT_LOCALES), "*"].join(", ") });
    const include = allowed.includes("include") ? wholeNumber(params, "include", 0, MAX_INCLUDE, DEFAULT_INCLUDE) : 0;
    const chain =
      locale === ALL_LOCALES ? localeChain(locales, locales.find((l) => l.isDefault)?.code ?? "") : localeChain(locales, locale);
    return { locale, chain, include, locales };
  }

  /** Entries as a collection, with their links resolved `include` levels deep. */
  async function collection(
    c: Common & { locales: ContentLocaleRow[] },
    preview: boolean,
    page: { total: number; skip: number; limit: number },
    items: StoredEntry[],
  ) {
    const codes = c.locales.map((l) => l.code);
    const wire = wireCollection(
      items.map((e) => wireEntry(e, c.locale, c.chain)),
      page,
    );
    if (c.include === 0) return wire;
    const resolved = await resolveLinks(items, c.include, c.locale === ALL_LOCALES ? ALL_LOCALES : c.chain, {
      entries: (ids) => repository.entriesById(ids, preview),
      assets: (ids) => repository.assetsById(ids),
    });
    return withIncludes(wire, resolved, c.locale, c.chain, codes);
  }

  function entryQuery(request: DeliveryRequest, c: Common): EntryQuery {
    const { params } = request;
    const contentType = params.get("content_type") ?? undefined;
    if (contentType !== undefined && !ID.test(contentType)) throw badInput("content_type", { rule: "format" });
    const fields: FieldFilter[] = [];
    for (const [name, value] of params) {
      if (!name.startsWith("fields.")) continue;
      const field = name.slice("fields.".length);
      if (!FIELD.test(field)) throw badInput(name, { rule: "format" });
      // As Contentful: a field filter needs the content type that defines the field.
      if (contentType === undefined) throw badInput("content_type", { rule: "required" });
      if (value.length > MAX_VALUE) throw badInput(name, { rule: "maxLength", maxLength: MAX_VALUE });
      fields.push({ field, value });
    }
    if (fields.length > MAX_FILTERS) throw badInput("fields", { rule: "max", max: MAX_FILTERS });
    const order: OrderBy[] = [];
    for (const key of (params.get("order") ?? "").split(",").filter(Boolean)) {
      if (!ORDER_KEY.test(key)) throw badInput("order", { rule: "format" });
      if (key.includes("fields.") && contentType === undefined) throw badInput("content_type", { rule: "required" });
      order.push({ key: key.replace(/^-/, ""), descending: key.startsWith("-") });
    }
    let ids: string[] | undefined;
    const id = params.get("sys.id");
    if (id !== null) {
      if (!ID.test(id)) throw badInput("sys.id", { rule: "format" });
      ids = [id];
    }
    const idList = params.get("sys.id[in]");
    if (idList !== null) {
      const list = idList.split(",");
      if (list.length > MAX_LIMIT || !list.every((one) => ID.test(one))) throw badInput("sys.id[in]", { rule: "format" });
      ids = ids ? ids.filter((one) => list.includes(one)) : list;
    }
    return {
      preview: request.preview,
      contentType,
      ids,
      fields,
      order,
      chain: c.chain,
      limit: wholeNumber(params, "limit", 0, MAX_LIMIT, DEFAULT_LIMIT),
      skip: wholeNumber(params, "skip", 0, MAX_SKIP, 0),
    };
  }

  const ENTRY_QUERY = ["include", "locale", "content_type", "fields.", "order", "limit", "skip", "sys.id", "sys.id[in]"];
  const withSecret = (request: DeliveryRequest, names: string[]) => (request.preview ? [...names, "secret"] : names);

  return {
    /** True when the preview secret is configured and this one matches it (constant time). */
    previewAllowed(secret: string | null | undefined): boolean {
      if (!secretHash || !secret) return false;
      return timingSafeEqual(secretHash, createHash("sha256").update(secret).digest());
    },

    /** GET /entries and /preview: a filtered, ordered page of entries. */
    async entries(request: DeliveryRequest) {
      const c = await common(request, withSecret(request, ENTRY_QUERY));
      const query = entryQuery(request, c);
      const { total, items } = await repository.entries(query);
      return collection(c, request.preview, { total, skip: query.skip, limit: query.limit }, items);
    },

    /** GET /{contentType}/{slug}: the entries of a type whose `slug` is this one (a collection, as the storefront read it). */
    async bySlug(contentType: string, slug: string, request: DeliveryRequest) {
      if (!ID.test(contentType)) throw notFound();
      const c = await common(request, withSecret(request, ["include", "locale"]));
      const { total, items } = await repository.entries({
        preview: request.preview,
        contentType,
        fields: [{ field: "slug", value: slug }],
        chain: c.chain,
        limit: DEFAULT_LIMIT,
        skip: 0,
      });
      return collection(c, request.preview, { total, skip: 0, limit: DEFAULT_LIMIT }, items);
    },

    /** GET /entry/{id}: the entry as a collection of one, so its links come along in `includes`. */
    async entry(id: string, request: DeliveryRequest) {
      if (!ID.test(id)) throw notFound();
      const c = await common(request, withSecret(request, ["include", "locale"]));
      const { total, items } = await repository.entries({ preview: request.preview, ids: [id], chain: c.chain, limit: 1, skip: 0 });
      if (items.length === 0) throw notFound();
      return collection(c, request.preview, { total, skip: 0, limit: 1 }, items);
    },

    async asset(id: string, request: DeliveryRequest) {
      if (!ID.test(id)) throw notFound();
      const c = await common(request, ["locale"]);
      const [asset] = await repository.assetsById([id]);
      if (!asset) throw notFound();
      return wireAsset(
        asset,
        c.locale,
        c.chain,
        c.locales.map((l) => l.code),
      );
    },

    async assets(request: DeliveryRequest) {
      const c = await common(request, ["locale", "limit", "skip", "sys.id[in]"]);
      const { params } = request;
      const limit = wholeNumber(params, "limit", 0, MAX_LIMIT, DEFAULT_LIMIT);
      const skip = wholeNumber(params, "skip", 0, MAX_SKIP, 0);
      const idList = params.get("sys.id[in]");
      if (idList !== null && !idList.split(",").every((one) => ID.test(one))) throw badInput("sys.id[in]", { rule: "format" });
      const { total, items } = await repository.assets({ ids: idList?.split(","), limit, skip });
      const codes = c.locales.map((l) => l.code);
      return wireCollection(
        items.map((a) => wireAsset(a, c.locale, c.chain, codes)),
        { total, skip, limit },
      );
    },

    async contentType(id: string, params: URLSearchParams) {
      rejectUnknown(params, []);
      const row = ID.test(id) ? await repository.contentType(id) : null;
      if (!row) throw notFound();
      return wireContentType(row);
    },

    async contentTypes(params: URLSearchParams) {
      rejectUnknown(params, ["limit", "skip"]);
      const limit = wholeNumber(params, "limit", 0, MAX_LIMIT, DEFAULT_LIMIT);
      const skip = wholeNumber(params, "skip", 0, MAX_SKIP, 0);
      const rows = await repository.contentTypes();
      return wireCollection(rows.slice(skip, skip + limit).map(wireContentType), { total: rows.length, skip, limit });
    },

    async locales() {
      const rows = await repository.locales();
      return wireCollection(rows.map(wireLocale), { total: rows.length, skip: 0, limit: DEFAULT_LIMIT });
    },

    async space(name: string) {
      return wireSpace(name, await repository.locales());
    },
  };
}

export type ContentDelivery = ReturnType<typeof createContentDelivery>;

/** Preview without the secret: refused, never a hint whether the secret is configured. */
export const previewRefused = () => new AppError(401, "preview_unauthorized");
