// The search bar's field and its suggestions panel (spec §2 search bar, §9 sizes). A plain GET
// form to /searchresults without JavaScript. With it, the field is a combobox: focus opens the
// panel (fetching suggestions if none are loaded), typing reloads them (one request at a time,
// after a short pause), arrows move through the options, Enter opens the active option or
// searches the typed text (only while the panel is open), and the bar is cleared and closed.
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Form } from "../ui/router-link.tsx";
import { useT } from "../../lib/i18n.ts";
import {
  fetchSuggestions,
  highlightParts,
  notifyClick,
  type SuggestedPhrase,
  type SuggestedProduct,
  type Suggestions,
} from "../../lib/engagement.ts";
import { shortName } from "../../../lib/product-name.ts";
import { SellingPrice } from "../ui/price.tsx";
import { CloseIcon, SearchIcon } from "../ui/icons.tsx";

/** Spec §9 (default fetch delay): a pause in typing before suggestions are asked for again. */
const TYPING_PAUSE_MS = 200;
/** Spec §9: at most five product suggestions. */
const MAX_PRODUCTS = 5;

type Origin = "recent" | "suggestion" | "default";
type Option =
  | { kind: "phrase"; phrase: SuggestedPhrase; origin: Origin }
  | { kind: "product"; product: SuggestedProduct }
  | { kind: "all"; total: number };

const resultsHref = (q: string, origin?: Origin) => `/searchresults?${new URLSearchParams(origin ? { search: q, origin } : { search: q })}`;

function optionsOf(suggestions: Suggestions | null, typed: string): Option[] {
  if (!suggestions) return [];
  const options: Option[] = [];
  if (!typed) for (const phrase of suggestions.recentSearches) options.push({ kind: "phrase", phrase, origin: "recent" });
  for (const phrase of suggestions.phraseSuggestions) options.push({ kind: "phrase", phrase, origin: typed ? "suggestion" : "default" });
  const products = typed ? suggestions.productSuggestions : suggestions.recentlyViewed;
  for (const product of products.slice(0, MAX_PRODUCTS)) options.push({ kind: "product", product });
  if (typed && suggestions.totalHits > 0) options.push({ kind: "all", total: suggestions.totalHits });
  return options;
}

export function SearchBox({ input }: { input: React.RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [suggestions, setSuggestions] = useState<{ q: string; answer: Suggestions } | null>(null);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const typed = text.trim();

  const load = (q: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    fetchSuggestions(q, controller.signal)
      .then((answer) => {
        if (!controller.signal.aborted) setSuggestions({ q, answer });
      })
      .catch((error: unknown) => {
        // Spec §9: an autocomplete failure is only logged; the plain search still works.
        if (!controller.signal.aborted) console.warn("autocomplete failed", error);
      });
  };

  // Suggestions follow the text, after a pause in typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load is the same function in effect; the text drives it.
  useEffect(() => {
    if (!open) return;
    if (suggestions?.q === typed) return;
    const timer = window.setTimeout(() => load(typed), suggestions ? TYPING_PAUSE_MS : 0);
    return () => window.clearTimeout(timer);
  }, [typed, open]);
  useEffect(() => () => request.current?.abort(), []);

  // A press outside the field and its panel closes the panel.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const shown = suggestions?.q === typed ? suggestions.answer : null;
  const options = optionsOf(shown, typed);
  const finish = (href: string) => {
    setText("");
    setOpen(false);
    setActive(-1);
    navigate(href);
  };
  const choose = (option: Option) => {
    if (option.kind === "phrase") return finish(resultsHref(option.phrase.q, option.origin));
    if (option.kind === "all") return finish(resultsHref(typed));
    notifyClick(option.product.ticket);
    finish(option.product.link);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const last = options.length - 1;
      setActive((index) => (event.key === "ArrowDown" ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1));
      return;
    }
    if (event.key === "Enter" && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active] as Option);
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec §2: a search is sent only while the panel is open (a stray Enter does nothing).
    if (!open || !typed) return;
    finish(resultsHref(typed));
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  const listId = `${id}-list`;
  const activeOption = active >= 0 && active < options.length ? optionId(active) : undefined;

  return (
    <div ref={box} className="relative mx-auto max-w-3xl px-4 py-4 md:px-8 md:py-6">
      <Form
        action="/searchresults"
        role="search"
        aria-label={t("shell.search.region")}
        onSubmit={onSubmit}
        className="flex items-center gap-2"
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          {t("shell.search.label")}
        </label>
        <div className="relative flex-1">
          <SearchIcon size={20} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" />
          <input
            ref={input}
            id={`${id}-input`}
            type="search"
            name="search"
            required
            maxLength={200}
            autoComplete="off"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            placeholder={t("shell.search.placeholder")}
            className="h-12 w-full rounded-full border border-line bg-mist pr-11 pl-11 text-base text-ink placeholder:text-muted focus:border-accent focus:bg-white [&::-webkit-search-cancel-button]:hidden"
          />
          {text ? (
            <button
              type="button"
              onClick={() => {
                setText("");
                setActive(-1);
                input.current?.focus();
              }}
              className="absolute top-1/2 right-2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:text-ink"
            >
              <CloseIcon size={18} />
              <span className="sr-only">{t("shell.search.clear")}</span>
            </button>
          ) : null}
        </div>
        <button type="submit" className="h-12 rounded-full bg-accent px-5 font-medium text-white hover:bg-accent-dark md:px-7">
          {t("shell.search.submit")}
        </button>
      </Form>
      <SuggestionPanel
        id={listId}
        open={open && shown !== null}
        typed={typed}
        answer={shown}
        options={options}
        optionId={optionId}
        active={active}
        onChoose={choose}
      />
    </div>
  );
}

