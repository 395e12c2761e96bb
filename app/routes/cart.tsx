// Cart page (spec §2). Shopping pages go home when shopping is off in this store. The
// shopper's own cart is loaded in the browser, so the page itself is the same for everyone.
import { CartView } from "../components/cart/cart-view.tsx";
import { Screen } from "../components/ui/screen.tsx";
import { clientGuards, guards } from "../lib/guards.ts";
import { useT } from "../lib/i18n.ts";

export const middleware = guards("disable-shopping");
export const clientMiddleware = clientGuards("disable-shopping");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Cart() {
  const t = useT();
  return (
    <Screen title={t("cart.title")}>
      <CartView />
    </Screen>
  );
}
