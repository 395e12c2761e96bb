// The page header (spec §2): on desktop a slim bar with the right-hand links (store locator
// with opening hours, company link) that scrolls away, then the sticky header — 64 px on
// phones, 78 px from 992 px (spec §9) — with the logo, the mega menu (desktop), the search
// toggle, the login/account link, the mini cart, the language switcher and, below 992 px,
// the button of the side menu. It slides away while the page scrolls down and comes back on the
// way up (spec §9).
import { useEffect, useRef } from "react";
import { HEADER_OFFSET_DESKTOP, type HeaderScroll, headerAfterScroll, SCROLL_DEBOUNCE_MS } from "../../../lib/header-scroll.ts";
import { type Texts, useT } from "../../lib/i18n.ts";
import { LanguageSwitcher } from "../language-switcher/language-switcher.tsx";
import { SideMenu } from "../side-menu/side-menu.tsx";
import { PinIcon } from "../ui/icons.tsx";
import { StaticHtml } from "../ui/static-html.tsx";
import { AccountLink } from "./account-link.tsx";
import { LogoLink } from "./logo.tsx";
import { MegaMenu } from "./mega-menu.tsx";
import { MiniCartSlot } from "./mini-cart-slot.tsx";
import { SearchToggle } from "./search-toggle.tsx";
import { useRootData } from "../../lib/frame.ts";

/** Store locator link text: the first store's opening hours, or a general text (spec §2 "store locator link with opening hours"). */
export function useOpeningHoursLine(): string {
  const root = useRootData();
  const t = useT();
  const hours = root?.storeHours;
  return hours?.opening_hours ? `${hours.city} ${hours.opening_hours}` : t("shell.stores.hours");
}

type TopBarProps = { t: Texts["t"]; hours: string; locator: string | null; about: string | null };

/** The top bar's line and links: static HTML, not hydrated (decision 0057). */
function TopBarContent({ t, hours, locator, about }: TopBarProps) {
  return (
    <>
      <p className="text-muted">{t("shop.tagline")}</p>
      <ul className="flex items-center gap-6">
        {locator ? (
          <li>
            <a href={locator} className="group inline-flex items-center gap-1.5 text-ink">
              <PinIcon size={16} className="text-accent" />
              <span className="font-medium group-hover:underline">{t("shell.stores.link")}</span>
              <span className="text-muted">· {hours}</span>
            </a>
          </li>
        ) : null}
        {about ? (
          <li>
            <a href={about} className="font-medium text-ink underline-offset-4 hover:underline">
              {t("shell.about")}
            </a>
          </li>
        ) : null}
      </ul>
    </>
  );
}

function TopBar() {
  const root = useRootData();
  const t = useT();
  const hours = useOpeningHoursLine();
  if (!root) return null;
  const locator = root.storeLocator.active && root.storeLocator.url ? root.storeLocator.url : null;
  const about = root.aboutCompanyUrl || null;
  if (!locator && !about) return null;
  // A landmark of its own (axe best practice "region"): the shop's tagline, stores and company link.
  return (
    <aside aria-label={t("shell.topBar")} className="hidden border-b border-line bg-mist md:block">
      <StaticHtml
        id="top-bar"
        className="mx-auto flex h-9 max-w-shop items-center justify-between gap-6 px-8 text-[0.8125rem]"
        content={JSON.stringify([root.locale, hours, locator, about])}
      >
        <TopBarContent t={t} hours={hours} locator={locator} about={about} />
      </StaticHtml>
    </aside>
  );
}

/**
 * Slides the header away while the page scrolls down and brings it back when it scrolls up (spec
 * §9, lib/header-scroll.ts). It stays while any of its panels is open or the focus is in it.
 * Away it is hidden (app.css), so a keyboard user tabbing back up (Shift+Tab) brings it back first
 * and finds its links there; a new count on the cart's badge brings it back too.
 */
function useHeaderOnScroll(header: React.RefObject<HTMLElement | null>, place: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    const natural = place.current;
    if (!element || !natural) return;
    let state: HeaderScroll = { hidden: false, y: window.scrollY };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const desktop = window.matchMedia("(min-width: 992px)");
    const show = (hidden: boolean) => {
      if (hidden) element.setAttribute("data-away", "");
      else element.removeAttribute("data-away");
    };
    const decide = () => {
      timer = undefined;
      // The offset counts from where the header sticks (under the banners above it): before that
      // it is in its place in the page, and sliding it up would lay it over them.
      const sticksAt = natural.getBoundingClientRect().top + window.scrollY;
      const next = headerAfterScroll(state, window.scrollY, sticksAt + (desktop.matches ? HEADER_OFFSET_DESKTOP : 0));
      const held = element.matches(":focus-within") || element.querySelector('[aria-expanded="true"]') !== null;
      state = held ? { hidden: false, y: next.y } : next;
      show(state.hidden);
    };
    const onScroll = () => {
      timer ??= setTimeout(decide, SCROLL_DEBOUNCE_MS);
    };
    const onFocus = () => {
      state = { hidden: false, y: window.scrollY };
      show(false);
    };
    // A panel opening (the mini cart after an add to cart, the search bar) brings the header back,
    // and so does a new count on the cart's badge (an add on a phone, a line removed, another tab).
    const panels = new MutationObserver((records) => {
      if (records.some((r) => r.attributeName === "data-cart-count") || element.querySelector('[aria-expanded="true"]')) onFocus();
    });
    panels.observe(element, { subtree: true, attributeFilter: ["aria-expanded", "data-cart-count"] });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Tab" && event.shiftKey && element.hasAttribute("data-away")) onFocus();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    // A page that grows shorter (a cart emptied) may move the scroll to the top without a scroll event.
    const resized = new ResizeObserver(onScroll);
    resized.observe(document.body);
    element.addEventListener("focusin", onFocus);
    document.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      panels.disconnect();
      window.removeEventListener("scroll", onScroll);
      resized.disconnect();
      element.removeEventListener("focusin", onFocus);
      document.removeEventListener("keydown", onKey);
    };
  }, [header, place]);
}

export function Header() {
  const root = useRootData();
  const header = useRef<HTMLElement>(null);
  const place = useRef<HTMLDivElement>(null);
  useHeaderOnScroll(header, place);
  return (
    <>
      <TopBar />
      {/* Where the header's place in the page begins (a sticky header's own box moves with it). */}
      <div ref={place} aria-hidden="true" />
      {/* Sticky, and the positioning box of the panels (mega menu, search bar): nothing between may be positioned. */}
      <header ref={header} className="site-header">
        <div className="mx-auto flex h-header max-w-shop items-center gap-2 px-3 xs:px-4 md:h-header-desktop md:gap-4 md:px-8 lg:gap-6">
          <LogoLink className="mr-auto md:mr-0" />
          <MegaMenu items={root?.menu ?? []} links={root?.placements.megamenuLinks} className="hidden min-w-0 flex-1 md:block" />
          <div className="flex shrink-0 items-center gap-0.5 md:gap-1">
            <SearchToggle buttonClassName="header-action" />
            <AccountLink className="header-action" />
            <MiniCartSlot className="header-action" />
            {/* Below 360 px the row would not fit (WCAG 1.4.10): the side menu's foot has the switch. */}
            <LanguageSwitcher className="max-[359.98px]:hidden" />
            <SideMenu buttonClassName="header-action md:hidden" />
          </div>
        </div>
      </header>
    </>
  );
}
