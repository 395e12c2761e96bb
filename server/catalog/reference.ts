// The reference data every catalogue read starts from: the stores with their configs, the
// category tree (and what is shown of it: category info, breadcrumbs, the menu) and the
// attribute values (colours, sizes). Loaded in one go and cached by the service until the
// catalogue's data version moves.
import type { Breadcrumb, CategoryInfo, MenuItem } from "../../lib/catalog-types.ts";
import { isLocaleCode, type LocaleCode } from "../../lib/locales.ts";
import { type StoreConfig, storeConfigSchema } from "../../lib/store-config.ts";
import type { AttributeValueRow, CatalogRepository, CategoryRow } from "./repository.ts";

export interface Store {
  code: string;
  locale: LocaleCode;
  name: string;
  iso: string;
  countryCode: string;
  dateFormat: string;
  leftSideCurrency: boolean;
  config: StoreConfig;
}

export interface Tree {
  byId: Map<number, CategoryRow>;
  children: Map<number | null, CategoryRow[]>;
  byPath: Map<string, CategoryRow>; // `${locale}:${url_path}`
  byUid: Map<string, CategoryRow>;
}

export interface Reference {
  stores: Map<string, Store>;
  tree: Tree;
  attributes: Map<number, AttributeValueRow>;
  attributesByCode: Map<string, AttributeValueRow>; // `${attribute_code}:${code}`
}

export async function loadReference(repo: CatalogRepository): Promise<Reference> {
  const [storeRows, categoryRows, attributeRows] = await Promise.all([repo.stores(), repo.categories(), repo.attributeValues()]);
  const stores = new Map<string, Store>();
  for (const row of storeRows) {
    if (!isLocaleCode(row.locale)) continue;
    stores.set(row.code, {
      code: row.code,
      locale: row.locale,
      name: row.name,
      iso: row.iso,
      countryCode: row.country_code,
      dateFormat: row.date_format,
      leftSideCurrency: row.left_side_currency,
      config: storeConfigSchema.parse(row.config),
    });
  }
  const tree: Tree = { byId: new Map(), children: new Map(), byPath: new Map(), byUid: new Map() };
  for (const row of categoryRows) {
    tree.byId.set(row.id, row);
    tree.byUid.set(row.uid, row);
    const siblings = tree.children.get(row.parent_id) ?? [];
    siblings.push(row);
    tree.children.set(row.parent_id, siblings);
    for (const [locale, text] of Object.entries(row.texts)) tree.byPath.set(`${locale}:${text.url_path}`, row);
  }
  for (const list of tree.children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const attributes = new Map(attributeRows.map((a) => [a.id, a]));
  const attributesByCode = new Map(attributeRows.map((a) => [`${a.attribute_code}:${a.code}`, a]));
  return { stores, tree, attributes, attributesByCode };
}

/** A localized text: the store's language, else English. */
export const text = (value: Record<string, string> | undefined, locale: LocaleCode) => value?.[locale] ?? value?.en ?? "";

export function breadcrumbs(tree: Tree, category: CategoryRow, locale: LocaleCode): Breadcrumb[] {
  const ids = category.path.split("/").filter(Boolean).map(Number);
  return ids
    .map((id) => tree.byId.get(id))
    .filter((c): c is CategoryRow => !!c && c.level > 1)
    .map((c) => ({ uid: c.uid, name: c.texts[locale]?.name ?? "", url_path: c.texts[locale]?.url_path ?? "" }));
}

export function categoryInfo(tree: Tree, category: CategoryRow, store: Store): CategoryInfo {
  const locale = store.locale;
  const texts = category.texts[locale] ?? category.texts.en;
  const name = texts?.name ?? "";
  return {
    uid: category.uid,
    name,
    url_path: texts?.url_path ?? "",
    description: texts?.description ?? "",
    meta_title: texts?.meta_title ?? name,
    meta_description: texts?.meta_description ?? texts?.description ?? "",
    available_sort_by: category.available_sort_by,
    default_sort_by: category.default_sort_by || store.config.catalog_default_sort_by,
    breadcrumbs: breadcrumbs(tree, category, locale),
    children: (tree.children.get(category.id) ?? [])
      .filter((c) => c.include_in_menu)
      .map((c) => ({ uid: c.uid, name: c.texts[locale]?.name ?? "", url_path: c.texts[locale]?.url_path ?? "" })),
    url_paths: Object.fromEntries(Object.entries(category.texts).map(([l, t]) => [l, t.url_path])),
  };
}

export function menu(tree: Tree, parentId: number, locale: LocaleCode): MenuItem[] {
  return (tree.children.get(parentId) ?? [])
    .filter((c) => c.include_in_menu)
    .map((c) => {
      const children = menu(tree, c.id, locale);
      return {
        id: c.id,
        uid: c.uid,
        name: c.texts[locale]?.name ?? "",
        url_path: c.texts[locale]?.url_path ?? "",
        position: c.position,
        top_level_clickable: c.top_level_clickable,
        children_count: children.length,
        children,
      };
    });
}
