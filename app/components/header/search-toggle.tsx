// Search toggle (spec §2 header "search bar toggle"): a magnifier button that shows and hides
// the search bar under the header (search-box.tsx: the field, live suggestions, and a plain GET
// form to /searchresults without JavaScript). Opening moves focus into the field; Escape, a
// click outside and navigation close it.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { CloseIcon, SearchIcon } from "../ui/icons.tsx";
import { SearchBox } from "./search-box.tsx";

export function SearchToggle({ buttonClassName = "" }: { buttonClassName?: string }) {
  const t = useT();
  const id = useId();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (path or query) closes the bar.
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
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
        onClick={() => setOpen((value) => !value)}
        className={buttonClassName}
      >
        {open ? <CloseIcon /> : <SearchIcon />}
        <span className="sr-only">{t("shell.search.toggle")}</span>
      </button>
      <div
        ref={region}
        id={`${id}-bar`}
        hidden={!open}
        className="absolute inset-x-0 top-full border-t border-line bg-white shadow-[0_24px_40px_-24px_rgb(29_36_33/0.35)] transition-opacity duration-150 starting:opacity-0"
      >
        <SearchBox input={input} />
      </div>
    </>
  );
}
