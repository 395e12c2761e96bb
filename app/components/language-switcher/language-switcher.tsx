// Language switcher (spec §2, §4, §9): a button with the current language that opens a small
// popover listing the stores a shopper can switch to — only locales with their own domain,
// not the current one, not hidden by hide_from_language_selector (the root loader's
// `otherStores`). Each link leads to the same page in that store. The popover fades in
// (100 ms), closes on Escape, on a click outside and when focus leaves it, and opens by
// itself when the address ends in #language. Nothing is shown when there is no other store.
// Without JavaScript the links stand beside the button.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { LOCALES } from "../../../lib/locales.ts";
import { useT } from "../../lib/i18n.ts";
import { CheckIcon, ChevronIcon, GlobeIcon } from "../ui/icons.tsx";
import { useOtherStoreLinks } from "./use-alternate-href.ts";
import { useDismiss } from "../../lib/use-dismiss.ts";
import { useRootData } from "../../lib/frame.ts";

export const LANGUAGE_HASH = "#language";

export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const root = useRootData();
  const t = useT();
  const links = useOtherStoreLinks();
  const { hash, pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the popover (before the #language check below opens it).
  useEffect(() => setOpen(false), [pathname]);

  // #language opens the switcher (spec §2), with focus on its first choice once it is drawn.
  const focusFirst = useRef(false);
  useEffect(() => {
    if (hash !== LANGUAGE_HASH) return;
    focusFirst.current = true;
    setOpen(true);
  }, [hash]);
  useEffect(() => {
    if (!open || !focusFirst.current) return;
    focusFirst.current = false;
    popover.current?.querySelector<HTMLElement>("a")?.focus();
  }, [open]);

  useDismiss(open, setOpen, wrapper, button);

  if (!root || links.length === 0) return null;
  const current = LOCALES[root.locale];

  return (
    <div ref={wrapper} className={`relative flex items-center ${className}`}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => setOpen((value) => !value)}
        className="header-action gap-1.5"
      >
        <GlobeIcon size={20} />
        <span className="sr-only">{t("shell.language.button", { language: current.name })}</span>
        <span aria-hidden="true" className="hidden uppercase xs:inline md:hidden">
          {current.code}
        </span>
        <span aria-hidden="true" className="hidden md:inline">
          {current.name}
        </span>
        <ChevronIcon size={16} className={`hidden transition-transform md:block ${open ? "rotate-180" : ""}`} />
      </button>
      {/* Without JavaScript the popover cannot open: the switch is then the plain link itself. */}
      <noscript>
        {links.map((link) => (
          <a
            key={link.code}
            href={link.href}
            hrefLang={link.locale}
            lang={link.locale}
            className="px-2 text-sm font-medium text-ink underline hover:text-accent"
          >
            {link.name}
          </a>
        ))}
      </noscript>
      <div ref={popover} id={popoverId} hidden={!open} className="language-popover">
        {/* Drawn when it opens (only a script opens it; without one the links stand beside the button). */}
        {open ? (
          <>
            <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">{t("shell.language.title")}</p>
            <ul>
              <li>
                <span
                  aria-current="true"
                  lang={current.langCode}
                  className="flex items-center justify-between rounded-md px-3 py-2 text-sm font-semibold text-ink"
                >
                  {current.name}
                  <CheckIcon size={18} className="text-accent" />
                </span>
              </li>
              {links.map((link) => (
                <li key={link.code}>
                  <a
                    href={link.href}
                    onFocus={link.refresh}
                    onPointerDown={link.refresh}
                    onClick={link.refresh}
                    hrefLang={link.locale}
                    lang={link.locale}
                    className="flex items-center rounded-md px-3 py-2 text-sm text-ink hover:bg-mist hover:text-accent"
                  >
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
