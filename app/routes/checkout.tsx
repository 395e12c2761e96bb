// Checkout (spec §2: shipping, then billing). The steps come with the checkout issue.
import { Screen } from "../components/ui/screen.tsx";
import { useT } from "../lib/i18n.ts";

export default function Checkout() {
  const t = useT();
  return <Screen title={t("checkout.title")} lead={t("cart.empty")} />;
}
