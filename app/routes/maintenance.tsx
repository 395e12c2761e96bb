// The maintenance page (spec §4): every page leads here while maintenance is on; the
// global maintenance guard sends it home again when it is off (the preview never moves).
// Its words come from the CMS's maintenancePage entry (the draft at /preview/maintenance with
// the preview secret); without one, or when the content store fails, the shop's own text.
import { Blocks } from "../components/cms/blocks.tsx";
import { shopContext } from "../context.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/maintenance";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store, services } = context.get(shopContext);
  const url = new URL(request.url);
  const preview = url.pathname.startsWith("/preview/") && services.content.delivery.previewAllowed(url.searchParams.get("secret"));
  try {
    return { page: await services.content.maintenancePage(store, { preview }), path: url.pathname, preview };
  } catch (error) {
    // The page that must show when things are down does not depend on the content store.
    context.get(shopContext).degraded("maintenance page", error);
    return { page: null, path: url.pathname, preview };
  }
}

export function headers() {
  return { "Cache-Control": "no-store", "Retry-After": "300" };
}

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { page, path, preview } = loaderData;
  if (page) {
    return (
      <div className="px-4">
        <title>{page.title}</title>
        <Blocks blocks={[page]} context={{ loggedIn: false, isProductPage: false, path }} preview={preview} />
      </div>
    );
  }
  return (
    <div className="max-w-lg px-4 text-center">
      <title>{t("maintenance.title")}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{t("maintenance.title")}</h1>
      <p className="mt-3 text-muted">{t("maintenance.text")}</p>
    </div>
  );
}
