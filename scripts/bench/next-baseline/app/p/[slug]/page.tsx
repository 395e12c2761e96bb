// Case (n) of `npm run bench`: a product page as a Next.js App Router app writes it — a server
// component reading the product from the shop's database for every request (the same queries as
// case (l): ../../baseline-data.ts), the colour and size choice a client component (hydrated, its
// props in the RSC payload). No caches of any kind.
import { notFound } from "next/navigation";
import { loadProduct } from "../../../../baseline-data.ts";
import { label, locale, money, pool, store } from "../../../lib/db.ts";
import { Choices } from "./choices.tsx";

export const dynamic = "force-dynamic";

export default async function ProductPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const data = await loadProduct(pool(), decodeURIComponent(slug), store, locale);
  if (!data) notFound();
  const { product, variants, media, crumbs } = data;
  const prices = variants.map((v) => v.final_cents ?? 0);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const features = Object.entries(product.features).map(([code, value]) => [
    code,
    typeof value === "string" ? value : (value[locale] ?? ""),
  ]);
  const name = product.name.split(",")[0] ?? product.name;
  return (
    <div>
      <title>{product.meta_title ?? `${name} | ${product.brand}`}</title>
      <meta name="description" content={product.meta_description ?? ""} />
      <nav aria-label="Breadcrumb">
        <ol className="flex gap-2 text-sm">
          <li>
            <a href="/">Home</a>
          </li>
          {crumbs.map((c) => (
            <li key={c.url_path}>
              <a href={`/c/${c.url_path}`}>{c.name}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-4 grid gap-8 md:grid-cols-[3fr_2fr]">
        <section aria-label="Images" className="grid grid-cols-2 gap-2">
          {media.map((m, i) => (
            // biome-ignore lint/performance/noImgElement: the same plain <img> with srcset as case (l); next/image would add its optimiser
            <img
              key={m.key}
              src={`/img/p/${m.key}?w=700&h=980`}
              srcSet={[360, 700, 1000, 1400].map((w) => `/img/p/${m.key}?w=${w}&h=${Math.round(w * 1.4)} ${w}w`).join(", ")}
              sizes="(min-width: 768px) 30vw, 100vw"
              alt={label(m.labels, name)}
              width={700}
              height={980}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "auto"}
            />
          ))}
        </section>
        <div className="flex flex-col gap-5">
          <p className="text-sm uppercase">{product.brand}</p>
          <h1 className="text-3xl font-semibold">{name}</h1>
          <p className="text-2xl font-semibold">{min === max ? money(min) : `${money(min)} – ${money(max)}`}</p>
          <Choices
            sku={product.sku}
            variants={variants.map((v) => ({
              sku: v.sku,
              color: v.color_code,
              colorLabel: label(v.color_labels, v.color_code),
              swatch: v.swatch,
              size: v.size_code,
              sizeLabel: label(v.size_labels, v.size_code),
              inStock: v.stock === null || v.stock > 0,
            }))}
          />
          <section>
            <h2 className="text-sm font-semibold">Description</h2>
            <p>{product.description}</p>
          </section>
          {features.length ? (
            <section>
              <h2 className="text-sm font-semibold">Features</h2>
              <dl className="grid grid-cols-[auto_1fr]">
                {features.map(([code, value]) => (
                  <div key={code} className="contents">
                    <dt>{code}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
