// campaignBanners (spec §2, §4): the strip of campaign messages above the page. A carousel of the
// banners the shopper has not closed (by id and revision, seen.ts); with more than one and
// transitionOn it moves on every 5 s, pausing while the pointer or focus is on it, when the
// shopper pauses it, and for reduced motion. "Show more" opens the banner's info panel, which
// an outside click (or Escape) closes. Closing the strip stores every banner of it as seen.
// The controls come with JavaScript; until then (and for reduced motion, without the pause)
// an empty box holds each one's place, so that the strip does not grow when they come: its
// text would wrap anew and push the page down (a layout shift in every first view).
// On a phone (below md) the strip is one line: the message, and a chevron that opens the panel
// with the banner's links and its info; a swipe moves between banners in place of the arrows.
import { Fragment, useEffect, useId, useRef, useState } from "react";
import type { CampaignBanner, CampaignBannersBlock, CmsLink } from "../../../../lib/cms-types.ts";
import { useT } from "../../../lib/i18n.ts";
import { useDismiss } from "../../../lib/use-dismiss.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { ArrowLeftIcon, ArrowRightIcon, ChevronIcon, CloseIcon } from "../../ui/icons.tsx";
import { blockRoot } from "../block-root.ts";
import { CmsLinkTo } from "../link.tsx";
import { isEmptyRichText, RichText } from "../rich-text.tsx";
import { CAMPAIGN_BANNERS_SEEN, isSeen, readSeen, type SeenRecord, withSeen, writeSeen } from "../seen.ts";
import { useReducedMotion } from "../use-reduced-motion.ts";

/** Spec §9 banner rotation. */
export const ROTATION_MS = 5000;

