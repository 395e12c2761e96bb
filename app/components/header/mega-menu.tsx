// Desktop mega menu (spec §2 header, shown from 992 px): the top-level categories in a row.
// A top-level category is a link to its page when it is clickable (menu item
// top_level_clickable); one with subcategories also has a disclosure button (the chevron; the
// name itself when the category is not clickable) that opens a full-width panel with its
// children as columns and their children as link lists, a "Show all" link and the megamenu
// banner slots — the "disclosure navigation with top-level links" pattern of the ARIA APG.
// A panel opens on click, Enter or Space on its button, or when the mouse rests on the item
// (a short intent delay, so sweeping across the row opens nothing); it closes on Escape
// (focus back on its button), when focus or the mouse leaves the menu, on a click outside and
// on navigation. ArrowDown on a button opens its panel and moves into it.
// The page carries only the row (decision 0038): a panel is drawn when first opened, from the
// panels the browser fetches as the pointer or focus comes to the menu; while they load the
// panel shows its category and "Show all", and a note if the fetch is slow or fails.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../ui/router-link.tsx";
import type { MenuItem } from "../../../lib/catalog-types.ts";
import type { MenuTopItem } from "../../../lib/menu-panels.ts";
import { matchesLoginStatus } from "../../../lib/cms-visibility.ts";
import { useSession } from "./use-session.ts";
import { useT } from "../../lib/i18n.ts";
import { ArrowRightIcon } from "../ui/icons.tsx";
import type { MegamenuBannerBlock, MenuLink } from "../../../lib/cms-types.ts";
import { CmsLinkTo } from "../cms/link.tsx";
import { bannersByCategory, MegamenuBanners } from "./megamenu-banners.tsx";
import { MenuMore, useItemsThatFit } from "./menu-more.tsx";
import { type MenuPanelsState, useMenuPanels } from "./use-menu-panels.ts";

/** Pause before a resting mouse opens a panel, and before leaving it closes one (ms). */
export const HOVER_OPEN_DELAY = 150;
export const HOVER_CLOSE_DELAY = 250;

export const categoryHref = (item: Pick<MenuItem, "url_path">) => `/c/${item.url_path}`;

type OpenedBy = "hover" | "click";

