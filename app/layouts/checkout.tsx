// Checkout layout (spec §2): the logo and a link back to the cart, nothing else. After the
// order (the success page) the cart is empty, so the link is left out there.
import { Outlet, useLocation } from "react-router";
import { Link } from "../components/ui/router-link.tsx";
import { LogoLink } from "../components/header/logo.tsx";
import { ArrowLeftIcon } from "../components/ui/icons.tsx";
import { clientGuards, guards } from "../lib/guards.ts";
import { useT } from "../lib/i18n.ts";

export const middleware = guards("disable-shopping");
export const clientMiddleware = clientGuards("disable-shopping");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function CheckoutLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const success = pathname.replace(/\/$/, "") === "/checkout/success";
  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <a href="#main" className="skip-link">
        {t("nav.skip")}
      </a>
      <header className="border-b border-line">
        <div className="mx-auto flex h-header max-w-shop items-center justify-between gap-4 px-4 md:h-header-desktop md:px-8">
          <LogoLink />
          {success ? null : (
            <Link to="/cart" className="flex items-center gap-1.5 rounded-sm text-sm font-medium underline-offset-4 hover:underline">
              <ArrowLeftIcon size={18} />
              {t("checkout.back")}
            </Link>
          )}
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
