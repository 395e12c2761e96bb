import { Link } from "../components/ui/router-link.tsx";
import { imageUrl } from "../../lib/image-url.ts";
import { CmsPage } from "../components/cms/cms-page.tsx";
import { cmsPageMeta } from "../lib/cms-page.ts";
import { shopContext } from "../context.ts";
import { useT } from "../lib/i18n.ts";
import { GUEST_PAGE_CACHE, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/home";
import { messages } from "../i18n/messages.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { store, services, origins } = shop;
  const text = messages[store.locale];
  const alternates = { en: "/", fi: "/" };
  // The front page is the CMS's `index` page (decision 0026); without one (or when the content
  // store fails) the shop shows its categories.
  const page = await services.content.page(store, "index").catch((error) => {
    shop.degraded("front page content", error);
    return null;
  });
  if (page) {
    const meta = { ...cmsPageMeta(page, origins, store.locale, "/"), title: page.seoTitle || text["home.title"] };
    return { page, categories: [], alternates, meta: { ...meta, description: meta.description || text["home.description"] } };
  }
  const top = await services.catalog.topCategories(store);
  // A picture for each top category: the first product of its listing.
  const listings = await Promise.all(top.map((c) => services.catalog.listing(store, { path: c.url_path, pageSize: 1 })));
  const categories = top.map((c, i) => ({
    uid: c.uid,
    name: c.name,
    url_path: c.url_path,
    count: listings[i]?.total_count ?? 0,
    image: listings[i]?.items[0]?.image.url ?? "",
  }));
  return {
    page: null,
    categories,
    alternates,
    meta: { title: text["home.title"], description: text["home.description"], origins, locale: store.locale },
  };
}

export const headers = () => ({ "Cache-Control": GUEST_PAGE_CACHE });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta({ ...loaderData.meta, alternates: loaderData.alternates }) : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.page) return <CmsPage page={loaderData.page} path="/" />;
  return (
    <div className="mx-auto max-w-shop px-4 md:px-8">
      <section className="py-10 md:py-16">
        <h1 className="max-w-2xl text-3xl font-semibold tracking-tight md:text-5xl">{t("home.heading")}</h1>
        <p className="mt-4 max-w-xl text-lg text-muted">{t("home.lead")}</p>
      </section>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="sr-only">
          {t("nav.categories")}
        </h2>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {loaderData.categories.map((c, i) => (
            <li key={c.uid} className="group relative">
              <div className="aspect-[5/7] overflow-hidden rounded-lg bg-mist">
                {c.image ? (
                  <img
                    src={imageUrl(c.image, { w: 300, h: 420 })}
                    alt=""
                    width={300}
                    height={420}
                    loading={i < 2 ? "eager" : "lazy"}
                    className="hover-zoom h-full w-full object-cover"
                  />
                ) : null}
              </div>
              <Link prefetch="intent" to={`/c/${c.url_path}`} className="mt-2 block font-medium after:absolute after:inset-0">
                {c.name}
              </Link>
              <span className="text-sm text-muted">{t("category.products", { count: c.count })}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
