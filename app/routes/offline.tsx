// The offline page (docs/decisions/0030): the service worker keeps it from the store's own
// server (so in the store's language) and sends a shopper here, as /offline?from=<page>, when
// a page can be read neither from the network nor from a kept copy. Its retry loads the page
// again; for the cart it shows the cart as last seen, read-only.
import { useEffect, useState } from "react";
import { Link } from "../components/ui/router-link.tsx";
import { OfflineCart } from "../components/cart/offline-cart.tsx";
import { Screen } from "../components/ui/screen.tsx";
import { useT } from "../lib/i18n.ts";
import { retryTarget } from "../../lib/pwa.ts";

export function headers() {
  // The same for everyone; the worker keeps its own copy per build.
  return { "Cache-Control": "public, max-age=300" };
}

export default function Offline() {
  const t = useT();
  // Read in the browser after hydration: the kept copy of this page was rendered without it.
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => setTarget(retryTarget(window.location.search)), []);
  const cart = target !== null && new URL(target, window.location.origin).pathname === "/cart";
  return (
    <Screen title={cart ? t("cart.title") : t("offline.title")} lead={cart ? undefined : t("offline.text")}>
      <meta name="robots" content="noindex" />
      {cart ? <OfflineCart /> : null}
      <div className={`flex flex-wrap items-center gap-4 ${cart ? "mt-8" : ""}`}>
        <button
          type="button"
          onClick={() => window.location.assign(target ?? "/")}
          className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark focus-visible:outline-2 focus-visible:outline-offset-2"
          data-testid="offline-retry"
        >
          {t("offline.retry")}
        </button>
        <Link to="/" reloadDocument className="underline hover:no-underline">
          {t("offline.home")}
        </Link>
      </div>
    </Screen>
  );
}
