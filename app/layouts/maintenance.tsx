// Maintenance layout (spec §2): the logo only.
import { Outlet } from "react-router";
import { useT } from "../lib/i18n.ts";

export default function MaintenanceLayout() {
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col items-center bg-mist">
      <header className="flex h-header items-center md:h-header-desktop">
        <span className="text-2xl font-bold tracking-tight text-accent">{t("shop.name")}</span>
      </header>
      <main id="main" className="flex flex-1 items-center">
        <Outlet />
      </main>
    </div>
  );
}
