// The account home (spec §2 /account): a greeting by first name, the latest orders (three, with
// a link to all), the customer's details with links to their edit pages, the loyalty card and
// the newsletter switch.
// Rendered on the server from the customer's own data; behind login (the account layout's
// guards); private; works without JavaScript.
import { Link } from "../../components/ui/router-link.tsx";
import { ownerOf } from "../../../server/identity.ts";
import { shopContext } from "../../context.ts";
import { LoyaltyCard } from "../../components/account/loyalty-card.tsx";
import { NewsletterPreference } from "../../components/account/newsletter-preference.tsx";
import { AccountNotices } from "../../components/account/notices.tsx";
import { useFormatPrice } from "../../components/ui/price.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/home.ts";

/** How many of the newest orders the home shows. */
const LATEST_ORDERS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const shopper = await shop.shopper;
  const owner = ownerOf(shopper);
  const [orders, loyalty] = await Promise.all([
    shop.services.customerOrders.list(owner, shop.store, 1),
    shop.services.loyalty.membership(owner, shop.store),
  ]);
  const customer = shopper.customer;
  return {
    customer: customer ? { firstname: customer.firstname, lastname: customer.lastname, email: customer.email } : null,
    latestOrders: orders.items.slice(0, LATEST_ORDERS),
    loyalty,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const section = "rounded-lg border border-line p-5";

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormatPrice();
  const { customer, latestOrders, loyalty } = loaderData;
  return (
    <Screen
      title={customer ? t("account.home.greeting", { firstname: customer.firstname }) : t("account.home.title")}
      lead={t("account.home.lead")}
    >
      <AccountNotices />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="latest-orders" className={`${section} lg:col-span-2`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="latest-orders" className="text-xl font-semibold">
              {t("account.home.latestOrders")}
            </h2>
            <Link to="/account/orders" className="text-sm underline">
              {t("account.home.allOrders")}
            </Link>
          </div>
          {latestOrders.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{t("account.home.noOrders")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line border-y border-line">
              {latestOrders.map((order) => (
                <li key={order.order_number} className="flex flex-wrap items-baseline justify-between gap-2 py-3 text-sm">
                  <Link to={`/account/order/${order.order_number}`} className="font-medium underline">
                    {t("account.orders.number", { number: order.order_number })}
                  </Link>
                  <span className="text-muted">
                    {new Date(order.created_at).toLocaleDateString("fi-FI", { timeZone: "Europe/Helsinki" })}
                  </span>
                  <span>{t(`account.orders.status.${order.status}` as "account.orders.status.processing")}</span>
                  <span className="font-medium tabular-nums">{format(order.grand_total)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        {customer ? (
          <section aria-labelledby="account-details" className={section}>
            <h2 id="account-details" className="text-xl font-semibold">
              {t("account.home.details")}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t("account.home.name")}</dt>
              <dd>
                {customer.firstname} {customer.lastname}
              </dd>
              <dt className="text-muted">{t("account.home.email")}</dt>
              <dd className="break-all">{customer.email}</dd>
            </dl>
            <ul className="mt-4 flex flex-col gap-2 text-sm">
              <li>
                <Link to="/account/edit/user-info" className="inline-block py-0.5 underline">
                  {t("account.home.editUserInfo")}
                </Link>
              </li>
              <li>
                <Link to="/account/edit/address" className="inline-block py-0.5 underline">
                  {t("account.home.editAddress")}
                </Link>
              </li>
              <li>
                <Link to="/account/edit/password" className="inline-block py-0.5 underline">
                  {t("account.home.editPassword")}
                </Link>
              </li>
            </ul>
          </section>
        ) : null}

        <LoyaltyCard loyalty={loyalty} />

        <NewsletterPreference />
      </div>
    </Screen>
  );
}
