// The cart as last seen, read-only, for a shopper who is offline (docs/decisions/0030): the
// notice, the lines and the total, and no control that would need the network.
import { useEffect, useState } from "react";
import { imageUrl } from "../../../lib/image-url.ts";
import { type LastCart, readLastCart } from "../../lib/offline-cart.ts";
import { formatShopDateTime } from "../../../lib/dates.ts";
import { useRootData } from "../../lib/frame.ts";
import { useT } from "../../lib/i18n.ts";
import { useFormatPrice } from "../ui/price.tsx";

export function OfflineCart() {
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  const format = useFormatPrice();
  // The copy is in this browser only: read after hydration (the server never has it).
  const [copy, setCopy] = useState<LastCart | null | undefined>(undefined);
  useEffect(() => setCopy(readLastCart()), []);
  if (copy === undefined) return null;
  return (
    <div className="flex flex-col gap-6" data-testid="offline-cart">
      <p role="status" className="rounded border border-line bg-mist px-4 py-3" data-testid="offline-cart-notice">
        {t("offline.cartNotice")}
      </p>
      {copy ? (
        <>
          <p className="text-sm text-muted">{t("offline.cartSeen", { time: formatShopDateTime(copy.savedAt, locale) })}</p>
          <ul className="divide-y divide-line border-y border-line">
            {copy.lines.map((line) => (
              <li key={line.id} className="flex gap-4 py-5" data-testid="offline-cart-item">
                <img
                  src={imageUrl(line.image, { w: 200, h: 280 })}
                  alt=""
                  width={75}
                  height={105}
                  className="h-[105px] w-[75px] shrink-0 rounded bg-mist object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4 gap-y-1">
                  <div className="min-w-0">
                    <p className="text-xs tracking-wide text-muted uppercase">{line.brand}</p>
                    <p className="font-medium">{line.name}</p>
                    {line.options.length ? (
                      <ul className="mt-1 text-sm text-muted">
                        {line.options.map((text) => (
                          <li key={text}>{text}</li>
                        ))}
                      </ul>
                    ) : null}
                    <p className="mt-1 text-sm">{t("offline.cartQuantity", { quantity: line.quantity })}</p>
                  </div>
                  <p className="font-semibold whitespace-nowrap">{format(line.rowTotal)}</p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="flex justify-between gap-4 text-lg font-semibold">
            <dt>{t("minicart.total")}</dt>
            <dd data-testid="offline-cart-total">{format(copy.grandTotal)}</dd>
          </dl>
        </>
      ) : (
        <p className="text-muted">{t("offline.cartUnknown")}</p>
      )}
    </div>
  );
}
