// Order detail (spec §2: /account/order/{slug}, slug optional). Behind login.
import { Screen } from "../../components/ui/screen.tsx";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/order";

export default function Order({ params }: Route.ComponentProps) {
  const t = useT();
  return <Screen title={params.slug ? `${t("account.order.title")} ${params.slug}` : t("account.order.title")} />;
}
