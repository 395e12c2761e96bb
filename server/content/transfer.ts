// Content import and export in contentful-export's JSON format (one content.json with
// { contentTypes, entries, assets, locales }, fields keyed by locale code, and the asset files in
// assets/). An import checks everything before it writes anything: unknown content types and
// fields, values of the wrong type, links to nothing, missing or unreadable files. Then it
// writes in one transaction and bumps the "content" data version, so every process drops its
// content caches and cached pages within the version poll (decision 0026).
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { contentAssets, contentEntries, contentFiles, contentLocales, contentTypes, type ContentLocaleRow } from "../db/schema.ts";
import { createFileStore, safeFileName, storeFile } from "./files.ts";
import {
  linkOf,
  linksIn,
  type ContentExport,
  type ContentFieldDefinition,
  type ExportAsset,
  type ExportAssetFile,
  type ExportEntry,
  exportContentType,
  exportLocale,
  type LocalizedFields,
} from "./wire.ts";

export const CONTENT_FILE = "content.json";
export const ASSETS_FOLDER = "assets";
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FIELD_ID = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const LOCALE_CODE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2}|-[0-9]{3})?$/;
const FIELD_TYPES = ["Symbol", "Text", "RichText", "Integer", "Number", "Date", "Boolean", "Object", "Location", "Link", "Array"] as const;
const IMAGE_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};
const MAX_ISSUES = 50;
const SYMBOL_MAX = 256;
const TEXT_MAX = 50_000;

/** One problem found in the files: where (a JSON path or a file) and what. For the operator's terminal. */
export interface ImportIssue {
  at: string;
  problem: string;
}

export class ContentImportError extends Error {
  readonly issues: ImportIssue[];
  constructor(issues: ImportIssue[]) {
    super(
      `The content was not imported: ${issues.length} problem${issues.length === 1 ? "" : "s"}\n${issues.map((i) => `  ${i.at}: ${i.problem}`).join("\n")}`,
    );
    this.issues = issues;
  }
}

export interface ImportCounts {
  locales: number;
  contentTypes: number;
  entries: number;
  /** Of the entries: how many are published (the rest are drafts only). */
  published: number;
  drafts: number;
  assets: number;
}

// ---------------------------------------------------------------- the file's structure

const localized = z.record(z.string(), z.unknown());
const fileSchema = z.object({
  locales: z
    .array(
      z.object({ code: z.string(), name: z.string(), fallbackCode: z.string().nullable().optional(), default: z.boolean().optional() }),
    )
    .default([]),
  contentTypes: z
    .array(
      z.object({
        sys: z.object({ id: z.string() }),
        name: z.string(),
        description: z.string().nullable().optional(),
        displayField: z.string().nullable().optional(),
        fields: z.array(z.record(z.string(), z.unknown())),
      }),
    )
    .default([]),
  entries: z
    .array(
      z.object({
        sys: z.object({
          id: z.string(),
          contentType: z.object({ sys: z.object({ id: z.string() }) }),
          publishedVersion: z.number().optional(),
          publishedCounter: z.number().optional(),
          revision: z.number().optional(),
          createdAt: z.string().optional(),
          updatedAt: z.string().optional(),
          publishedAt: z.string().optional(),
        }),
        fields: z.record(z.string(), localized),
      }),
    )
    .default([]),
  assets: z
    .array(
      z.object({
        sys: z.object({ id: z.string(), revision: z.number().optional(), publishedCounter: z.number().optional() }),
        fields: z.object({
          title: z.record(z.string(), z.string()).optional(),
          description: z.record(z.string(), z.string()).optional(),
          file: z.record(
            z.string(),
            z.object({
              url: z.string().optional(),
              fileName: z.string(),
              contentType: z.string(),
              details: z.unknown().optional(),
            }),
          ),
        }),
      }),
    )
    .default([]),
});

