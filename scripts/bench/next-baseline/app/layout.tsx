// The shop's chrome, as a Next.js App Router layout renders it on every request: the two-level
// category menu read from the database (no caches), search, cart link, footer.
import type { ReactNode } from "react";
import { loadMenu } from "../../baseline-data.ts";
import { locale, pool } from "../lib/db.ts";

export const dynamic = "force-dynamic";

const FOOTER = ["Customer service", "Delivery", "Returns", "Privacy", "Terms", "Stores"];

export default async function RootLayout({ children }: { children: ReactNode }) {
  const menu = await loadMenu(pool(), locale);
  const top = menu.filter((c) => c.level === 2);
  return (
    <html lang={locale}>
      <body>
        <header className="border-b border-line">
          <a href="#main" className="sr-only focus:not-sr-only">
            Skip to content
          </a>
          <a href="/" className="text-xl font-semibold">
            Kauppa
          </a>
          <nav aria-label="Main">
            <ul className="flex gap-4">
              {top.map((item) => (
                <li key={item.id}>
                  <a href={`/c/${item.url_path}`}>{item.name}</a>
                  <ul className="hidden group-hover:block">
                    {menu
                      .filter((c) => c.parent_id === item.id)
                      .map((c) => (
                        <li key={c.id}>
                          <a href={`/c/${c.url_path}`}>{c.name}</a>
                        </li>
                      ))}
                  </ul>
                </li>
              ))}
            </ul>
          </nav>
          {/* biome-ignore lint/a11y/useSemanticElements: the same markup as case (l)'s header */}
          <form action="/search" role="search">
            <input type="search" name="q" aria-label="Search" />
          </form>
          <a href="/cart">Cart</a>
        </header>
        <main id="main" className="mx-auto max-w-shop px-4 py-6">
          {children}
        </main>
        <footer className="border-t border-line">
          {FOOTER.map((item) => (
            <a key={item} href={`/content/${item.toLowerCase().replace(/ /g, "-")}`} className="mr-4">
              {item}
            </a>
          ))}
        </footer>
      </body>
    </html>
  );
}
