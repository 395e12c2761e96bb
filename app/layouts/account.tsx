// Account layout (spec §2): side navigation on desktop, a select on mobile. Every page in
// it needs a logged-in customer.
import { Outlet, useLocation, useNavigate } from "react-router";
import { Form, NavLink } from "../components/ui/router-link.tsx";
import { ownerOf } from "../../server/identity.ts";
import { shopContext } from "../context.ts";
import { clientGuards, guards } from "../lib/guards.ts";
import type { Route } from "./+types/account.ts";
import { useT } from "../lib/i18n.ts";
import { guestWishlistForm } from "../lib/wishlist-form.ts";

// A guest's wishlist heart (posted without JavaScript) goes to login with its product first.
export const middleware = [...guards("disable-login"), guestWishlistForm, ...guards("login-required")];
export const clientMiddleware = clientGuards("disable-login", "login-required");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** What the account's pages share: the newsletter switch's state (docs/decisions/0019). */
export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  return { newsletter: await shop.services.newsletter.subscribedCustomer(ownerOf(await shop.shopper)) };
}

export type AccountLayoutData = Awaited<ReturnType<typeof loader>>;

export default function AccountLayout() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const pages = [
    { to: "/account", label: t("account.home.title") },
    { to: "/account/orders", label: t("account.orders.title") },
    { to: "/account/wishlist", label: t("account.wishlist.title") },
    { to: "/account/edit/user-info", label: t("account.userInfo.title") },
    { to: "/account/edit/address", label: t("account.address.title") },
    { to: "/account/edit/password", label: t("account.password.title") },
  ];
  return (
    <div className="mx-auto grid max-w-shop gap-6 px-4 py-6 md:grid-cols-[220px_1fr] md:px-8">
      <nav aria-label={t("account.nav")}>
        <label className="md:hidden">
          <span className="sr-only">{t("account.nav")}</span>
          <select
            className="w-full rounded border border-line px-3 py-2"
            value={location.pathname}
            onChange={(event) => navigate(event.target.value)}
          >
            {pages.map((p) => (
              <option key={p.to} value={p.to}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <ul className="hidden flex-col gap-1 md:flex">
          {pages.map((p) => (
            <li key={p.to}>
              <NavLink
                end
                to={p.to}
                className={({ isActive }) => `block rounded px-3 py-2 ${isActive ? "bg-mist font-semibold" : "hover:bg-mist"}`}
              >
                {p.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Form method="post" action="/account/logout" reloadDocument className="mt-2 md:mt-1">
          <button type="submit" className="w-full rounded px-3 py-2 text-left underline md:no-underline md:hover:bg-mist">
            {t("account.logout")}
          </button>
        </Form>
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
