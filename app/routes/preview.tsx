// CMS preview (spec §2 /preview/*): an editor sees a page as its latest draft, with the preview
// secret in the address (`?secret=`, as a CMS's preview link gives it). Without the right
// secret it is not found, never a hint that drafts exist. Never cached, never indexed; an
// unknown block type shows a notice here instead of nothing.
import { data } from "react-router";
import { CmsPage } from "../components/cms/cms-page.tsx";
import { shopContext } from "../context.ts";
import type { Route } from "./+types/preview";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { store, services } = context.get(shopContext);
  const secret = new URL(request.url).searchParams.get("secret");
  if (!services.content.delivery.previewAllowed(secret)) throw data(null, { status: 404 });
  const slug = (params["*"] ?? "").replace(/\/+$/, "") || "index";
  const page = await services.content.page(store, slug, { preview: true });
  if (!page) throw data(null, { status: 404 });
  return { page, path: slug === "index" ? "/" : `/content/${slug}`, title: page.seoTitle || page.title };
}

export const headers = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex" }];

export default function Preview({ loaderData }: Route.ComponentProps) {
  return <CmsPage page={loaderData.page} path={loaderData.path} preview />;
}

export { ErrorPage as ErrorBoundary } from "../components/ui/error-page.tsx";