// ---------------------------------------------------------------- checks

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function checkRichText(node: unknown, at: string, issues: ImportIssue[], depth = 0) {
  if (!isObject(node) || typeof node.nodeType !== "string") {
    issues.push({ at, problem: "a rich-text node needs a nodeType" });
    return;
  }
  if (depth === 0 && node.nodeType !== "document") issues.push({ at, problem: 'rich text must be a "document"' });
  if (node.nodeType === "text") {
    if (typeof node.value !== "string") issues.push({ at, problem: "a text node needs a string value" });
    return;
  }
  if (depth > 30) {
    issues.push({ at, problem: "rich text is nested too deep" });
    return;
  }
  if (!Array.isArray(node.content)) {
    issues.push({ at, problem: `a "${node.nodeType}" node needs a content array` });
    return;
  }
  for (const [i, child] of node.content.entries()) checkRichText(child, `${at}.content[${i}]`, issues, depth + 1);
}

/** The choices an `in` validation allows, if the definition has one. */
function allowedValues(validations: unknown[] | undefined): unknown[] | null {
  for (const v of validations ?? []) if (isObject(v) && Array.isArray(v.in)) return v.in;
  return null;
}

function checkValue(def: ContentFieldDefinition, value: unknown, at: string, issues: ImportIssue[]) {
  const wrong = (expected: string) => issues.push({ at, problem: `expected ${expected} (field type ${def.type})` });
  switch (def.type) {
    case "Symbol": {
      if (typeof value !== "string" || value.length > SYMBOL_MAX) return wrong(`a text of at most ${SYMBOL_MAX} characters`);
      const choices = allowedValues(def.validations);
      if (choices && !choices.includes(value)) issues.push({ at, problem: `"${value}" is not one of ${choices.join(", ")}` });
      return;
    }
    case "Text":
      if (typeof value !== "string" || value.length > TEXT_MAX) wrong(`a text of at most ${TEXT_MAX} characters`);
      return;
    case "Integer":
      if (!Number.isInteger(value)) wrong("a whole number");
      return;
    case "Number":
      if (typeof value !== "number" || !Number.isFinite(value)) wrong("a number");
      return;
    case "Boolean":
      if (typeof value !== "boolean") wrong("true or false");
      return;
    case "Date":
      if (typeof value !== "string" || Number.isNaN(Date.parse(value))) wrong("an ISO 8601 date");
      return;
    case "Location":
      if (!isObject(value) || typeof value.lat !== "number" || typeof value.lon !== "number") wrong("{ lat, lon }");
      return;
    case "Object":
      if (typeof value !== "object" || value === null) wrong("a JSON object");
      return;
    case "RichText":
      checkRichText(value, at, issues);
      return;
    case "Link":
      if (linkOf(value)?.linkType !== def.linkType) wrong(`a link to an ${def.linkType}`);
      return;
    case "Array": {
      if (!Array.isArray(value)) return wrong("a list");
      const items = def.items;
      value.forEach((item, i) => {
        if (items?.type === "Symbol" && (typeof item !== "string" || item.length > SYMBOL_MAX)) wrong(`texts (item ${i})`);
        if (items?.type === "Link" && linkOf(item)?.linkType !== items.linkType) wrong(`links to ${items.linkType} (item ${i})`);
      });
      return;
    }
  }
}

function checkDefinition(raw: Record<string, unknown>, at: string, issues: ImportIssue[]): ContentFieldDefinition | null {
  const def = raw as unknown as ContentFieldDefinition;
  if (typeof def.id !== "string" || !FIELD_ID.test(def.id)) {
    issues.push({ at, problem: "a field id is letters, digits and underscores, starting with a letter" });
    return null;
  }
  if (!(FIELD_TYPES as readonly string[]).includes(def.type)) {
    issues.push({ at: `${at}.type`, problem: `unknown field type "${String(def.type)}" (one of ${FIELD_TYPES.join(", ")})` });
    return null;
  }
  if (def.type === "Link" && def.linkType !== "Entry" && def.linkType !== "Asset")
    issues.push({ at: `${at}.linkType`, problem: 'a Link field links to "Entry" or "Asset"' });
  if (def.type === "Array") {
    const items = def.items;
    if (
      !items ||
      (items.type !== "Symbol" && items.type !== "Link") ||
      (items.type === "Link" && items.linkType !== "Entry" && items.linkType !== "Asset")
    )
      issues.push({ at: `${at}.items`, problem: 'an Array field has items of type "Symbol", or "Link" to "Entry" or "Asset"' });
  }
  return def;
}

