// The order's timeline (decision 0081): each change as it happened, in Finnish time, and the
// refunds with where the money goes and whether the provider has made it yet.
import type { OrderView } from "../../../server/orders/order-view.ts";
import { useT, useTexts } from "../../lib/i18n.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import { useFormatPrice } from "../ui/price.tsx";

/** The store's date format (d.M.yyyy in both) and the time as its language writes it, in Finnish time. */
const when = (at: string, language: string) => {
  const date = new Date(at);
  const zone = { timeZone: "Europe/Helsinki" };
  return `${date.toLocaleDateString("fi-FI", zone)} ${date.toLocaleTimeString(language, { ...zone, hour: "2-digit", minute: "2-digit" })}`;
};

const EVENTS = new Set(["placed", "paid", "payment_failed", "canceled", "shipped", "refunded"]);

export function OrderTimeline({ history, refunds }: Pick<OrderView, "history" | "refunds">) {
  const t = useT();
  const { iso } = useTexts();
  const format = useFormatPrice();
  const entries = history.filter((h) => EVENTS.has(h.event));
  if (entries.length === 0) return null;
  const label = (event: string, actor: string) =>
    t(
      (event === "canceled" && actor === "operator"
        ? "account.order.event.canceledByOperator"
        : `account.order.event.${event}`) as MessageKey,
    );
  return (
    <section aria-labelledby="order-history" className="mt-8">
      <h2 id="order-history" className="text-xl font-semibold">
        {t("account.order.history")}
      </h2>
      <ol className="mt-4 border-l-2 border-line pl-4">
        {entries.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history entries never move or go away
          <li key={i} className="relative pb-3 last:pb-0">
            <span aria-hidden="true" className="absolute top-2 -left-[1.3rem] size-2 rounded-full bg-ink" />
            <time dateTime={h.at} className="block text-sm text-muted">
              {when(h.at, iso)}
            </time>
            <span>{label(h.event, h.actor)}</span>
          </li>
        ))}
      </ol>
      {refunds.length > 0 ? (
        <>
          <h3 className="mt-6 font-semibold">{t("account.order.refunds")}</h3>
          <ul className="mt-2">
            {refunds.flatMap((r, i) => [
              r.amount > 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: refunds never move
                <li key={`p${i}`}>
                  {t("account.order.refundPayment", { amount: format(r.amount) })} ·{" "}
                  {t(r.status === "succeeded" ? "account.order.refundDone" : "account.order.refundPending")}
                </li>
              ) : null,
              r.gift_card > 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: refunds never move
                <li key={`g${i}`}>
                  {t("account.order.refundGiftCard", { amount: format(r.gift_card) })} · {t("account.order.refundDone")}
                </li>
              ) : null,
            ])}
          </ul>
        </>
      ) : null}
    </section>
  );
}
