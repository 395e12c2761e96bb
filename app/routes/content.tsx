// CMS content pages (spec §2 /content/*): a landingPage entry by its slug — the footer's store
// pages (with -fi in Finnish), the privacy notice, the accessibility statement and the like.
// The same for every guest: cached as the catalogue pages are; a content import drops them.
import { data } from "react-router";
import { CmsPage } from "../components/cms/cms-page.tsx";
import { shopContext } from "../context.ts";
import { cmsHeadTags, cmsPageMeta } from "../lib/cms-page.ts";
import { GUEST_PAGE_CACHE } from "../lib/seo.ts";
import type { Route } from "./+types/content";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { store, services, origins } = context.get(shopContext);
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  const page = slug && slug !== "index" ? await services.content.page(store, slug) : null;
  if (!page) throw data(null, { status: 404 });
  const path = `/content/${slug}`;
  return { page, path, meta: cmsPageMeta(page, origins, store.locale, path) };
}

export const headers = () => ({ "Cache-Control": GUEST_PAGE_CACHE });

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? cmsHeadTags(loaderData.meta) : []);

export default function Content({ loaderData }: Route.ComponentProps) {
  return <CmsPage page={loaderData.page} path={loaderData.path} />;
}
