// Search toggle (spec §2 header "search bar toggle"): a magnifier button that shows and hides
// the search bar under the header (search-box.tsx: the field, live suggestions, and a plain GET
// form to /searchresults without JavaScript). Opening moves focus into the field; Escape, a
// click outside and navigation close it. The bar's code (the combobox) is loaded when the
// toggle is first pointed at, focused or pressed, not with every page: most visitors never
// search. The bar opens at once; the field takes the focus as soon as its code is there.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { CloseIcon, SearchIcon } from "../ui/icons.tsx";

/** Spec §9: the focus delay. */
const SEARCH_FOCUS_DELAY_MS = 150;

type SearchBoxComponent = typeof import("./search-box.tsx").SearchBox;
let loaded: SearchBoxComponent | undefined;
/** The bar's code, fetched once (a failed fetch is the chunk-reload handler's: entry.client.tsx). */
const loadSearchBox = () =>
  import("./search-box.tsx").then((module) => {
    loaded = module.SearchBox;
    return module.SearchBox;
  });

/** Fetching ahead of a press: a failure here is not the shopper's; pressing tries again. */
const preload = () => {
  loadSearchBox().catch(() => {});
};

export function SearchToggle({ buttonClassName = "" }: { buttonClassName?: string }) {
  const t = useT();
  const id = useId();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  // Never during hydration (the server renders the bar empty): only after a first opening.
  const [SearchBox, setSearchBox] = useState<SearchBoxComponent | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (path or query) closes the bar.
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (open && !SearchBox) loadSearchBox().then((component) => setSearchBox(() => component));
  }, [open, SearchBox]);

  // The field takes the focus 150 ms after the bar opens (spec §2, §9: as its fade ends), or when its code arrives.
  useEffect(() => {
    if (!open || !SearchBox) return;
    const timer = window.setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open, SearchBox]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!region.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const inside = region.current?.contains(document.activeElement) || document.activeElement === button.current;
      setOpen(false);
      if (inside) button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-bar`}
        onClick={() => {
          if (!SearchBox && loaded) setSearchBox(() => loaded);
          setOpen((value) => !value);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        className={buttonClassName}
      >
        {open ? <CloseIcon /> : <SearchIcon />}
        <span className="sr-only">{t("shell.search.toggle")}</span>
      </button>
      <div ref={region} id={`${id}-bar`} hidden={!open} className="search-bar">
        {SearchBox ? <SearchBox input={input} /> : null}
      </div>
    </>
  );
}
