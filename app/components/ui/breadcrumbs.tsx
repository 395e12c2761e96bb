import { Link } from "./router-link.tsx";
import type { Breadcrumb } from "../../../lib/catalog-types.ts";
import { useT } from "../../lib/i18n.ts";

/** Front page, then the category path; `current` marks the last crumb as this page. */
export function Breadcrumbs({ items, current = false }: { items: Breadcrumb[]; current?: boolean }) {
  const t = useT();
  return (
    <nav aria-label={t("breadcrumbs.label")} className="text-sm text-muted">
      <ol className="flex flex-wrap gap-1">
        <li>
          <Link prefetch="intent" to="/" className="hover:underline">
            {t("nav.home")}
          </Link>
        </li>
        {items.map((b, i) => (
          <li key={b.uid} className="crumb">
            {current && i === items.length - 1 ? (
              <span aria-current="page">{b.name}</span>
            ) : (
              <Link prefetch="intent" to={`/c/${b.url_path}`} className="hover:underline">
                {b.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