// ---------------------------------------------------------------- import

export interface ImportOptions {
  db: Db;
  dataDir: string;
  /** Validate and count only: nothing is written. */
  dryRun?: boolean;
  now?: Date;
}

interface PlannedAsset {
  source: ExportAsset;
  file: ExportAssetFile;
  body: Buffer;
  width: number;
  height: number;
  contentType: string;
}

/** Where an asset's file is in the export folder: assets/<id>/<name>, assets/<name>, or contentful-export's assets/<url path>. */
function assetFileCandidates(dir: string, id: string, file: ExportAssetFile): string[] {
  const base = path.join(dir, ASSETS_FOLDER);
  const names = [path.join(base, id, file.fileName), path.join(base, file.fileName)];
  if (file.url && !file.url.startsWith("/img/")) names.push(path.join(base, file.url.replace(/^(https?:)?\/+/, "")));
  // Never outside the folder.
  return names.filter((name) => path.resolve(name).startsWith(path.resolve(base) + path.sep));
}

/** Reads and checks a content folder; throws ContentImportError with every problem found (up to 50). */
export async function readContentFolder(
  dir: string,
  db: Db,
): Promise<{ data: ContentExport; assets: Map<string, PlannedAsset>; locales: ContentLocaleRow[] }> {
  const issues: ImportIssue[] = [];
  const fail = (): never => {
    throw new ContentImportError(issues.slice(0, MAX_ISSUES));
  };
  let raw: unknown;
  try {
    raw = JSON.parse(await fsp.readFile(path.join(dir, CONTENT_FILE), "utf8"));
  } catch (error) {
    issues.push({
      at: path.join(dir, CONTENT_FILE),
      problem: error instanceof SyntaxError ? `not JSON: ${error.message}` : "cannot be read",
    });
    fail();
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues.push({ at: issue.path.join(".") || CONTENT_FILE, problem: issue.message });
    fail();
  }
  const data = parsed.data as unknown as ContentExport & { locales: ContentExport["locales"] };

  // Locales: what the shop has, updated by the file's.
  const existingLocales = await db.select().from(contentLocales);
  const locales = new Map(existingLocales.map((l) => [l.code, l]));
  data.locales.forEach((l, i) => {
    if (!LOCALE_CODE.test(l.code)) issues.push({ at: `locales[${i}].code`, problem: `"${l.code}" is not a locale code such as fi-FI` });
    locales.set(l.code, { code: l.code, name: l.name, fallbackCode: l.fallbackCode ?? null, isDefault: l.default ?? false, position: i });
  });
  if (data.locales.some((l) => l.default))
    for (const l of locales.values()) l.isDefault = data.locales.some((x) => x.code === l.code && x.default);
  const defaults = [...locales.values()].filter((l) => l.isDefault);
  if (defaults.length !== 1) issues.push({ at: "locales", problem: `exactly one locale is the default (found ${defaults.length})` });
  for (const l of locales.values())
    if (l.fallbackCode && !locales.has(l.fallbackCode))
      issues.push({ at: `locales.${l.code}`, problem: `falls back to unknown locale "${l.fallbackCode}"` });
  const defaultLocale = defaults[0]?.code ?? "";

  // Content types: the file's, else the shop's.
  const types = new Map<string, Map<string, ContentFieldDefinition>>();
  for (const row of await db.select().from(contentTypes)) {
    types.set(row.id, new Map((row.fields as unknown as ContentFieldDefinition[]).map((f) => [f.id, f])));
  }
  data.contentTypes.forEach((type, i) => {
    if (!ID.test(type.sys.id)) issues.push({ at: `contentTypes[${i}].sys.id`, problem: `"${type.sys.id}" is not a valid id` });
    const fields = new Map<string, ContentFieldDefinition>();
    type.fields.forEach((f, j) => {
      const def = checkDefinition(f as unknown as Record<string, unknown>, `contentTypes[${i}].fields[${j}]`, issues);
      if (def && fields.has(def.id)) issues.push({ at: `contentTypes[${i}].fields[${j}]`, problem: `field "${def.id}" is defined twice` });
      if (def) fields.set(def.id, def);
    });
    types.set(type.sys.id, fields);
  });

  // What links can lead to: the file's entries and assets, and the shop's.
  const entryIds = new Set((await db.select({ id: contentEntries.id }).from(contentEntries)).map((r) => r.id));
  const assetIds = new Set((await db.select({ id: contentAssets.id }).from(contentAssets)).map((r) => r.id));
  const seen = new Set<string>();
  data.entries.forEach((e, i) => {
    if (!ID.test(e.sys.id)) issues.push({ at: `entries[${i}].sys.id`, problem: `"${e.sys.id}" is not a valid id` });
    if (seen.has(e.sys.id)) issues.push({ at: `entries[${i}].sys.id`, problem: `entry "${e.sys.id}" appears twice` });
    seen.add(e.sys.id);
    entryIds.add(e.sys.id);
  });
  seen.clear();
  data.assets.forEach((a, i) => {
    if (!ID.test(a.sys.id)) issues.push({ at: `assets[${i}].sys.id`, problem: `"${a.sys.id}" is not a valid id` });
    if (seen.has(a.sys.id)) issues.push({ at: `assets[${i}].sys.id`, problem: `asset "${a.sys.id}" appears twice` });
    seen.add(a.sys.id);
    assetIds.add(a.sys.id);
  });

  data.entries.forEach((entry, i) => {
    const at = `entries[${i}] (${entry.sys.id})`;
    const typeId = entry.sys.contentType.sys.id;
    const defs = types.get(typeId);
    if (!defs) {
      issues.push({ at, problem: `unknown content type "${typeId}"` });
      return;
    }
    for (const [name, values] of Object.entries(entry.fields)) {
      const def = defs.get(name);
      if (!def) {
        issues.push({ at: `${at}.fields.${name}`, problem: `content type "${typeId}" has no field "${name}"` });
        continue;
      }
      for (const [code, value] of Object.entries(values)) {
        if (!locales.has(code)) issues.push({ at: `${at}.fields.${name}.${code}`, problem: `unknown locale "${code}"` });
        else checkValue(def, value, `${at}.fields.${name}.${code}`, issues);
      }
    }
    if (entry.sys.publishedVersion !== undefined) {
      for (const def of defs.values())
        if (def.required && entry.fields[def.id]?.[defaultLocale] === undefined)
          issues.push({ at: `${at}.fields.${def.id}`, problem: `required, and missing in the default locale ${defaultLocale}` });
    }
    for (const ref of linksIn(entry.fields)) {
      const known = ref.linkType === "Entry" ? entryIds : assetIds;
      if (!known.has(ref.id))
        issues.push({ at, problem: `links to ${ref.linkType === "Entry" ? "an entry" : "an asset"} "${ref.id}" that does not exist` });
    }
  });

  const assets = new Map<string, PlannedAsset>();
  for (const [i, asset] of data.assets.entries()) {
    const at = `assets[${i}] (${asset.sys.id})`;
    for (const code of [
      ...Object.keys(asset.fields.file),
      ...Object.keys(asset.fields.title ?? {}),
      ...Object.keys(asset.fields.description ?? {}),
    ])
      if (!locales.has(code)) issues.push({ at, problem: `unknown locale "${code}"` });
    const file = asset.fields.file[defaultLocale] ?? Object.values(asset.fields.file)[0];
    if (!file) {
      issues.push({ at, problem: "has no file" });
      continue;
    }
    const candidates = assetFileCandidates(dir, asset.sys.id, file);
    const found = candidates.find((name) => fs.existsSync(name));
    if (!found) {
      issues.push({ at, problem: `file "${file.fileName}" not found in ${path.join(dir, ASSETS_FOLDER)}` });
      continue;
    }
    const body = await fsp.readFile(found);
    try {
      const meta = await sharp(body).metadata();
      const contentType = meta.format ? IMAGE_TYPES[meta.format === "heif" ? "avif" : meta.format] : undefined;
      if (!contentType || !meta.width || !meta.height) throw new Error("not an image");
      assets.set(asset.sys.id, { source: asset, file, body, width: meta.width, height: meta.height, contentType });
    } catch {
      issues.push({ at, problem: `"${path.relative(dir, found)}" is not a JPEG, PNG, WebP, GIF or AVIF image` });
    }
  }

  if (issues.length > 0) fail();
  return { data, assets, locales: [...locales.values()] };
}

