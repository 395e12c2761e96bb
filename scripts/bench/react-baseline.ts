// Case (l) of `npm run bench`: the React-only baseline, standing in for a framework's product page
// (the Next.js App Router page of issue 16's comparison). For every request it does what a plain
// server-rendered React app does: reads the product from the shop's database over its own pool
// (product, variants with their current prices, images, category trail, and the layout's
// category menu of two levels: baseline-data.ts, shared with case (n)), renders a product page
// of comparable content with React's renderToPipeableStream, with the loaded data inlined as a
// JSON script for hydration, and streams it out. No caches of any kind.
//
//   node scripts/bench/react-baseline.ts '{"connectionString": "...", "store": "en"}'
//
// prints `listening <port>` once it listens on 127.0.0.1; SIGTERM stops it. Run with
// NODE_ENV=production (React's production build, as a framework's server runs).
import http from "node:http";
import { createElement as h, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import pg from "pg";
import { loadPageData, type PageData } from "./baseline-data.ts";

interface Options {
  connectionString: string;
  store: string;
}
const options = JSON.parse(process.argv[2] ?? "{}") as Options;
if (!options.connectionString) throw new Error('usage: react-baseline.ts \'{"connectionString": "...", "store": "en"}\'');
const store = options.store ?? "en";
const locale = store;

const pool = new pg.Pool({ connectionString: options.connectionString, max: 10 });
pool.on("error", () => {});

const loadProduct = (slug: string) => loadPageData(pool, slug, store, locale);

const money = (cents: number | null) => (cents === null ? "" : `€${(cents / 100).toFixed(2)}`);
const label = (labels: Record<string, string> | null, fallback: string | null) => labels?.[locale] ?? fallback ?? "";

/** The shop's chrome, as a framework page's layout renders it on every request. */
function Layout({ title, description, data, children }: { title: string; description: string; data: PageData; children?: ReactNode }) {
  const top = data.menu.filter((c) => c.level === 2);
  return h(
    "html",
    { lang: locale },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("title", null, title),
      h("meta", { name: "description", content: description }),
      h("link", { rel: "stylesheet", href: "/assets/app.css" }),
      h("link", { rel: "modulepreload", href: "/assets/app.js" }),
    ),
    h(
      "body",
      null,
      h(
        "header",
        { className: "border-b border-line" },
        h("a", { href: "#main", className: "sr-only focus:not-sr-only" }, "Skip to content"),
        h("a", { href: "/", className: "text-xl font-semibold" }, "Kauppa"),
        h(
          "nav",
          { "aria-label": "Main" },
          h(
            "ul",
            { className: "flex gap-4" },
            top.map((item) =>
              h(
                "li",
                { key: item.id },
                h("a", { href: `/c/${item.url_path}` }, item.name),
                h(
                  "ul",
                  { className: "hidden group-hover:block" },
                  data.menu
                    .filter((c) => c.parent_id === item.id)
                    .map((c) => h("li", { key: c.id }, h("a", { href: `/c/${c.url_path}` }, c.name))),
                ),
              ),
            ),
          ),
        ),
        h("form", { action: "/search", role: "search" }, h("input", { type: "search", name: "q", "aria-label": "Search" })),
        h("a", { href: "/cart" }, "Cart"),
      ),
      h("main", { id: "main", className: "mx-auto max-w-shop px-4 py-6" }, children),
      h(
        "footer",
        { className: "border-t border-line" },
        ["Customer service", "Delivery", "Returns", "Privacy", "Terms", "Stores"].map((item) =>
          h("a", { key: item, href: `/content/${item.toLowerCase().replace(/ /g, "-")}`, className: "mr-4" }, item),
        ),
      ),
      // The page's data for hydration, as a framework inlines it.
      h("script", {
        id: "__DATA__",
        type: "application/json",
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own rows, "<" escaped
        dangerouslySetInnerHTML: { __html: JSON.stringify(data).replace(/</g, "\\u003c") },
      }),
      h("script", { type: "module", src: "/assets/app.js" }),
    ),
  );
}

