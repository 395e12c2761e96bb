// Auth callback (spec §2 /login, §4): where a login comes back to. A logged-in shopper goes on to
// where they were going (`redirect`, if it is a local path: spec §2 redirect rule; else home); a
// guest is sent to log in first, the destination kept for after.
import { redirect } from "react-router";
import { LOGIN_PATH } from "../../lib/guards.ts";
import { safeRedirectTarget } from "../../lib/redirect.ts";
import { shopContext } from "../context.ts";
import type { Route } from "./+types/auth-callback";

export async function loader({ context, request }: Route.LoaderArgs) {
  const target = safeRedirectTarget(new URL(request.url).searchParams.get("redirect"));
  const { customer } = await context.get(shopContext).shopper;
  if (customer) throw redirect(target, 302);
  throw redirect(target === "/" ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ redirect: target })}`, 302);
}

export default function AuthCallback() {
  return null;
}
