// Product images: the first large and eager (it is the page's largest element: React preloads
// it from the head, srcset and sizes included), the rest lazy. Any image opens a full-screen
// view (a modal <dialog>: Escape closes it and focus returns), with arrow keys and buttons to
// move between images; its large picture is rendered only while it is open, else the browser
// would fetch (and React preload) it beside the first image on every page view.
// Below md the images are a row the shopper swipes (scroll snap), one photo wide and at most
// 56 % of the screen high: the name and price show in the first screen under it, the options and
// "Add to cart" right after. A counter says which photo shows.
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { MediaItem } from "../../../lib/catalog-types.ts";
import { imageSrcSet, imageUrl } from "../../../lib/image-url.ts";
import { useT } from "../../lib/i18n.ts";

export function Gallery({ images }: { images: Pick<MediaItem, "url" | "label">[] }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const open = (i: number) => {
    // Rendered before showModal, which puts the focus on the first button inside.
    flushSync(() => {
      setIndex(i);
      setZoomed(true);
    });
    dialog.current?.showModal();
  };
  const move = (step: number) => setIndex((i) => (i + step + images.length) % images.length);
  const current = images[index];

  const row = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  const onRowScroll = () => {
    const element = row.current;
    if (element) setShown(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
  };

  return (
    <section aria-label={t("product.gallery")} className="relative">
      <div ref={row} onScroll={images.length > 1 ? onRowScroll : undefined} className="gallery-row">
        {images.map((image, i) => (
          <button
            key={image.url}
            type="button"
            onClick={() => open(i)}
            aria-label={t("product.zoom", { index: i + 1, count: images.length })}
            className={i === 0 ? "gallery-photo md:col-span-2" : "gallery-photo"}
          >
            <img
              src={imageUrl(image.url, i === 0 ? { w: 800, h: 1120 } : { w: 600, h: 840 })}
              srcSet={imageSrcSet(image.url, i === 0 ? [400, 600, 800, 1000] : [300, 400, 600, 800])}
              sizes={i === 0 ? "(min-width: 768px) 60vw, 100vw" : "(min-width: 768px) 30vw, 100vw"}
              alt={image.label}
              width={i === 0 ? 800 : 600}
              height={i === 0 ? 1120 : 840}
              {...(i === 0 ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const })}
              className="gallery-picture"
            />
          </button>
        ))}
      </div>
      {images.length > 1 ? (
        <span
          aria-hidden="true"
          className="absolute right-3 bottom-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-medium tabular-nums md:hidden"
        >
          {shown + 1} / {images.length}
        </span>
      ) : null}
      <dialog
        ref={dialog}
        aria-label={t("product.gallery")}
        onClose={() => setZoomed(false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight") move(1);
          if (e.key === "ArrowLeft") move(-1);
        }}
        className="m-0 h-full max-h-none w-full max-w-none bg-white p-0 backdrop:bg-black/60"
      >
        {current && zoomed ? (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between p-3">
              <span className="text-sm text-muted">
                {t("product.image", { index: index + 1, count: images.length, label: current.label })}
              </span>
              <button type="button" onClick={() => dialog.current?.close()} className="rounded-full border border-line px-4 py-2 text-sm">
                {t("product.closeZoom")}
              </button>
            </div>
            <div className="relative flex flex-1 items-center justify-center overflow-auto">
              <img
                src={imageUrl(current.url, { w: 1400, h: 1960 })}
                srcSet={imageSrcSet(current.url, [600, 800, 1000, 1400])}
                sizes="100vw"
                alt={current.label}
                width={1000}
                height={1400}
                className="h-full max-h-[calc(100vh-5rem)] w-auto object-contain"
              />
              {images.length > 1 ? (
                <>
                  <button
                    type="button"
                    onClick={() => move(-1)}
                    aria-label={t("product.previousImage")}
                    className="absolute top-1/2 left-3 rounded-full bg-white/90 px-4 py-3 shadow"
                  >
                    ‹
                  </button>
                  <button
                    type="button"
                    onClick={() => move(1)}
                    aria-label={t("product.nextImage")}
                    className="absolute top-1/2 right-3 rounded-full bg-white/90 px-4 py-3 shadow"
                  >
                    ›
                  </button>
                </>
              ) : null}
            </div>
          </div>
        ) : null}
      </dialog>
    </section>
  );
}
