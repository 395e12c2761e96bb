// The maintenance page (spec §4): every page leads here while maintenance is on; the
// global maintenance guard sends it home again when it is off (the preview never moves).
import { useT } from "../lib/i18n.ts";

export function headers() {
  return { "Cache-Control": "no-store", "Retry-After": "300" };
}

export default function Maintenance() {
  const t = useT();
  return (
    <div className="max-w-lg px-4 text-center">
      <title>{t("maintenance.title")}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{t("maintenance.title")}</h1>
      <p className="mt-3 text-muted">{t("maintenance.text")}</p>
    </div>
  );
}
