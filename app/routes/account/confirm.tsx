// Registration confirmation (spec §2): needs query id and key (the guard sends anything
// else to login with a 302); in every case it ends at login. Checking the key against the
// customer comes with the accounts issue.
import { redirect } from "react-router";
import { LOGIN_PATH } from "../../../lib/guards.ts";
import { clientGuards, guards } from "../../lib/guards.ts";

export const middleware = guards("disable-login", "register-confirmation");
export const clientMiddleware = clientGuards("disable-login", "register-confirmation");

export function loader() {
  throw redirect(LOGIN_PATH, 302);
}

export default function Confirm() {
  return null;
}
