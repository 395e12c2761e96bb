// Mobile side menu (spec §2, §4; below 992 px): the header's menu button opens a modal panel
// from the right. Tabs "Menu" and "Log in"/"Account" (the second only when login is
// enabled); the menu tab shows the category tree two levels deep — a category with
// subcategories opens its submenu, with a back button bearing its name and a "Show all" link
// to the category itself. The panel's foot has the store locator link (when the locator is on,
// has an address and no submenu is open) and the links to the other stores.
// States (spec §4): closed → open (menu) ⇄ submenu(index) / login; closing resets them all.
// Focus stays inside while open and returns to the menu button on close; Escape, the close
// button, a click beside the panel and navigation close it; the page behind does not scroll.
// The page carries only the menu button and an empty dialog (decision 0038): its contents are
// drawn when it is first opened, and a submenu's categories come from the panels the browser
// fetches as the menu opens (a note while they load, if that is slow, or if it fails).
import { matchesLoginStatus } from "../../../lib/cms-visibility.ts";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../ui/router-link.tsx";
import type { MenuTopItem } from "../../../lib/menu-panels.ts";
import { loginReturnPath } from "../../lib/login-modal.ts";
import { LoginForm, useLoginPending } from "../account/login-form.tsx";
import { groupedMemberNumber } from "../../../lib/loyalty.ts";
import { useMemberNumber } from "../../lib/loyalty.ts";
import { useT } from "../../lib/i18n.ts";
import { ConfigLink } from "../footer/config-link.tsx";
import { LogoLink } from "../header/logo.tsx";
import type { MenuLink } from "../../../lib/cms-types.ts";
import { CmsLinkTo } from "../cms/link.tsx";
import { categoryHref, PanelStatus } from "../header/mega-menu.tsx";
import { type MenuPanelsState, useMenuPanels } from "../header/use-menu-panels.ts";
import { useSession } from "../header/use-session.ts";
import { useOtherStoreLinks } from "../language-switcher/use-alternate-href.ts";
import { ArrowLeftIcon, ArrowRightIcon, ChevronIcon, CloseIcon, GlobeIcon, MenuIcon, PinIcon, UserIcon } from "../ui/icons.tsx";
import { useRootData } from "../../lib/frame.ts";

/** From this width the mega menu takes over (spec §9 breakpoint 992 px). */
const DESKTOP_QUERY = "(min-width: 992px)";

type Tab = "menu" | "login";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function SideMenu({ buttonClassName = "" }: { buttonClassName?: string }) {
  const root = useRootData();
  const t = useT();
  const id = useId();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  // Nothing of the dialog is drawn until it first opens; from then on it stays.
  const [drawn, setDrawn] = useState(false);
  const [panels, loadPanels] = useMenuPanels();
  const [tab, setTab] = useState<Tab>("menu");
  const [submenu, setSubmenu] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);

  // Open and close the native modal dialog with the state; closing resets the menu (spec §4).
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open) {
      if (!element.open) element.showModal();
      const html = document.documentElement;
      const previous = html.style.overflow;
      html.style.overflow = "hidden";
      element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      return () => {
        html.style.overflow = previous;
      };
    }
    if (element.open) {
      element.close();
      opener.current?.focus();
    }
    setTab("menu");
    setSubmenu(null);
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (path or query) closes the menu.
  useEffect(close, [pathname, search]);

  // Grown to desktop width: the mega menu is there, the side menu goes.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (query.matches) close();
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [open, close]);

  if (!root) return null;
  const showLoginTab = root.loginEnabled;

  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={`${id}-dialog`}
        onClick={() => {
          loadPanels();
          setDrawn(true);
          setOpen(true);
        }}
        className={buttonClassName}
      >
        <MenuIcon />
        <span className="sr-only">{t("shell.menu.open")}</span>
      </button>
      <dialog
        ref={dialog}
        id={`${id}-dialog`}
        aria-modal="true"
        aria-label={t("shell.menu.dialog")}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClose={close}
        onClick={(event) => {
          // A click on the dimmed backdrop lands on the dialog element itself, outside its box.
          if (event.target !== event.currentTarget) return;
          const box = event.currentTarget.getBoundingClientRect();
          if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) close();
        }}
        onKeyDown={(event) => trapTab(event)}
        className="side-menu-dialog"
      >
        {drawn ? (
          <>
            <div className="flex h-header shrink-0 items-center justify-between border-b border-line pr-2 pl-4">
              <LogoLink onClick={close} />
              <button
                type="button"
                data-autofocus
                onClick={close}
                className="flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-mist"
              >
                <CloseIcon />
                <span className="sr-only">{t("shell.menu.close")}</span>
              </button>
            </div>

            {showLoginTab ? <Tabs id={id} tab={tab} onChange={setTab} /> : null}

            <div
              id={`${id}-panel-menu`}
              {...(showLoginTab ? { role: "tabpanel", "aria-labelledby": `${id}-tab-menu` } : {})}
              hidden={tab !== "menu"}
              className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
            >
              <CategoryTree
                items={root.menu}
                panels={panels}
                submenu={submenu}
                onSubmenu={(index) => {
                  // Entering a submenu asks again after a failed fetch.
                  if (index !== null) loadPanels();
                  setSubmenu(index);
                }}
                onNavigate={close}
              />
              {submenu === null ? <EditorsLinks links={root.placements.megamenuLinks} /> : null}
            </div>
            {showLoginTab ? (
              <div
                id={`${id}-panel-login`}
                role="tabpanel"
                aria-labelledby={`${id}-tab-login`}
                hidden={tab !== "login"}
                className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
              >
                <LoginPanel onNavigate={close} />
              </div>
            ) : null}

            <MenuFoot showLocator={submenu === null} onNavigate={close} />
          </>
        ) : null}
      </dialog>
    </>
  );
}