function ProductPage({ data }: { data: PageData }) {
  const { product, variants, media, crumbs } = data;
  const prices = variants.map((v) => v.final_cents ?? 0);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const colors = [...new Map(variants.filter((v) => v.color_code).map((v) => [v.color_code, v])).values()];
  const sizes = [...new Map(variants.filter((v) => v.size_code).map((v) => [v.size_code, v])).values()];
  const features = Object.entries(product.features).map(([code, value]) => [
    code,
    typeof value === "string" ? value : (value[locale] ?? ""),
  ]);
  const name = product.name.split(",")[0] ?? product.name;
  return h(
    "div",
    null,
    h(
      "nav",
      { "aria-label": "Breadcrumb" },
      h(
        "ol",
        { className: "flex gap-2 text-sm" },
        h("li", null, h("a", { href: "/" }, "Home")),
        crumbs.map((c) => h("li", { key: c.url_path }, h("a", { href: `/c/${c.url_path}` }, c.name))),
      ),
    ),
    h(
      "div",
      { className: "mt-4 grid gap-8 md:grid-cols-[3fr_2fr]" },
      h(
        "section",
        { "aria-label": "Images", className: "grid grid-cols-2 gap-2" },
        media.map((m, i) =>
          h("img", {
            key: m.key,
            src: `/img/p/${m.key}?w=700&h=980`,
            srcSet: [360, 700, 1000, 1400].map((w) => `/img/p/${m.key}?w=${w}&h=${Math.round(w * 1.4)} ${w}w`).join(", "),
            sizes: "(min-width: 768px) 30vw, 100vw",
            alt: label(m.labels, name),
            width: 700,
            height: 980,
            loading: i === 0 ? "eager" : "lazy",
            fetchPriority: i === 0 ? "high" : "auto",
          }),
        ),
      ),
      h(
        "div",
        { className: "flex flex-col gap-5" },
        h("p", { className: "text-sm uppercase" }, product.brand),
        h("h1", { className: "text-3xl font-semibold" }, name),
        h("p", { className: "text-2xl font-semibold" }, min === max ? money(min) : `${money(min)} – ${money(max)}`),
        h(
          "form",
          { method: "post", action: "/cart/add" },
          h("input", { type: "hidden", name: "sku", value: product.sku }),
          colors.length
            ? h(
                "fieldset",
                null,
                h("legend", null, "Colour"),
                colors.map((v) =>
                  h(
                    "label",
                    { key: v.color_code, className: "inline-flex items-center gap-2" },
                    h("input", { type: "radio", name: "color", value: v.color_code ?? "" }),
                    h("span", { "aria-hidden": true, className: "h-7 w-7 rounded-full", style: { background: v.swatch ?? "#ccc" } }),
                    label(v.color_labels, v.color_code),
                  ),
                ),
              )
            : null,
          sizes.length
            ? h(
                "fieldset",
                null,
                h("legend", null, "Size"),
                sizes.map((v) =>
                  h(
                    "label",
                    { key: v.size_code, className: "inline-flex items-center" },
                    h("input", { type: "radio", name: "size", value: v.size_code ?? "" }),
                    label(v.size_labels, v.size_code),
                  ),
                ),
              )
            : null,
          h("button", { type: "submit", className: "rounded-full bg-ink px-6 py-3 text-white" }, "Add to cart"),
        ),
        h("section", null, h("h2", { className: "text-sm font-semibold" }, "Description"), h("p", null, product.description)),
        features.length
          ? h(
              "section",
              null,
              h("h2", { className: "text-sm font-semibold" }, "Features"),
              h(
                "dl",
                { className: "grid grid-cols-[auto_1fr]" },
                features.map(([code, value]) => h("div", { key: code, className: "contents" }, h("dt", null, code), h("dd", null, value))),
              ),
            )
          : null,
      ),
    ),
  );
}

function render(data: PageData, response: http.ServerResponse) {
  const name = data.product.name.split(",")[0] ?? data.product.name;
  const page = h(
    Layout,
    { title: data.product.meta_title ?? `${name} | ${data.product.brand}`, description: data.product.meta_description ?? "", data },
    h(ProductPage, { data }),
  );
  const stream = renderToPipeableStream(page, {
    onShellReady() {
      response.statusCode = 200;
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.setHeader("cache-control", "public, max-age=0, must-revalidate");
      response.write("<!DOCTYPE html>");
      stream.pipe(response);
    },
    onShellError() {
      response.statusCode = 500;
      response.end();
    },
  });
}

const server = http.createServer((request, response) => {
  const match = /^\/p\/([^/?#]+)/.exec(request.url ?? "");
  if (!match?.[1]) {
    response.statusCode = 404;
    response.end();
    return;
  }
  loadProduct(decodeURIComponent(match[1])).then(
    (data) => {
      if (data) render(data, response);
      else {
        response.statusCode = 404;
        response.end();
      }
    },
    (error: unknown) => {
      // One JSON line, as the shop logs it: the bench quotes the message when a page fails.
      console.error(JSON.stringify({ msg: "unexpected error", err: { message: error instanceof Error ? error.message : String(error) } }));
      response.statusCode = 500;
      response.end();
    },
  );
});
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
});
process.once("SIGTERM", () => {
  server.close(() => pool.end().finally(() => process.exit(0)));
  server.closeAllConnections();
});
