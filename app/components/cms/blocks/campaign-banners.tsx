// campaignBanners (spec §2, §4): the strip of campaign messages above the page. A carousel of the
// banners the shopper has not closed (by id and revision, seen.ts); with more than one and
// transitionOn it moves on every 5 s, pausing while the pointer or focus is on it, when the
// shopper pauses it, and for reduced motion. "Show more" opens the banner's info panel, which
// an outside click (or Escape) closes. Closing the strip stores every banner of it as seen.
// The controls come with JavaScript; until then (and for reduced motion, without the pause)
// an empty box holds each one's place, so that the strip does not grow when they come: its
// text would wrap anew and push the page down (a layout shift in every first view).
import { Fragment, useEffect, useId, useRef, useState } from "react";
import type { CampaignBanner, CampaignBannersBlock } from "../../../../lib/cms-types.ts";
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

  if (!current) return null;
  const go = (step: 1 | -1) => {
    setPanelOpen(false);
    setIndex((i) => (i + step + banners.length) % banners.length);
  };
  const close = () => {
    const stored = withSeen(readSeen(CAMPAIGN_BANNERS_SEEN), block.banners);
    writeSeen(CAMPAIGN_BANNERS_SEEN, stored);
    setSeen(stored);
  };
  const hasPanel = !isEmptyRichText(current.description);
  const colours = { backgroundColor: current.backgroundColor || undefined, color: current.textColor || undefined };
  // Smaller on phones, where the message needs the width (still above the 24 px target size of WCAG 2.2).
  const control = "carousel-control";
  const place = <span aria-hidden="true" className={control} />;
  const severalBanners = banners.length > 1;
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
          <button type="button" className={control} onClick={() => go(-1)} aria-label={t("cms.previous")}>
            <ArrowLeftIcon size={18} />
          </button>
        ) : severalBanners ? (
          place
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group (WAI-ARIA APG), not a form's fieldset */}
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={t("cms.carousel.slide", { index: (index % banners.length) + 1, count: banners.length })}
          aria-live={rotating ? "off" : "polite"}
          data-banner-id={current.id}
          className="flex min-w-0 flex-1 flex-wrap items-center justify-center gap-x-4 gap-y-1 py-1.5 text-center text-sm"
        >
          {/* Each banner's own nodes: the next one replaces them rather than moving them (a move is a layout shift). */}
          <Fragment key={current.id}>
            <RichText document={current.content} className="gap-1 [&_a]:text-inherit" />
            {current.links.map((link) => (
              <CmsLinkTo
                key={link.id}
                href={link.link}
                newWindow={link.openInNewWindow}
                className="font-semibold underline underline-offset-2"
              >
                {link.title}
              </CmsLinkTo>
            ))}
            {hasPanel && hydrated ? (
              <button
                ref={toggle}
                type="button"
                aria-expanded={panelOpen}
                aria-controls={panelId}
                onClick={() => setPanelOpen((open) => !open)}
                className="inline-flex min-h-8 items-center gap-1 font-semibold underline underline-offset-2 md:min-h-11"
              >
                {panelOpen ? t("cms.showLess") : t("cms.showMore")}
                <ChevronIcon size={16} className={panelOpen ? "rotate-180" : ""} />
              </button>
            ) : hasPanel ? (
              <span aria-hidden="true" className="invisible inline-flex min-h-8 items-center gap-1 font-semibold md:min-h-11">
                {t("cms.showMore")}
                <ChevronIcon size={16} />
              </span>
            ) : null}
          </Fragment>
        </div>
        {hydrated && severalBanners ? (
          <button type="button" className={control} onClick={() => go(1)} aria-label={t("cms.next")}>
            <ArrowRightIcon size={18} />
          </button>
        ) : severalBanners ? (
          place
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
          place
        ) : null}
        {hydrated ? (
          <button type="button" className={control} onClick={close} aria-label={t("cms.carousel.close")}>
            <CloseIcon size={18} />
          </button>
        ) : (
          place
        )}
      </div>
      {hasPanel ? (
        <section
          id={panelId}
          aria-label={t("cms.carousel.more")}
          hidden={!panelOpen}
          className="absolute inset-x-0 top-full z-30 border-t border-black/10 px-4 py-5 shadow-lg"
          style={colours.backgroundColor ? colours : { backgroundColor: "var(--color-accent)" }}
        >
          <RichText document={current.description} className="mx-auto max-w-3xl text-sm [&_a]:text-inherit" />
        </section>
      ) : null}
    </section>
  );
}
