// Cookie consent page (spec §2). The choices and the consent state come with the consent issue.
import { Screen } from "../components/ui/screen.tsx";
import { useT } from "../lib/i18n.ts";

export default function CookieConsent() {
  const t = useT();
  return <Screen title={t("consent.title")} lead={t("consent.lead")} />;
}
