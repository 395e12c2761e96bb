// Default layout (spec §2): header, campaign-banner slot, main, footer. The header carries the
// mega menu, search, account, mini cart, language switcher and the mobile side menu
// (components/header, side-menu, language-switcher); the footer is components/footer.
import { Outlet } from "react-router";
import { LoginModal } from "../components/account/login-modal.tsx";
import { CampaignBannerSlot, PopupSlot } from "../components/cms/placements.tsx";
import { ConsentBanner } from "../components/consent/consent-banner.tsx";
import { Footer } from "../components/footer/footer.tsx";
import { Header } from "../components/header/header.tsx";
import { ErrorPage } from "../components/ui/error-page.tsx";
import { useT } from "../lib/i18n.ts";
import { useRootData } from "../lib/frame.ts";

function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="skip-link">
      {t("nav.skip")}
    </a>
  );
}

/**
 * The layout answers its pages' errors (ErrorPage below), so the headers of a page's refusal
 * (a rate limit's Retry-After) are passed on from here; a page's own headers come after.
 */
export function headers({ parentHeaders, errorHeaders }: { parentHeaders: Headers; errorHeaders?: Headers }) {
  const merged = new Headers(parentHeaders);
  for (const [name, value] of errorHeaders ?? []) merged.set(name, value);
  return merged;
}

export default function DefaultLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <ConsentBanner />
      {/* Above the sticky header, which would otherwise slide over the banners' links as the page scrolls. */}
      <CampaignBannerSlot />
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {root?.loginEnabled ? <LoginModal /> : null}
      <PopupSlot />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id="main" className="flex-1">
        <ErrorPage />
      </main>
      <Footer />
    </div>
  );
}