export function CampaignBanners({ block }: { block: CampaignBannersBlock }) {
  const t = useT();
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const panelId = useId();
  const [seen, setSeen] = useState<SeenRecord[]>([]);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const wrapper = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(panelOpen, setPanelOpen, wrapper, toggle);

  useEffect(() => {
    // Another render only for a shopper who has closed banners.
    const stored = readSeen(CAMPAIGN_BANNERS_SEEN);
    if (stored.length > 0) setSeen(stored);
  }, []);
  const banners = block.banners.filter((banner) => !isSeen(seen, banner));
  const current: CampaignBanner | undefined = banners[index % Math.max(1, banners.length)];
  const canRotate = hydrated && banners.length > 1 && block.transitionOn && !reducedMotion;
  const rotating = canRotate && !paused && !hovered && !focused && !panelOpen;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % banners.length), ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating, banners.length]);

  const severalBanners = banners.length > 1;
  const go = (step: 1 | -1) => {
    setPanelOpen(false);
    setIndex((i) => (i + step + banners.length) % banners.length);
  };
  const swipe = useSwipe(hydrated && severalBanners ? go : undefined);

  if (!current) return null;
  const close = () => {
    const stored = withSeen(readSeen(CAMPAIGN_BANNERS_SEEN), block.banners);
    writeSeen(CAMPAIGN_BANNERS_SEEN, stored);
    setSeen(stored);
  };
  const { hasInfo, hasPanel } = panelOf(current);
  const colours = { backgroundColor: current.backgroundColor || undefined, color: current.textColor || undefined };
  // Smaller on phones, where the message needs the width (still above the 24 px target size of WCAG 2.2).
  const control = "carousel-control";
  const arrow = "carousel-control max-md:hidden";
  const place = (className: string) => <span aria-hidden="true" className={className} />;
  // Without its own info, the toggle and the panel are a phone's only (for the links).
  const phoneOnly = hasInfo ? "" : " md:hidden";
  return (
    <section
      ref={wrapper}
      aria-roledescription="carousel"
      aria-label={t("cms.carousel.label")}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      {...blockRoot(block, "relative bg-accent text-white")}
      style={colours}
    >
      <div className="mx-auto flex max-w-shop items-center gap-0.5 px-1 py-1 md:gap-1 md:px-2">
        {hydrated && severalBanners ? (
          <button type="button" className={arrow} onClick={() => go(-1)} aria-label={t("cms.previous")}>
            <ArrowLeftIcon size={18} />
          </button>
        ) : severalBanners ? (
          place(arrow)
        ) : null}
        {/* Every banner in the same cell, the others invisible: the strip is as high as its highest
            banner, so a rotation moves nothing below it (a layout shift) at any width. */}
        <div className="grid min-w-0 flex-1">
          {banners.map((banner) => {
            if (banner === current) return null;
            const panel = panelOf(banner);
            return (
              <div key={banner.id} aria-hidden="true" className="campaign-slide invisible">
                <RichText document={banner.content} className="min-w-0 gap-1" />
                {/* Its links as bold words (a little wider than the links: the strip errs on the high side). */}
                {banner.links.length > 0 ? (
                  <span className="campaign-links max-md:hidden">
                    {banner.links.map((link) => (
                      <b key={link.id}>{link.title}</b>
                    ))}
                  </span>
                ) : null}
                {panel.hasPanel ? <TogglePlace label={t("cms.showMore")} phoneOnly={!panel.hasInfo} /> : null}
              </div>
            );
          })}
          {/* biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group (WAI-ARIA APG), not a form's fieldset */}
          <div
            role="group"
            aria-roledescription="slide"
            aria-label={t("cms.carousel.slide", { index: (index % banners.length) + 1, count: banners.length })}
            aria-live={rotating ? "off" : "polite"}
            data-banner-id={current.id}
            {...swipe}
            className="campaign-slide touch-pan-y"
          >
            {/* Each banner's own nodes: the next one replaces them rather than moving them (a move is a layout shift). */}
            <Fragment key={current.id}>
              <RichText document={current.content} className="min-w-0 gap-1 [&_a]:text-inherit" />
              <BannerLinks links={current.links} className="campaign-links max-md:hidden" />
              {hasPanel && hydrated ? (
                <button
                  ref={toggle}
                  type="button"
                  aria-expanded={panelOpen}
                  aria-controls={panelId}
                  onClick={() => setPanelOpen((open) => !open)}
                  className={`campaign-toggle underline underline-offset-2${phoneOnly}`}
                >
                  <span className="max-md:sr-only">{panelOpen ? t("cms.showLess") : t("cms.showMore")}</span>
                  <ChevronIcon size={16} className={panelOpen ? "rotate-180" : ""} />
                </button>
              ) : hasPanel ? (
                <TogglePlace label={t("cms.showMore")} phoneOnly={!hasInfo} />
              ) : null}
            </Fragment>
          </div>
        </div>
        {hydrated && severalBanners ? (
          <button type="button" className={arrow} onClick={() => go(1)} aria-label={t("cms.next")}>
            <ArrowRightIcon size={18} />
          </button>
        ) : severalBanners ? (
          place(arrow)
        ) : null}
        {canRotate ? (
          <button
            type="button"
            className={control}
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? t("cms.carousel.play") : t("cms.carousel.pause")}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
              {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
            </svg>
          </button>
        ) : severalBanners && block.transitionOn ? (
          place(control)
        ) : null}
        {hydrated ? (
          <button type="button" className={control} onClick={close} aria-label={t("cms.carousel.close")}>
            <CloseIcon size={18} />
          </button>
        ) : (
          place(control)
        )}
      </div>
      {/* Only a script opens it (its toggle comes with JavaScript): no page's HTML carries it. */}
      {hasPanel && hydrated ? (
        <section
          id={panelId}
          aria-label={t("cms.carousel.more")}
          hidden={!panelOpen}
          className={`absolute inset-x-0 top-full z-40 border-t border-black/10 px-4 py-5 shadow-lg${phoneOnly}`}
          style={colours.backgroundColor ? colours : { backgroundColor: "var(--color-accent)" }}
        >
          {panelOpen ? (
            <div className="mx-auto flex max-w-3xl flex-col gap-3 text-sm">
              {current.links.length > 0 ? <BannerLinks links={current.links} className="campaign-links md:hidden" /> : null}
              {hasInfo ? <RichText document={current.description} className="[&_a]:text-inherit" /> : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}

/** A banner's info panel: its own info, and on a phone its links too (the strip keeps one line for its message). */
function panelOf(banner: CampaignBanner) {
  const hasInfo = !isEmptyRichText(banner.description);
  return { hasInfo, hasPanel: hasInfo || banner.links.length > 0 };
}

/** The toggle's place, held before it comes with JavaScript and in the strip's other banners. */
function TogglePlace({ label, phoneOnly }: { label: string; phoneOnly: boolean }) {
  return (
    <span aria-hidden="true" className={`campaign-toggle invisible${phoneOnly ? " md:hidden" : ""}`}>
      <span className="max-md:hidden">{label}</span>
      <span className="size-4" />
    </span>
  );
}

/** A banner's links: in the strip from md up, in the panel on a phone. */
function BannerLinks({ links, className }: { links: CmsLink[]; className: string }) {
  return (
    <span className={className}>
      {links.map((link) => (
        <CmsLinkTo key={link.id} href={link.link} newWindow={link.openInNewWindow} className="font-semibold underline underline-offset-2">
          {link.title}
        </CmsLinkTo>
      ))}
    </span>
  );
}

/** A horizontal swipe of at least this many pixels (more across than down) moves to the next or previous banner. */
const SWIPE_PX = 40;

/** A touch swipe on the slide calls `go` with its direction (left: the next banner); nothing without `go`. */
function useSwipe(go: ((step: 1 | -1) => void) | undefined) {
  const start = useRef<{ x: number; y: number } | null>(null);
  if (!go) return undefined;
  return {
    onPointerDown: (event: React.PointerEvent) => {
      start.current = event.pointerType === "mouse" ? null : { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: React.PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) go(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
