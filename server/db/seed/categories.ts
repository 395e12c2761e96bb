// The category tree as rows: ids in depth-first order from 1 (the root), materialised
// paths, and per-locale names, url keys and url paths.
import type { LocaleCode } from "../../../lib/locales.ts";
import { slugify, uid } from "./text.ts";
import { CATEGORY_TREE, type Audience, type CategoryWord, type Text } from "./words.ts";

export interface CategoryText {
  name: string;
  urlKey: string;
  urlPath: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
}

export interface CategoryNode {
  id: number;
  uid: string;
  parentId: number | null;
  level: number;
  path: string;
  position: number;
  includeInMenu: boolean;
  availableSortBy: string[];
  defaultSortBy: string;
  /** "women/jackets/rain-jackets"; "" for the root. */
  keyPath: string;
  word: CategoryWord;
  audience: Audience | undefined;
  texts: Record<LocaleCode, CategoryText>;
}

const FULL_SORT = ["position", "nosto_personalized", "price"];
const LIMITED_SORT = ["position", "price"];

export function buildCategories(): CategoryNode[] {
  const nodes: CategoryNode[] = [];
  const visit = (word: CategoryWord, parent: CategoryNode | null, position: number) => {
    const id = nodes.length + 1;
    const names = parent ? [...ancestorNames(nodes, parent), word.name] : [];
    const node: CategoryNode = {
      id,
      uid: uid("category", id),
      parentId: parent?.id ?? null,
      level: parent ? parent.level + 1 : 1,
      path: `${parent?.path ?? "/"}${id}/`,
      position,
      includeInMenu: parent !== null,
      availableSortBy: word.limitedSort ? LIMITED_SORT : FULL_SORT,
      defaultSortBy: word.defaultSortBy ?? "position",
      keyPath: parent?.keyPath ? `${parent.keyPath}/${word.key}` : parent ? word.key : "",
      word,
      audience: word.audience ?? parent?.audience,
      texts: {
        en: categoryText("en", word, parent, names),
        fi: categoryText("fi", word, parent, names),
      },
    };
    nodes.push(node);
    word.children?.forEach((child, i) => {
      visit(child, node, i);
    });
  };
  visit(CATEGORY_TREE, null, 0);
  return nodes;
}

/** Names from the first level below the root down to parent. */
function ancestorNames(nodes: CategoryNode[], parent: CategoryNode): Text[] {
  const names: Text[] = [];
  for (let node: CategoryNode | undefined = parent; node && node.parentId !== null; node = nodes[node.parentId - 1]) {
    names.unshift(node.word.name);
  }
  return names;
}

function categoryText(locale: LocaleCode, word: CategoryWord, parent: CategoryNode | null, names: Text[]): CategoryText {
  const name = word.name[locale];
  const urlKey = parent ? slugify(name) : "root";
  // The root is never shown; its empty url path cannot clash with a real one.
  const urlPath = !parent ? "" : parent.texts[locale].urlPath ? `${parent.texts[locale].urlPath}/${urlKey}` : urlKey;
  const trail = names.map((n) => n[locale]).join(" / ");
  const top = names[0]?.[locale];
  const description = !parent
    ? locale === "en"
      ? "The whole Kauppa collection."
      : "Koko Kauppa-mallisto."
    : locale === "en"
      ? `Browse ${trail} at Kauppa. Free delivery on orders over 79 €.`
      : `Tutustu valikoimaan: ${trail}. Ilmainen toimitus yli 79 euron tilauksille.`;
  const metaTitle = names.length > 1 && top ? `${name} – ${top} | Kauppa` : `${name} | Kauppa`;
  return { name, urlKey, urlPath, description, metaTitle, metaDescription: description };
}
