// Checkout layout (spec §2): the logo and a link back to the cart, nothing else.
import { Link, Outlet } from "react-router";
import { clientGuards, guards } from "../lib/guards.ts";
import { useT } from "../lib/i18n.ts";

export const middleware = guards("disable-shopping");
export const clientMiddleware = clientGuards("disable-shopping");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function CheckoutLayout() {
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <header className="border-b border-line">
        <div className="mx-auto flex h-header max-w-shop items-center justify-between px-4 md:h-header-desktop md:px-8">
          <Link to="/" className="text-2xl font-bold tracking-tight text-accent">
            {t("shop.name")}
          </Link>
          <Link to="/cart" className="text-sm underline-offset-4 hover:underline">
            {t("checkout.back")}
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
