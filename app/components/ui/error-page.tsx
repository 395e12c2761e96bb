import { isRouteErrorResponse, useRouteError } from "react-router";
import { Link } from "./router-link.tsx";
import { isErrorDetail } from "../../../lib/errors/format.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import { useReloadWhenOffline } from "../../lib/service-worker.ts";

/** Spec §2 error page: 404 title for a 404, else the generic title; a paragraph; a button home. */
export function ErrorPage() {
  const error = useRouteError();
  const t = useT();
  useReloadWhenOffline(error);
  const errorText = useErrorText();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = t(notFound ? "error.notFoundTitle" : "error.title");
  // A refusal in the error catalogue's terms (a rate limit's wait) says what it is.
  const refusal = isRouteErrorResponse(error) && isErrorDetail(error.data) ? error.data : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20">
      <title>{title}</title>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="text-muted">{refusal ? errorText(refusal) : t(notFound ? "error.notFoundText" : "error.text")}</p>
      <Link to="/" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
        {t("error.home")}
      </Link>
    </div>
  );
}