/** JSON with object keys sorted: jsonb keeps keys in an order of its own. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  return value;
}
const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Imports a content folder (see the module comment); a dry run stops after the checks. */
export async function importContent(dir: string, options: ImportOptions): Promise<ImportCounts> {
  const { db, dataDir, dryRun = false } = options;
  const now = options.now ?? new Date();
  const { data, assets, locales } = await readContentFolder(dir, db);
  const published = data.entries.filter((e) => e.sys.publishedVersion !== undefined).length;
  const counts: ImportCounts = {
    locales: locales.length,
    contentTypes: data.contentTypes.length,
    entries: data.entries.length,
    published,
    drafts: data.entries.length - published,
    assets: data.assets.length,
  };
  if (dryRun) return counts;

  // Local files first: named by their content, one left behind by a failed import is harmless.
  // Their bytes go into content_files in the transaction, for the other processes.
  const keys = new Map<string, string>();
  for (const [id, planned] of assets) keys.set(id, await storeFile(dataDir, planned.body, planned.file.fileName));

  await db.transaction(async (tx) => {
    for (const l of locales) {
      await tx
        .insert(contentLocales)
        .values(l)
        .onConflictDoUpdate({
          target: contentLocales.code,
          set: { name: l.name, fallbackCode: l.fallbackCode, isDefault: l.isDefault, position: l.position },
        });
    }
    for (const type of data.contentTypes) {
      const row = {
        id: type.sys.id,
        name: type.name,
        description: type.description ?? "",
        displayField: type.displayField ?? null,
        fields: type.fields as unknown as Record<string, unknown>[],
        updatedAt: now,
      };
      await tx.insert(contentTypes).values(row).onConflictDoUpdate({ target: contentTypes.id, set: row });
    }
    for (const [id, planned] of assets) {
      await tx
        .insert(contentFiles)
        .values({ key: keys.get(id) as string, body: planned.body })
        .onConflictDoNothing();
      const { source } = planned;
      const row = {
        id,
        title: source.fields.title ?? {},
        description: source.fields.description ?? {},
        fileKey: keys.get(id) as string,
        fileName: safeFileName(planned.file.fileName),
        contentType: planned.contentType,
        width: planned.width,
        height: planned.height,
        size: planned.body.byteLength,
        updatedAt: now,
      };
      const [existing] = await tx.select().from(contentAssets).where(sql`${contentAssets.id} = ${id}`);
      const changed =
        !existing ||
        existing.fileKey !== row.fileKey ||
        !sameJson(existing.title, row.title) ||
        !sameJson(existing.description, row.description);
      const revision = existing ? existing.revision + (changed ? 1 : 0) : (source.sys.revision ?? source.sys.publishedCounter ?? 1);
      if (existing && !changed) continue;
      await tx
        .insert(contentAssets)
        .values({ ...row, revision })
        .onConflictDoUpdate({ target: contentAssets.id, set: { ...row, revision } });
    }
    for (const entry of data.entries) {
      const isPublished = entry.sys.publishedVersion !== undefined;
      const [existing] = await tx.select().from(contentEntries).where(sql`${contentEntries.id} = ${entry.sys.id}`);
      const publishedFields = isPublished ? entry.fields : null;
      const draftFields = isPublished ? null : entry.fields;
      const given = entry.sys.revision ?? entry.sys.publishedCounter ?? (isPublished ? 1 : 0);
      if (
        existing &&
        existing.contentTypeId === entry.sys.contentType.sys.id &&
        sameJson(existing.publishedFields, publishedFields) &&
        sameJson(existing.draftFields, draftFields)
      )
        continue;
      // A new publication is a new revision: banners and pop-ups closed by a shopper show again.
      const publishedChanged = !existing || !sameJson(existing.publishedFields, publishedFields);
      const revision = existing ? (isPublished && publishedChanged ? Math.max(existing.revision + 1, given) : existing.revision) : given;
      const row = {
        id: entry.sys.id,
        contentTypeId: entry.sys.contentType.sys.id,
        revision,
        publishedFields: publishedFields as LocalizedFields | null,
        draftFields: draftFields as LocalizedFields | null,
        updatedAt: now,
        publishedAt: isPublished ? (publishedChanged ? now : (existing?.publishedAt ?? now)) : null,
      };
      await tx
        .insert(contentEntries)
        .values({ ...row, createdAt: entry.sys.createdAt ? new Date(entry.sys.createdAt) : now })
        .onConflictDoUpdate({ target: contentEntries.id, set: row });
    }
    // Other processes see the new version at commit, within their one-second poll; this one
    // refreshes after the commit (content service), so no cache is refilled from the old rows.
    await tx.execute(sql`INSERT INTO data_versions (name, version) VALUES ('content', 1)
      ON CONFLICT (name) DO UPDATE SET version = data_versions.version + 1`);
  });
  return counts;
}

