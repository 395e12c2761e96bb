// Guest-only access page (spec §2). Its form comes with the accounts issue.
import { Screen } from "../../components/ui/screen.tsx";
import { clientGuards, guards } from "../../lib/guards.ts";
import { useT } from "../../lib/i18n.ts";

export const middleware = guards("disable-login", "guest-only");
export const clientMiddleware = clientGuards("disable-login", "guest-only");

export default function GuestPage() {
  const t = useT();
  return <Screen title={t("account.reset.title")} />;
}
