// Pieces several blocks share: the block's heading, a picture card with its link, a list of
// cards as a grid or a slider (spec §9 display modes), a link drawn as a button.
import { type ReactNode, useId } from "react";
import type { Block, Card, CmsLink, DisplayMode } from "../../../lib/cms-types.ts";
import { Slider } from "../ui/slider.tsx";
import { blockRoot } from "./block-root.ts";
import { CmsPicture } from "./image.tsx";
import { BUTTON_STYLES, CmsLinkTo } from "./link.tsx";

export function BlockTitle({ id, children, className = "" }: { id?: string; children: ReactNode; className?: string }) {
  return (
    <h2 id={id} className={`text-2xl font-semibold tracking-tight ${className}`}>
      {children}
    </h2>
  );
}

export function LinkButton({
  link,
  style = "primary",
  className = "",
}: {
  link: CmsLink;
  style?: "primary" | "secondary";
  className?: string;
}) {
  return (
    <CmsLinkTo href={link.link} newWindow={link.openInNewWindow} className={`${BUTTON_STYLES[style]} ${className}`}>
      {link.title}
    </CmsLinkTo>
  );
}

export const ALIGN = { left: "justify-start", center: "justify-center", right: "justify-end" } as const;

/**
 * A card: its picture, title and text; the whole card is one link when it has one (the link's
 * name is the title, so a screen reader hears it once).
 */
export function CardTile({ card, ratio = 4 / 3, width = 480, sizes }: { card: Card; ratio?: number; width?: number; sizes?: string }) {
  const title = card.title || card.link?.title || "";
  return (
    <div className="group relative flex h-full flex-col gap-2">
      {card.image ? (
        <div className="overflow-hidden rounded-lg bg-mist">
          <CmsPicture
            image={card.image}
            width={width}
            ratio={ratio}
            sizes={sizes ?? `(min-width: 992px) ${width}px, 90vw`}
            className="hover-zoom h-auto w-full object-cover"
          />
        </div>
      ) : null}
      {title ? (
        <h3 className="text-base font-semibold">
          {card.link ? (
            <CmsLinkTo
              href={card.link.link}
              newWindow={card.link.openInNewWindow}
              className="after:absolute after:inset-0 group-hover:underline"
            >
              {title}
            </CmsLinkTo>
          ) : (
            title
          )}
        </h3>
      ) : null}
      {card.text ? <p className="text-sm text-muted">{card.text}</p> : null}
    </div>
  );
}

const GRID_COLUMNS = { 2: "grid-cols-1 sm:grid-cols-2", 3: "grid-cols-1 sm:grid-cols-3", 4: "grid-cols-2 md:grid-cols-4" } as const;
const SLIDE_WIDTHS = {
  2: "[&>li]:w-[85%] sm:[&>li]:w-[48%]",
  3: "[&>li]:w-[75%] sm:[&>li]:w-[40%] md:[&>li]:w-[31%]",
  4: "[&>li]:w-[45%] sm:[&>li]:w-[30%] md:[&>li]:w-[23%]",
} as const;

/** Items as a grid, or as a slider of the same widths (spec §9 displayMode). */
export function Collection({
  displayMode,
  columns,
  header,
  label,
  children,
}: {
  displayMode: DisplayMode;
  columns: 2 | 3 | 4;
  /** The block's heading (beside the slider's buttons). */
  header?: ReactNode;
  label?: string;
  /** <li> items. */
  children: ReactNode;
}) {
  if (displayMode === "Slider") {
    return (
      <Slider header={header} label={label} listClassName={SLIDE_WIDTHS[columns]}>
        {children}
      </Slider>
    );
  }
  return (
    <>
      {header ? <div className="mb-3">{header}</div> : null}
      <ul aria-label={label} className={`grid gap-4 md:gap-6 ${GRID_COLUMNS[columns]}`}>
        {children}
      </ul>
    </>
  );
}

/** A block's section, named by its title when it has one, with its items as a Collection. */
export function BlockCollection({
  block,
  columns,
  children,
}: {
  block: Block & { title: string; displayMode: DisplayMode };
  columns: 2 | 3 | 4;
  /** <li> items. */
  children: ReactNode;
}) {
  const heading = useId();
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block)}>
      <Collection
        header={block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
        displayMode={block.displayMode}
        columns={columns}
      >
        {children}
      </Collection>
    </section>
  );
}
