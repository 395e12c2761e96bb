// Previous / "page n of m" / next under a list of products (category and search result pages),
// plain links so that every page has its own address and works without JavaScript.
import { Link } from "./router-link.tsx";
import { useT } from "../../lib/i18n.ts";

export function Pagination({ current, total, href }: { current: number; total: number; href: (page: number) => string }) {
  const t = useT();
  if (total <= 1) return null;
  const link = "rounded-full border border-line px-4 py-2 hover:border-ink";
  return (
    <nav aria-label={t("category.pagination")} className="mt-10 flex items-center justify-center gap-4 text-sm">
      {current > 1 ? (
        <Link prefetch="intent" to={href(current - 1)} rel="prev" className={link}>
          {t("category.previous")}
        </Link>
      ) : null}
      <span>{t("category.page", { page: current, pages: total })}</span>
      {current < total ? (
        <Link prefetch="intent" to={href(current + 1)} rel="next" className={link}>
          {t("category.next")}
        </Link>
      ) : null}
    </nav>
  );
}
