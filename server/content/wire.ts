// The one module that knows Contentful's wire shape (decision 0026): entries and assets as
// `{ sys, fields }`, collections with `includes`, links `{ sys: { type: "Link", linkType, id } }`,
// fields stored per locale code. Everything else in the shop works with the typed Block union
// (lib/cms-types.ts) built by blocks.ts through the helpers here.
import type { ContentAssetRow, ContentLocaleRow, ContentTypeRow } from "../db/schema.ts";

export const SPACE_ID = "kauppa";
export const ENVIRONMENT_ID = "master";
/** Contentful's include: link levels resolved into `includes` (the spec's 4 by default, at most 10). */
export const DEFAULT_INCLUDE = 4;
export const MAX_INCLUDE = 10;

/** Fields as stored: field id → locale code → value. */
export type LocalizedFields = Record<string, Record<string, unknown>>;

export interface StoredEntry {
  id: string;
  contentTypeId: string;
  revision: number;
  fields: LocalizedFields;
  createdAt: Date;
  updatedAt: Date;
}

export type LinkType = "Entry" | "Asset";
export interface LinkRef {
  linkType: LinkType;
  id: string;
}

interface SysLink<T extends string> {
  sys: { type: "Link"; linkType: T; id: string };
}

export interface WireEntry {
  metadata: { tags: [] };
  sys: {
    space: SysLink<"Space">;
    environment: SysLink<"Environment">;
    id: string;
    type: "Entry";
    revision: number;
    contentType: SysLink<"ContentType">;
    createdAt: string;
    updatedAt: string;
    locale?: string;
  };
  fields: Record<string, unknown>;
}

export interface WireAsset {
  metadata: { tags: [] };
  sys: Omit<WireEntry["sys"], "type" | "contentType"> & { type: "Asset" };
  fields: Record<string, unknown>;
}

export interface WireError {
  sys: { id: "notResolvable"; type: "error" };
  details: { type: "Link"; linkType: LinkType; id: string };
}

export interface WireCollection<T> {
  sys: { type: "Array" };
  total: number;
  skip: number;
  limit: number;
  items: T[];
  includes?: { Entry?: WireEntry[]; Asset?: WireAsset[] };
  errors?: WireError[];
}

const link = <T extends string>(linkType: T, id: string): SysLink<T> => ({ sys: { type: "Link", linkType, id } });
export const entryLink = (id: string) => link("Entry", id);
export const assetLink = (id: string) => link("Asset", id);

// ---------------------------------------------------------------- locales

/** "*": every locale, fields keyed by locale code as stored. */
export const ALL_LOCALES = "*";

/** The codes a value is looked up under for a locale: itself, then its fallbacks (cycles cut). */
export function localeChain(locales: readonly ContentLocaleRow[], code: string): string[] {
  const byCode = new Map(locales.map((l) => [l.code, l]));
  const chain: string[] = [];
  let current: string | null | undefined = code;
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = byCode.get(current)?.fallbackCode;
  }
  const fallback = locales.find((l) => l.isDefault)?.code;
  if (fallback && !chain.includes(fallback)) chain.push(fallback);
  return chain;
}

/** A field's value in the first locale of the chain that has one. */
export function fieldValue(fields: LocalizedFields, name: string, chain: readonly string[]): unknown {
  const values = fields[name];
  if (!values) return undefined;
  for (const code of chain) if (values[code] !== undefined && values[code] !== null) return values[code];
  return undefined;
}

