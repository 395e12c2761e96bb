// Cart page (spec §2). Shopping pages go home when shopping is off in this store. Items,
// quantities and codes come with the cart issue.
import { Link } from "react-router";
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
    <Screen title={t("cart.title")} lead={t("cart.empty")}>
      <Link to="/" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
        {t("cart.continue")}
      </Link>
    </Screen>
  );
}
