// Registration confirmation (spec §2): the mailed link /account/confirm?id=…&key=… confirms the
// address (single use, expiring: server/customers) and, in every case, ends at login with the
// outcome as a notice there (spec §8's success and failure). The guard sends a link without id
// and key to login.
import { redirect } from "react-router";
import { LOGIN_PATH } from "../../../lib/guards.ts";
import { isAppError } from "../../../server/errors.ts";
import { shopContext } from "../../context.ts";
import { clientGuards, guards } from "../../lib/guards.ts";
import type { Route } from "./+types/confirm.ts";

export const middleware = guards("disable-login", "register-confirmation");
export const clientMiddleware = clientGuards("disable-login", "register-confirmation");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(shopContext);
  const query = new URL(request.url).searchParams;
  const id = Number(query.get("id"));
  try {
    await services.customers.confirmRegistration(Number.isSafeInteger(id) ? id : 0, query.get("key") ?? "");
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    throw redirect(`${LOGIN_PATH}?error=${encodeURIComponent(error.code)}`, { headers: { "Cache-Control": "private, no-store" } });
  }
  throw redirect(`${LOGIN_PATH}?notice=confirmed`, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Confirm() {
  return null;
}
