// Availability of the chosen variant in the brand's own stores (spec §3 store availability),
// fetched once a colour is chosen; a failed fetch shows an empty list (spec §4).
import { useEffect, useState } from "react";
import type { StoreAvailability } from "../../../lib/catalog-types.ts";
import { useT } from "../../lib/i18n.ts";
import { whenIdle } from "../../lib/when-idle.ts";

const DOT: Record<StoreAvailability["status"], string> = {
  available: "bg-accent",
  low: "bg-amber-500",
  out_of_stock: "bg-sale",
  not_available: "bg-line",
  verify_availability: "bg-muted",
};

export function StoreStock({ sku }: { sku: string | null }) {
  const t = useT();
  const [stock, setStock] = useState<StoreAvailability[] | null>(null);
  useEffect(() => {
    if (!sku) return;
    const controller = new AbortController();
    setStock(null);
    const cancel = whenIdle(() => {
      fetch(`/api/product/stock-status/${encodeURIComponent(sku)}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ availabilities: StoreAvailability[] }>) : { availabilities: [] }))
        .then((body) => setStock(body.availabilities))
        .catch(() => {
          if (!controller.signal.aborted) setStock([]);
        });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [sku]);
  if (!sku || !stock || stock.length === 0) return null;
  return (
    <section aria-labelledby="store-stock">
      <h2 id="store-stock" className="text-sm font-semibold">
        {t("product.storeStock")}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {stock.map((s) => (
          <li key={s.store_code} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${DOT[s.status]}`} />
            <span className="flex-1">{s.store_name}</span>
            <span className="text-muted">{t(`product.stock.${s.status}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
