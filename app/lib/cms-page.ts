// What the CMS page routes (front page, /content/*, /preview/*) share: the page's head tags
// from its SEO fields, falling back to its title.
import type { Page } from "../../lib/cms-types.ts";
import { pageMeta } from "./seo.ts";

export interface CmsPageMeta {
  title: string;
  description: string;
  origins: Record<string, string>;
  locale: string;
  path: string;
}

export function cmsPageMeta(page: Page, origins: Record<string, string>, locale: string, path: string): CmsPageMeta {
  return { title: page.seoTitle || page.title, description: page.seoDescription, origins, locale, path };
}

/** A content page's slug differs by language ("privacy", "tietosuojaseloste"): only its own store is named. */
export const cmsHeadTags = (meta: CmsPageMeta) => pageMeta({ ...meta, alternates: { [meta.locale]: meta.path } });