/** The CMS's menu links (megamenuLinks) under the categories, their child links one level in (a new page closes the menu). */
function EditorsLinks({ links }: { links: readonly MenuLink[] }) {
  // Spec §6: the menu differs by login state.
  const { loggedIn } = useSession();
  const shown = links.filter((link) => matchesLoginStatus(link.loginStatus, loggedIn));
  if (shown.length === 0) return null;
  return (
    <ul className="border-t border-line px-2 py-2" data-menu-links="">
      {shown.map((link) => (
        <li key={link.id}>
          <CmsLinkTo href={link.link} className="flex min-h-12 items-center rounded-md px-3 font-medium hover:bg-mist">
            {link.title}
          </CmsLinkTo>
          {link.childLinks.length > 0 ? (
            <ul className="pl-4">
              {link.childLinks.map((child) => (
                <li key={child.id}>
                  <CmsLinkTo
                    href={child.link}
                    className="flex min-h-11 items-center rounded-md px-3 text-muted hover:bg-mist hover:text-ink"
                  >
                    {child.title}
                  </CmsLinkTo>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Keeps Tab and Shift+Tab inside the dialog (the native modal alone lets focus reach the browser's own controls). */
function trapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusables = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
  const first = focusables[0];
  const last = focusables.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function Tabs({ id, tab, onChange }: { id: string; tab: Tab; onChange: (tab: Tab) => void }) {
  const t = useT();
  const { loggedIn } = useSession();
  const tabs: { key: Tab; label: string }[] = [
    { key: "menu", label: t("shell.menu.tab") },
    { key: "login", label: t(loggedIn ? "shell.account.account" : "shell.account.login") },
  ];
  return (
    <div
      role="tablist"
      aria-label={t("shell.menu.sections")}
      className="grid shrink-0 grid-cols-2 border-b border-line px-2"
      onKeyDown={(event) => {
        if (event.key !== "ArrowLeft" && event.key !== "ArrowRight" && event.key !== "Home" && event.key !== "End") return;
        event.preventDefault();
        const next: Tab = event.key === "Home" ? "menu" : event.key === "End" ? "login" : tab === "menu" ? "login" : "menu";
        onChange(next);
        document.getElementById(`${id}-tab-${next}`)?.focus();
      }}
    >
      {tabs.map(({ key, label }) => (
        <button
          key={key}
          id={`${id}-tab-${key}`}
          type="button"
          role="tab"
          aria-selected={tab === key}
          aria-controls={`${id}-panel-${key}`}
          tabIndex={tab === key ? 0 : -1}
          onClick={() => onChange(key)}
          className={`relative h-12 text-[0.9375rem] font-semibold transition-colors after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full ${
            tab === key ? "text-accent after:bg-accent" : "text-muted after:bg-transparent hover:text-ink"
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

const rowBase =
  "flex min-h-13 w-full items-center justify-between gap-3 px-5 py-3 text-left text-[1.0625rem] transition-colors hover:bg-mist";
const rowClass = `${rowBase} font-medium text-ink hover:text-accent`;

function CategoryTree({
  items,
  panels,
  submenu,
  onSubmenu,
  onNavigate,
}: {
  items: readonly MenuTopItem[];
  panels: MenuPanelsState;
  submenu: number | null;
  onSubmenu: (index: number | null) => void;
  onNavigate: () => void;
}) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const returnTo = useRef<number | null>(null);
  const active = submenu === null ? undefined : items[submenu];
  const children =
    active && panels.status === "loaded" ? (panels.panels.menu.find((item) => item.uid === active.uid)?.children ?? []) : null;

  // Entering a submenu puts focus on its back button; going back returns it to the item.
  useEffect(() => {
    const container = list.current;
    if (!container?.closest("dialog")?.open) return;
    if (submenu !== null) container.querySelector<HTMLElement>("[data-back]")?.focus();
    else if (returnTo.current !== null) container.querySelector<HTMLElement>(`[data-index="${returnTo.current}"]`)?.focus();
  }, [submenu]);

  if (active) {
    return (
      <div ref={list}>
        <button
          type="button"
          data-back
          onClick={() => {
            returnTo.current = submenu;
            onSubmenu(null);
          }}
          className="flex w-full items-center gap-3 border-b border-line bg-mist px-5 py-4 text-left text-lg font-semibold text-ink hover:text-accent"
        >
          <ArrowLeftIcon size={20} />
          <span className="sr-only">{t("shell.menu.back")}: </span>
          {active.name}
        </button>
        <ul className="py-2">
          {active.top_level_clickable ? (
            <li>
              <Link
                to={categoryHref(active)}
                onClick={onNavigate}
                className={`${rowBase} font-semibold text-accent hover:text-accent-dark`}
              >
                {t("shell.menu.showAll", { name: active.name })}
                <ArrowRightIcon size={18} />
              </Link>
            </li>
          ) : null}
          {children?.map((child) => (
            <li key={child.uid}>
              <Link to={categoryHref(child)} onClick={onNavigate} className={rowClass}>
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
        {children ? null : <PanelStatus failed={panels.status === "failed"} className="px-5 py-3" />}
      </div>
    );
  }

  return (
    <div ref={list}>
      <ul className="py-2">
        {items.map((item, index) => (
          <li key={item.uid}>
            {item.children_count > 0 ? (
              <button
                type="button"
                data-index={index}
                onClick={() => {
                  returnTo.current = null;
                  onSubmenu(index);
                }}
                className={rowClass}
              >
                {item.name}
                <ChevronIcon size={20} className="-rotate-90 text-muted" />
              </button>
            ) : item.top_level_clickable ? (
              <Link to={categoryHref(item)} onClick={onNavigate} className={rowClass}>
                {item.name}
              </Link>
            ) : (
              <span className={rowClass}>{item.name}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The member number to show at a brand store's till (loaded last at start-up, spec §4). */
function MemberCard() {
  const t = useT();
  const memberNumber = useMemberNumber();
  if (!memberNumber) return null;
  return (
    <p className="mx-5 mb-4 flex flex-col rounded-lg border border-line bg-mist px-4 py-3" data-testid="member-card">
      <span className="text-sm text-muted">{t("loyalty.memberNumber")}</span>
      <span className="font-mono text-lg tracking-wider">{groupedMemberNumber(memberNumber)}</span>
    </p>
  );
}

function LoginPanel({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const { loggedIn } = useSession();
  const loginPending = useLoginPending();

  if (loggedIn && !loginPending) {
    const links: [string, Parameters<typeof t>[0]][] = [
      ["/account", "shell.account.overview"],
      ["/account/orders", "shell.account.orders"],
      ["/account/wishlist", "shell.account.wishlist"],
    ];
    return (
      <>
        <ul className="py-2">
          {links.map(([to, key]) => (
            <li key={to}>
              <Link to={to} onClick={onNavigate} className={rowClass}>
                {t(key)}
              </Link>
            </li>
          ))}
        </ul>
        <MemberCard />
      </>
    );
  }

  return (
    <div className="px-5 py-6">
      <h2 className="mb-5 flex items-center gap-2 text-xl font-semibold tracking-tight">
        <UserIcon size={22} className="text-accent" />
        {t("shell.login.title")}
      </h2>
      <LoginForm redirectTo={loginReturnPath(pathname, search)} onNavigate={onNavigate} />
    </div>
  );
}

function MenuFoot({ showLocator, onNavigate }: { showLocator: boolean; onNavigate: () => void }) {
  const root = useRootData();
  const t = useT();
  const stores = useOtherStoreLinks();
  if (!root) return null;
  const locator = showLocator && root.storeLocator.active && root.storeLocator.url ? root.storeLocator.url : null;
  if (!locator && stores.length === 0) return null;
  const footLink = "flex items-center gap-3 rounded-md px-3 py-2.5 text-[0.9375rem] font-medium text-ink hover:bg-white hover:text-accent";
  return (
    <div className="shrink-0 border-t border-line bg-mist px-2 py-2">
      <ul>
        {locator ? (
          <li>
            <ConfigLink url={locator} className={footLink} onClick={onNavigate}>
              <PinIcon size={20} className="text-accent" />
              {t("shell.stores.all")}
            </ConfigLink>
          </li>
        ) : null}
        {stores.map((store) => (
          <li key={store.code}>
            <a
              href={store.href}
              onFocus={store.refresh}
              onPointerDown={store.refresh}
              onClick={store.refresh}
              hrefLang={store.locale}
              lang={store.locale}
              className={footLink}
            >
              <GlobeIcon size={20} className="text-accent" />
              {store.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