// ---------------------------------------------------------------- export

/** Writes the shop's content as a folder: content.json and assets/<id>/<file name>. */
export async function exportContent(dir: string, { db, dataDir }: { db: Db; dataDir: string }): Promise<ImportCounts> {
  const [locales, types, entries, assets] = await Promise.all([
    db.select().from(contentLocales).orderBy(contentLocales.position, contentLocales.code),
    db.select().from(contentTypes).orderBy(contentTypes.id),
    db.select().from(contentEntries).orderBy(contentEntries.id),
    db.select().from(contentAssets).orderBy(contentAssets.id),
  ]);
  await fsp.mkdir(path.join(dir, ASSETS_FOLDER), { recursive: true });
  const exportedAssets: ExportAsset[] = [];
  const files = createFileStore(db, dataDir);
  for (const asset of assets) {
    const source = await files(asset.fileKey);
    if (!source) throw new Error(`the file of asset ${asset.id} (${asset.fileKey}) is missing`);
    await fsp.mkdir(path.join(dir, ASSETS_FOLDER, asset.id), { recursive: true });
    await fsp.copyFile(source, path.join(dir, ASSETS_FOLDER, asset.id, asset.fileName));
    const file = {
      url: `/img/c/${asset.fileKey}`,
      fileName: asset.fileName,
      contentType: asset.contentType,
      details: { size: asset.size, image: { width: asset.width, height: asset.height } },
    };
    const defaultCode = locales.find((l) => l.isDefault)?.code ?? "en-GB";
    exportedAssets.push({
      sys: {
        id: asset.id,
        type: "Asset",
        revision: asset.revision,
        createdAt: asset.createdAt.toISOString(),
        updatedAt: asset.updatedAt.toISOString(),
      },
      fields: { title: asset.title, description: asset.description, file: { [defaultCode]: file } },
    });
  }
  const exportedEntries: ExportEntry[] = entries.map((e) => {
    // A published entry is written as published; its unpublished changes, if any, are not (the format holds one version).
    const fields = (e.publishedFields ?? e.draftFields ?? {}) as LocalizedFields;
    return {
      sys: {
        id: e.id,
        type: "Entry",
        contentType: { sys: { id: e.contentTypeId } },
        ...(e.publishedFields ? { publishedVersion: e.revision, publishedCounter: e.revision } : {}),
        revision: e.revision,
        createdAt: e.createdAt.toISOString(),
        updatedAt: e.updatedAt.toISOString(),
        ...(e.publishedAt ? { publishedAt: e.publishedAt.toISOString() } : {}),
      },
      fields,
    };
  });
  const data: ContentExport = {
    contentTypes: types.map(exportContentType),
    entries: exportedEntries,
    assets: exportedAssets,
    locales: locales.map(exportLocale),
  };
  await fsp.writeFile(path.join(dir, CONTENT_FILE), `${JSON.stringify(data, null, 2)}\n`);
  const published = entries.filter((e) => e.publishedFields).length;
  return {
    locales: locales.length,
    contentTypes: types.length,
    entries: entries.length,
    published,
    drafts: entries.length - published,
    assets: assets.length,
  };
}