export function MegaMenu({
  items,
  links = [],
  className = "",
}: {
  items: readonly MenuTopItem[];
  /** The editors' menu links (CMS megamenuLinks), after the categories. */
  links?: readonly MenuLink[];
  className?: string;
}) {
  const t = useT();
  const baseId = useId();
  // Spec §6: the editors' links differ by login state.
  const { loggedIn } = useSession();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState<{ uid: string; by: OpenedBy; at: number } | null>(null);
  // Panels opened at least once: drawn from then on, so reopening one is instant.
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set());
  const [panels, loadPanels] = useMenuPanels();
  const nav = useRef<HTMLElement>(null);
  const row = useRef<HTMLUListElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const shownLinks = links.filter((link) => matchesLoginStatus(link.loginStatus, loggedIn));
  // What does not fit the row goes under "More" (menu-more.tsx).
  const fit = useItemsThatFit(row, moreButton, items.length + shownLinks.length);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // ArrowDown before the panel's links have arrived: focus goes in when they do.
  const focusInto = useRef<string | null>(null);
  const tree = panels.status === "loaded" ? panels.panels : null;
  const full = useMemo(() => new Map(tree?.menu.map((item) => [item.uid, item])), [tree]);
  const banners = useMemo(() => bannersByCategory(tree?.banners ?? []), [tree]);

  if (open && !drawn.has(open.uid)) setDrawn(new Set(drawn).add(open.uid));

  useEffect(() => {
    const uid = focusInto.current;
    if (!uid || open?.uid !== uid) return;
    const link = nav.current?.querySelector<HTMLElement>(`[data-panel-uid="${CSS.escape(uid)}"] a`);
    if (!link) return;
    focusInto.current = null;
    link.focus();
  });

  const clearTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const close = useCallback(() => {
    clearTimer();
    setOpen(null);
  }, [clearTimer]);
  const later = (fn: () => void, ms: number) => {
    clearTimer();
    timer.current = setTimeout(fn, ms);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (path or query) closes the panel.
  useEffect(close, [pathname, search]);
  useEffect(() => clearTimer, [clearTimer]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

  const panelId = (item: MenuTopItem) => `${baseId}-panel-${item.uid}`;
  const buttonFor = (uid: string) => nav.current?.querySelector<HTMLButtonElement>(`button[data-menu-uid="${CSS.escape(uid)}"]`);
  const section = items.find((item) => pathname === categoryHref(item) || pathname.startsWith(`${categoryHref(item)}/`));

  function onItemPointerEnter(event: React.PointerEvent, item: MenuTopItem) {
    if (event.pointerType !== "mouse") return;
    if (item.children_count === 0) {
      if (open) later(close, HOVER_CLOSE_DELAY);
      else clearTimer();
      return;
    }
    if (open) {
      // Moving along the row with a panel open: switch at once.
      clearTimer();
      if (open.uid !== item.uid) setOpen({ uid: item.uid, by: "hover", at: Date.now() });
      return;
    }
    later(() => setOpen({ uid: item.uid, by: "hover", at: Date.now() }), HOVER_OPEN_DELAY);
  }

  function onToggle(event: React.MouseEvent, item: MenuTopItem) {
    clearTimer();
    loadPanels();
    const isOpen = open?.uid === item.uid;
    // A mouse click right after the hover intent opened the panel keeps it open, pinned.
    const justHovered = isOpen && open.by === "hover" && event.detail > 0 && Date.now() - open.at < 600;
    if (isOpen && !justHovered) setOpen(null);
    else setOpen({ uid: item.uid, by: "click", at: Date.now() });
  }

  function onButtonKeyDown(event: React.KeyboardEvent, item: MenuTopItem) {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    loadPanels();
    focusInto.current = item.uid;
    setOpen({ uid: item.uid, by: "click", at: Date.now() });
  }

  return (
    <>
      <nav
        ref={nav}
        aria-label={t("shell.mega.label")}
        className={`h-full ${className}`}
        onPointerEnter={(event) => {
          // The pointer on its way to a category: fetch the panels while the intent delay runs.
          loadPanels();
          if (event.pointerType === "mouse" && open) clearTimer();
        }}
        onFocus={loadPanels}
        onPointerLeave={(event) => {
          if (event.pointerType !== "mouse") return;
          if (open?.by === "hover") later(close, HOVER_CLOSE_DELAY);
          else if (!open) clearTimer();
        }}
        onKeyDown={(event) => {
          if (event.key !== "Escape" || !open) return;
          event.preventDefault();
          const uid = open.uid;
          close();
          buttonFor(uid)?.focus();
        }}
        onBlur={(event) => {
          if (open && event.relatedTarget && !nav.current?.contains(event.relatedTarget as Node)) close();
        }}
      >
        {/* Wider than the room it has (a narrow desktop, a long list of the CMS's links), the bar
            scrolls sideways rather than push the header's actions off the page; a focused item
            scrolls into view. The panels are positioned by the header, so the bar does not clip them. */}
        <div className="flex h-full">
          <ul ref={row} className="flex h-full min-w-0 items-stretch overflow-x-auto overflow-y-hidden [scrollbar-width:thin]">
            {items.map((item, index) => {
              const isOpen = open?.uid === item.uid;
              const inSection = section?.uid === item.uid;
              const hasPanel = item.children_count > 0;
              const text = isOpen ? "menu-text text-accent" : "menu-text";
              const toggle = (
                <button
                  type="button"
                  data-menu-uid={item.uid}
                  aria-expanded={isOpen}
                  aria-controls={panelId(item)}
                  onClick={(event) => onToggle(event, item)}
                  onKeyDown={(event) => onButtonKeyDown(event, item)}
                  className={`${text} ${item.top_level_clickable ? "menu-toggle" : "gap-1 px-3"}`}
                >
                  {item.top_level_clickable ? <span className="sr-only">{t("shell.mega.toggle", { name: item.name })}</span> : item.name}
                  <span aria-hidden="true" className="menu-chevron" />
                </button>
              );
              return (
                <li
                  key={item.uid}
                  hidden={index >= fit}
                  // The open (or current) section is underlined; a border, as nothing here may be positioned (the panel is placed by the header).
                  className={`menu-item${isOpen ? " border-b-accent" : inSection ? " border-b-ink" : ""}${
                    item.top_level_clickable && hasPanel ? " menu-item-split" : ""
                  }`}
                  onPointerEnter={(event) => onItemPointerEnter(event, item)}
                >
                  {item.top_level_clickable ? (
                    <Link
                      to={categoryHref(item)}
                      aria-current={pathname === categoryHref(item) ? "page" : undefined}
                      className={hasPanel ? text : `${text} px-3`}
                    >
                      {item.name}
                    </Link>
                  ) : hasPanel ? null : (
                    <span className={`${text} px-3`}>{item.name}</span>
                  )}
                  {hasPanel ? (
                    <>
                      {toggle}
                      {drawn.has(item.uid) ? (
                        <MegaMenuPanel
                          id={panelId(item)}
                          item={item}
                          columns={full.get(item.uid)?.children}
                          state={panels}
                          open={isOpen}
                          banners={banners[item.uid] ?? []}
                          onLinkClick={close}
                        />
                      ) : (
                        // Not yet opened: only what the button's aria-controls names.
                        <div id={panelId(item)} hidden />
                      )}
                    </>
                  ) : null}
                </li>
              );
            })}
            {shownLinks.map((link, index) => (
              <li key={link.id} hidden={items.length + index >= fit} className="menu-item" data-menu-link={link.id}>
                <CmsLinkTo href={link.link} className="menu-text px-3">
                  {link.title}
                </CmsLinkTo>
              </li>
            ))}
          </ul>
          <MenuMore buttonRef={moreButton} hidden={fit >= items.length + shownLinks.length}>
            {items.slice(fit).map((item) => (
              <li key={item.uid}>
                <Link
                  to={categoryHref(item)}
                  aria-current={pathname === categoryHref(item) ? "page" : undefined}
                  className="menu-more-link"
                >
                  {item.name}
                </Link>
              </li>
            ))}
            {shownLinks.slice(Math.max(0, fit - items.length)).map((link) => (
              <li key={link.id}>
                <CmsLinkTo href={link.link} className="menu-more-link">
                  {link.title}
                </CmsLinkTo>
              </li>
            ))}
          </MenuMore>
        </div>
      </nav>
      {/* Dims the page under an open panel; a click on it closes the panel. */}
      <div aria-hidden="true" hidden={!open} onClick={close} className="menu-overlay" />
    </>
  );
}

function MegaMenuPanel({
  id,
  item,
  columns,
  state,
  open,
  banners,
  onLinkClick,
}: {
  id: string;
  item: MenuTopItem;
  /** The category's subcategories, once the panels have arrived. */
  columns: readonly MenuItem[] | undefined;
  state: MenuPanelsState;
  open: boolean;
  banners: readonly MegamenuBannerBlock[];
  onLinkClick: () => void;
}) {
  const t = useT();
  return (
    <div
      id={id}
      data-panel-uid={item.uid}
      hidden={!open}
      className="absolute inset-x-0 top-full max-h-[calc(100vh-var(--spacing-header-desktop))] overflow-y-auto border-t border-line bg-white shadow-[0_24px_40px_-24px_rgb(29_36_33/0.35)] transition-opacity duration-150 starting:opacity-0"
    >
      <div className="mx-auto flex max-w-shop gap-10 px-8 pt-8 pb-10">
        <div className="w-48 shrink-0 border-r border-line pr-8 lg:w-56">
          <p className="text-2xl font-semibold tracking-tight text-ink">{item.name}</p>
          {item.top_level_clickable ? (
            <Link
              to={categoryHref(item)}
              onClick={onLinkClick}
              className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-accent underline-offset-4 hover:underline"
            >
              {t("shell.menu.showAll", { name: item.name })}
              <ArrowRightIcon size={16} />
            </Link>
          ) : null}
        </div>
        {columns ? (
          <div className="grid flex-1 grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-x-8 gap-y-8">
            {columns.map((column, index) => (
              <Column key={column.uid} column={column} onLinkClick={onLinkClick}>
                <MegamenuBanners banners={banners} position={index + 1} />
              </Column>
            ))}
            <MegamenuBanners banners={banners} position={columns.length + 1} />
          </div>
        ) : (
          <PanelStatus failed={state.status === "failed"} />
        )}
      </div>
    </div>
  );
}

/** One column: the subcategory as its heading link, then its own subcategories. A banner slot goes before it. */
function Column({ column, onLinkClick, children }: { column: MenuItem; onLinkClick: () => void; children: React.ReactNode }) {
  return (
    <>
      {children}
      <div>
        <Link
          to={categoryHref(column)}
          onClick={onLinkClick}
          className="text-[0.9375rem] font-semibold text-ink underline-offset-4 hover:text-accent hover:underline"
        >
          {column.name}
        </Link>
        {column.children.length > 0 ? (
          <ul className="mt-3 space-y-2">
            {column.children.map((leaf) => (
              <li key={leaf.uid}>
                <Link
                  to={categoryHref(leaf)}
                  onClick={onLinkClick}
                  className="text-sm text-muted underline-offset-4 hover:text-accent hover:underline"
                >
                  {leaf.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

/**
 * Where the columns go while the panels load: a note that shows only if the fetch is slow
 * (a delayed fade-in), or at once when it failed. Announced politely; it holds the columns'
 * first row's height, so their arrival moves nothing already shown.
 */
export function PanelStatus({ failed, className = "flex-1" }: { failed: boolean; className?: string }) {
  const t = useT();
  return (
    <div role="status" className={`min-h-24 ${className}`}>
      {/* Keyed apart: the failure note is a new element, never the loading note caught halfway through its fade. */}
      {failed ? (
        <p key="failed" className="text-sm text-muted">
          {t("shell.menu.failed")}
        </p>
      ) : (
        <p key="loading" className="text-sm text-muted opacity-100 transition-opacity delay-300 duration-200 starting:opacity-0">
          {t("shell.menu.loading")}
        </p>
      )}
    </div>
  );
}
