// Auth callback (spec §2 /login): returns the shopper to where they were going, if that
// is a local path (spec §2 redirect rule), else home.
import { redirect } from "react-router";
import { safeRedirectTarget } from "../../lib/redirect.ts";
import type { Route } from "./+types/auth-callback";

export function loader({ request }: Route.LoaderArgs) {
  throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get("redirect")), 302);
}

export default function AuthCallback() {
  return null;
}
