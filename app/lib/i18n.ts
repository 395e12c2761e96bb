import { useIntl } from "react-intl";
import type { MessageKey } from "../i18n/messages.ts";

/** t("category.products", { count }) → the store's text. */
export function useT() {
  const intl = useIntl();
  return (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
}
