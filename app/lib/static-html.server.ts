// The server's side of `StaticHtml` (app/components/ui/static-html.tsx, decision 0057): a
// static part is rendered to HTML once per content and kept, so a fresh page render spends
// nothing on it. A content not rendered yet is rendered by the page as ordinary React (the same
// markup) and, after that page, once on its own: never inside another render, whose hooks'
// state React's server renderer keeps in its module. A few kinds of parts in two stores make a
// handful of entries; the oldest goes when a data version has moved many times.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { StaticHtmlRenderer } from "../components/ui/static-html.tsx";

const MAX_ENTRIES = 64;
const rendered = new Map<string, string>();
const queued = new Set<string>();

function renderLater(key: string, element: ReactElement) {
  if (queued.has(key)) return;
  queued.add(key);
  setImmediate(() => {
    queued.delete(key);
    try {
      const html = renderToStaticMarkup(element);
      if (rendered.size >= MAX_ENTRIES) rendered.delete(rendered.keys().next().value as string);
      rendered.set(key, html);
    } catch (error) {
      // The page rendered it as React and will again: nothing is lost but the saving.
      console.error(`static part ${key.slice(0, 40)}:`, error);
    }
  });
}

export const renderStaticHtml: StaticHtmlRenderer = (key: string, element: ReactElement) => {
  const html = rendered.get(key);
  if (html === undefined) renderLater(key, element);
  return html;
};
