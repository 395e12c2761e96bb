// Leaving the newsletter from the link in its mails (docs/decisions/0019): the GET only shows
// what will happen and a button — mail scanners open links and must not unsubscribe anyone —
// and the POST takes the address off the list (an account stays). An unknown or used link
// says so. In the store's language (the link is on the subscriber's store's domain). The key
// is in the address, so the page is never cached.
import { data, redirect } from "react-router";
import { Form, Link } from "../components/ui/router-link.tsx";
import { ACCOUNT_NOTICES } from "../../lib/account-notices.ts";
import { unsubscribe } from "../../server/newsletter/forms.ts";
import { shopContext } from "../context.ts";
import { Screen } from "../components/ui/screen.tsx";
import { useErrorText } from "../lib/errors.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/newsletter-unsubscribe.ts";
import { useRootData } from "../lib/frame.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const params = new URL(request.url).searchParams;
  if (params.get("done") === "1") return { state: "done" as const };
  const token = params.get("token") ?? "";
  const found = await shop.services.newsletter.lookup(token);
  return found ? { state: "ask" as const, token, email: found.email } : { state: "invalid" as const };
}

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const outcome = await unsubscribe(shop.services, await request.formData());
  if (!outcome.ok) return data({ error: outcome.error }, { status: outcome.status });
  throw redirect("/newsletter/unsubscribe?done=1", { headers: { "Cache-Control": "private, no-store" } });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  if (loaderData.state === "done") {
    return (
      <Screen title={t("newsletter.unsubscribe.done")}>
        <UnsubscribedNotice />
        <Link to="/" className="mt-6 inline-block underline">
          {t("newsletter.unsubscribe.home")}
        </Link>
      </Screen>
    );
  }
  const error = actionData?.error ?? (loaderData.state === "invalid" ? { code: "unsubscribe_link_invalid" as const } : null);
  return (
    <Screen title={t("newsletter.unsubscribe.title")}>
      {error ? (
        <p role="alert" className="max-w-prose rounded border border-sale bg-mist p-3 text-sm text-sale">
          {errorText(error)}
        </p>
      ) : null}
      {loaderData.state === "ask" && !error ? (
        <Form method="post" className="flex max-w-prose flex-col items-start gap-4">
          <p>{t("newsletter.unsubscribe.ask", { email: loaderData.email })}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
            {t("newsletter.unsubscribe.submit")}
          </button>
        </Form>
      ) : (
        <Link to="/" className="mt-6 inline-block underline">
          {t("newsletter.unsubscribe.home")}
        </Link>
      )}
    </Screen>
  );
}

function UnsubscribedNotice() {
  const root = useRootData();
  return (
    <p role="status" className="max-w-prose">
      {ACCOUNT_NOTICES.unsubscribed[root?.locale ?? "en"]}
    </p>
  );
}
