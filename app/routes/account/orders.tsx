// The customer's orders (spec §2 /account/orders): newest first, ten a page (`?page=`), each
// leading to its details. Behind login (the account layout's guards); private.
import { Link } from "../../components/ui/router-link.tsx";
import { ownerOf } from "../../../server/identity.ts";
import { shopContext } from "../../context.ts";
import { Screen } from "../../components/ui/screen.tsx";
import { useFormatPrice } from "../../components/ui/price.tsx";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/orders.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return shop.services.customerOrders.list(ownerOf(await shop.shopper), shop.store, page);
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormatPrice();
  const { items, page_info } = loaderData;
  return (
    <Screen title={t("account.orders.title")}>
      {items.length === 0 ? (
        <p>{t("account.orders.none")}</p>
      ) : (
        <ul className="divide-y divide-line border-y border-line">
          {items.map((order) => (
            <li key={order.order_number} className="flex flex-wrap items-baseline justify-between gap-2 py-4 text-sm">
              <Link to={`/account/order/${order.order_number}`} className="font-medium underline">
                {t("account.orders.number", { number: order.order_number })}
              </Link>
              <span className="text-muted">{new Date(order.created_at).toLocaleDateString("fi-FI", { timeZone: "Europe/Helsinki" })}</span>
              <span>{t(`account.orders.status.${order.status}` as "account.orders.status.processing")}</span>
              <span className="text-muted">{t("checkout.summary.quantity", { count: order.items })}</span>
              <span className="font-medium tabular-nums">{format(order.grand_total)}</span>
            </li>
          ))}
        </ul>
      )}
      {page_info.total_pages > 1 ? (
        <nav aria-label={t("account.orders.pages")} className="mt-6 flex gap-4">
          {page_info.current_page > 1 ? <Link to={`?page=${page_info.current_page - 1}`}>{t("account.orders.previous")}</Link> : null}
          <span>{t("account.orders.pageOf", { page: page_info.current_page, pages: page_info.total_pages })}</span>
          {page_info.current_page < page_info.total_pages ? (
            <Link to={`?page=${page_info.current_page + 1}`}>{t("account.orders.next")}</Link>
          ) : null}
        </nav>
      ) : null}
    </Screen>
  );
}
