// Search results (spec §2 /searchresults?search=…, with origin for suggested phrases).
// Results come with the search issue.
import { Screen } from "../components/ui/screen.tsx";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/search-results";

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const origin = query.get("origin");
  return {
    search: (query.get("search") ?? "").trim().slice(0, 200),
    origin: origin === "recent" || origin === "suggestion" || origin === "default" ? origin : null,
  };
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return loaderData.search ? (
    <Screen title={t("search.title", { search: loaderData.search })} />
  ) : (
    <Screen title={t("search.prompt")} lead={t("search.lead")} />
  );
}