function SuggestionPanel({
  id,
  open,
  typed,
  answer,
  options,
  optionId,
  active,
  onChoose,
}: {
  id: string;
  open: boolean;
  typed: string;
  answer: Suggestions | null;
  options: Option[];
  optionId: (index: number) => string;
  active: number;
  onChoose: (option: Option) => void;
}) {
  const t = useT();
  const nothing = open && answer !== null && options.length === 0 && typed !== "";
  return (
    <div
      hidden={!open || (options.length === 0 && !nothing)}
      className="search-panel absolute inset-x-4 top-full z-10 max-h-[70vh] overflow-y-auto rounded-b-lg border border-line bg-white shadow-lg md:inset-x-auto md:left-1/2 md:w-[700px] md:max-w-[calc(100vw-2rem)] md:-translate-x-1/2"
    >
      {nothing ? (
        <div className="p-5" role="status">
          <p className="font-semibold">{t("shell.search.notFound", { search: typed })}</p>
          <p className="mt-1 text-sm text-muted">{t("shell.search.tryAgain")}</p>
        </div>
      ) : null}
      <div id={id} role="listbox" aria-label={t("shell.search.suggestions")} className="py-2">
        {options.map((option, index) => (
          <OptionRow
            key={optionId(index)}
            id={optionId(index)}
            option={option}
            active={index === active}
            first={index === 0 || options[index - 1]?.kind !== option.kind}
            typed={typed}
            onChoose={onChoose}
          />
        ))}
      </div>
    </div>
  );
}

function OptionRow({
  id,
  option,
  active,
  first,
  typed,
  onChoose,
}: {
  id: string;
  option: Option;
  active: boolean;
  first: boolean;
  typed: string;
  onChoose: (option: Option) => void;
}) {
  const t = useT();
  const row = `flex w-full cursor-pointer items-center gap-3 px-4 py-2 text-left ${active ? "bg-mist" : "hover:bg-mist"}`;
  // A group's title: shown, but not an option (the options carry their own names).
  const heading = (text: string) =>
    first ? (
      <div role="presentation" aria-hidden="true" className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {text}
      </div>
    ) : null;
  // Options are chosen by a press (the combobox keeps the focus: no button inside a listbox).
  const press = {
    onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
    onClick: () => onChoose(option),
  };
  if (option.kind === "phrase") {
    const parts = highlightParts(option.phrase.highlighted ?? option.phrase.q);
    return (
      <>
        {heading(t(option.origin === "recent" ? "shell.search.recent" : "shell.search.phrases"))}
        <div id={id} role="option" tabIndex={-1} aria-selected={active} className={row} {...press}>
          <SearchIcon size={16} className="shrink-0 text-muted" />
          <span>
            {parts.map((part, i) =>
              part.match ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
                <mark key={i} className="bg-transparent font-semibold text-ink">
                  {part.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
                <span key={i}>{part.text}</span>
              ),
            )}
          </span>
        </div>
      </>
    );
  }
  if (option.kind === "all") {
    return (
      <div
        id={id}
        role="option"
        tabIndex={-1}
        aria-selected={active}
        className={`${row} mt-1 border-t border-line py-3 font-medium text-accent`}
        {...press}
      >
        {t("shell.search.all", { count: option.total })}
      </div>
    );
  }
  const product = option.product;
  const range = product.sellingPrice;
  const thumbnail = product.imageInfo?.thumbnail;
  return (
    <>
      {heading(t(typed ? "shell.search.products" : "shell.search.recentlyViewed"))}
      <div id={id} role="option" tabIndex={-1} aria-selected={active} className={row} {...press}>
        {thumbnail ? (
          <img
            src={thumbnail}
            alt=""
            width={50}
            height={70}
            loading="lazy"
            className="h-[70px] w-[50px] shrink-0 rounded bg-mist object-cover"
          />
        ) : (
          <span className="h-[70px] w-[50px] shrink-0 rounded bg-mist" />
        )}
        <span className="flex min-w-0 flex-1 flex-col text-sm">
          {product.brand ? <span className="text-xs text-muted uppercase">{product.brand}</span> : null}
          <span className="font-medium">{shortName(product.title)}</span>
        </span>
        <SellingPrice price={range} />
      </div>
    </>
  );
}