function localize(fields: LocalizedFields, chain: readonly string[] | typeof ALL_LOCALES): Record<string, unknown> {
  if (chain === ALL_LOCALES) return fields;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(fields)) {
    const value = fieldValue(fields, name, chain);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

// ---------------------------------------------------------------- links

/** The target of a link value, or null if the value is not a link. */
export function linkOf(value: unknown): LinkRef | null {
  if (typeof value !== "object" || value === null) return null;
  const sys = (value as { sys?: unknown }).sys;
  if (typeof sys !== "object" || sys === null) return null;
  const { type, linkType, id } = sys as Record<string, unknown>;
  if (type !== "Link" || (linkType !== "Entry" && linkType !== "Asset") || typeof id !== "string") return null;
  return { linkType, id };
}

/** Every link anywhere in a value: link fields, arrays of links, rich-text targets. */
export function linksIn(value: unknown, out: LinkRef[] = []): LinkRef[] {
  const target = linkOf(value);
  if (target) {
    out.push(target);
    return out;
  }
  if (Array.isArray(value)) for (const item of value) linksIn(item, out);
  else if (typeof value === "object" && value !== null) for (const item of Object.values(value)) linksIn(item, out);
  return out;
}

// ---------------------------------------------------------------- shapes

const sysBase = (id: string, revision: number, createdAt: Date, updatedAt: Date) => ({
  space: link("Space", SPACE_ID),
  environment: link("Environment", ENVIRONMENT_ID),
  id,
  revision,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

/** An entry in one locale (with fallbacks) or, with "*", every locale. */
export function wireEntry(entry: StoredEntry, locale: string, chain: readonly string[]): WireEntry {
  const all = locale === ALL_LOCALES;
  return {
    metadata: { tags: [] },
    sys: {
      ...sysBase(entry.id, entry.revision, entry.createdAt, entry.updatedAt),
      type: "Entry",
      contentType: link("ContentType", entry.contentTypeId),
      ...(all ? {} : { locale }),
    },
    fields: localize(entry.fields, all ? ALL_LOCALES : chain),
  };
}

/** The path an asset's file is served at on this shop (sized with Contentful's w, h, fit, q, fm). */
export const assetUrl = (fileKey: string) => `/img/c/${fileKey}`;

function assetFile(asset: ContentAssetRow) {
  return {
    url: assetUrl(asset.fileKey),
    details: { size: asset.size, image: { width: asset.width, height: asset.height } },
    fileName: asset.fileName,
    contentType: asset.contentType,
  };
}

/** The asset's fields stored per locale, as an entry's are (the file is one for every locale). */
export function assetFields(asset: ContentAssetRow, locales: readonly string[]): LocalizedFields {
  const file = assetFile(asset);
  return {
    title: { ...asset.title },
    description: { ...asset.description },
    file: Object.fromEntries(locales.map((code) => [code, file])),
  };
}

export function wireAsset(asset: ContentAssetRow, locale: string, chain: readonly string[], localeCodes: readonly string[]): WireAsset {
  const all = locale === ALL_LOCALES;
  return {
    metadata: { tags: [] },
    sys: { ...sysBase(asset.id, asset.revision, asset.createdAt, asset.updatedAt), type: "Asset", ...(all ? {} : { locale }) },
    fields: localize(assetFields(asset, localeCodes), all ? ALL_LOCALES : chain),
  };
}

export function wireContentType(row: ContentTypeRow) {
  return {
    sys: { ...sysBase(row.id, 1, row.createdAt, row.updatedAt), type: "ContentType" as const },
    displayField: row.displayField,
    name: row.name,
    description: row.description,
    fields: row.fields,
  };
}

export function wireLocale(row: ContentLocaleRow) {
  return {
    sys: { id: row.code, type: "Locale" as const, version: 1 },
    code: row.code,
    name: row.name,
    fallbackCode: row.fallbackCode,
    default: row.isDefault,
    contentManagementApi: true,
    contentDeliveryApi: true,
    optional: !row.isDefault,
  };
}

export function wireSpace(name: string, locales: readonly ContentLocaleRow[]) {
  return {
    sys: { type: "Space" as const, id: SPACE_ID },
    name,
    locales: locales.map((l) => ({ code: l.code, default: l.isDefault, name: l.name, fallbackCode: l.fallbackCode })),
  };
}

export function wireCollection<T>(items: T[], page: { total: number; skip: number; limit: number }): WireCollection<T> {
  return { sys: { type: "Array" }, total: page.total, skip: page.skip, limit: page.limit, items };
}

// ---------------------------------------------------------------- includes

export interface LinkLoader {
  entries(ids: string[]): Promise<StoredEntry[]>;
  assets(ids: string[]): Promise<ContentAssetRow[]>;
}

export interface Resolved {
  entries: Map<string, StoredEntry>;
  assets: Map<string, ContentAssetRow>;
  /** Links whose target does not exist or is not visible (unpublished, outside preview). */
  missing: LinkRef[];
}

/**
 * Follows links from the given entries `depth` levels deep, level by level (one query per level
 * and kind), never loading an entry twice: a cycle ends where it meets an entry already known.
 * The starting entries count as known, so they are not repeated in `includes`.
 */
export async function resolveLinks(
  start: readonly StoredEntry[],
  depth: number,
  chain: readonly string[] | typeof ALL_LOCALES,
  load: LinkLoader,
): Promise<Resolved> {
  const known = new Set(start.map((e) => `Entry:${e.id}`));
  const resolved: Resolved = { entries: new Map(), assets: new Map(), missing: [] };
  let frontier: readonly StoredEntry[] = start;
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const wanted = { Entry: new Set<string>(), Asset: new Set<string>() };
    for (const entry of frontier) {
      for (const ref of linksIn(localize(entry.fields, chain))) {
        const key = `${ref.linkType}:${ref.id}`;
        if (known.has(key)) continue;
        known.add(key);
        wanted[ref.linkType].add(ref.id);
      }
    }
    const [entries, assets] = await Promise.all([
      wanted.Entry.size > 0 ? load.entries([...wanted.Entry]) : [],
      wanted.Asset.size > 0 ? load.assets([...wanted.Asset]) : [],
    ]);
    for (const e of entries) resolved.entries.set(e.id, e);
    for (const a of assets) resolved.assets.set(a.id, a);
    for (const id of wanted.Entry) if (!resolved.entries.has(id)) resolved.missing.push({ linkType: "Entry", id });
    for (const id of wanted.Asset) if (!resolved.assets.has(id)) resolved.missing.push({ linkType: "Asset", id });
    frontier = entries;
  }
  return resolved;
}

/** Adds `includes` (and `errors` for links that lead nowhere) to a collection. */
export function withIncludes<T>(
  collection: WireCollection<T>,
  resolved: Resolved,
  locale: string,
  chain: readonly string[],
  localeCodes: readonly string[],
): WireCollection<T> {
  const out: WireCollection<T> = { ...collection };
  const entries = [...resolved.entries.values()].map((e) => wireEntry(e, locale, chain));
  const assets = [...resolved.assets.values()].map((a) => wireAsset(a, locale, chain, localeCodes));
  if (entries.length > 0 || assets.length > 0) {
    out.includes = {};
    if (entries.length > 0) out.includes.Entry = entries;
    if (assets.length > 0) out.includes.Asset = assets;
  }
  if (resolved.missing.length > 0) {
    out.errors = resolved.missing.map((ref) => ({
      sys: { id: "notResolvable", type: "error" },
      details: { type: "Link", linkType: ref.linkType, id: ref.id },
    }));
  }
  return out;
}

// ---------------------------------------------------------------- the export format (contentful-export)

export interface ExportLocale {
  code: string;
  name: string;
  fallbackCode: string | null;
  default: boolean;
}

export interface ExportEntry {
  sys: {
    id: string;
    type?: "Entry";
    contentType: { sys: { id: string } };
    /** Set: the entry is published with `fields`; absent: a draft only. */
    publishedVersion?: number;
    publishedCounter?: number;
    revision?: number;
    createdAt?: string;
    updatedAt?: string;
    publishedAt?: string;
  };
  fields: LocalizedFields;
}

export interface ExportAssetFile {
  url?: string;
  fileName: string;
  contentType: string;
  details?: { size?: number; image?: { width: number; height: number } };
}

export interface ExportAsset {
  sys: { id: string; type?: "Asset"; revision?: number; publishedCounter?: number; createdAt?: string; updatedAt?: string };
  fields: {
    title?: Record<string, string>;
    description?: Record<string, string>;
    file: Record<string, ExportAssetFile>;
  };
}

export interface ExportContentType {
  sys: { id: string; type?: "ContentType" };
  name: string;
  description?: string;
  displayField?: string | null;
  fields: ContentFieldDefinition[];
}

/** A content type's field, as Contentful defines it. */
export interface ContentFieldDefinition {
  id: string;
  name: string;
  type: "Symbol" | "Text" | "RichText" | "Integer" | "Number" | "Date" | "Boolean" | "Object" | "Location" | "Link" | "Array";
  localized?: boolean;
  required?: boolean;
  linkType?: LinkType;
  items?: { type: "Symbol" | "Link"; linkType?: LinkType; validations?: unknown[] };
  validations?: unknown[];
  disabled?: boolean;
  omitted?: boolean;
}

export interface ContentExport {
  contentTypes: ExportContentType[];
  entries: ExportEntry[];
  assets: ExportAsset[];
  locales: ExportLocale[];
}

export function exportLocale(row: ContentLocaleRow): ExportLocale {
  return { code: row.code, name: row.name, fallbackCode: row.fallbackCode, default: row.isDefault };
}

export function exportContentType(row: ContentTypeRow): ExportContentType {
  return {
    sys: { id: row.id, type: "ContentType" },
    name: row.name,
    description: row.description,
    displayField: row.displayField,
    fields: row.fields as unknown as ContentFieldDefinition[],
  };
}
