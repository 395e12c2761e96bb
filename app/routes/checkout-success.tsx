// Order success (spec §2, §4): only with the one-time flag a placed order sets; the flag is
// cleared on entry, so a reload or a second visit goes home.
import { data } from "react-router";
import { Screen } from "../components/ui/screen.tsx";
import { CHECKOUT_SUCCESS_COOKIE, clientGuards, guards } from "../lib/guards.ts";
import { useT } from "../lib/i18n.ts";

export const middleware = guards("checkout-success");
export const clientMiddleware = clientGuards("checkout-success");

export function loader() {
  return data(null, {
    headers: {
      "Set-Cookie": `${CHECKOUT_SUCCESS_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
      "Cache-Control": "private, no-store",
    },
  });
}

export function headers({ loaderHeaders }: { loaderHeaders: Headers }) {
  return loaderHeaders;
}

export default function CheckoutSuccess() {
  const t = useT();
  return <Screen title={t("checkout.success.title")} />;
}
