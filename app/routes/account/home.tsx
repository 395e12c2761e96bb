// Behind login (the account layout's guards). Its body comes with the accounts issue.
import { NewsletterPreference } from "../../components/account/newsletter-preference.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useT } from "../../lib/i18n.ts";

export default function AccountPage() {
  const t = useT();
  return (
    <Screen title={t("account.home.title")} lead={t("account.home.lead")}>
      <NewsletterPreference />
    </Screen>
  );
}
