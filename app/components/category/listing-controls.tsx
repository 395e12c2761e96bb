// Filters and sorting of a product listing: a category page, or the search results (one
// component for both). A plain GET form, so it works without JavaScript; with it, every change
// applies at once through a canonical URL (lib/filters.ts listingQuery) that a link or the back
// button reproduces. The page says where the form goes and what it keeps (the search text).
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Form, Link } from "../ui/router-link.tsx";
import type { Aggregation, CategoryListing } from "../../../lib/catalog-types.ts";
import { countFiltersInUse, type FilterConfig, listingQuery, visibleFilters } from "../../../lib/filters.ts";
import { useT } from "../../lib/i18n.ts";

/** A sort choice: the select's value is "sort:dir" (dir only for price), its label. */
export interface SortChoice {
  value: string;
  label: string;
}

/** The select's value of a sort: "price:asc", "price:desc", "position:", "relevance:". */
export const sortValueOf = (sort: string, dir?: string) => `${sort}:${sort === "price" ? (dir ?? "desc") : ""}`;

/** A category's sort choices: each available sort field; price in both directions (descending first, the default). */
export function categorySortChoices(listing: Pick<CategoryListing, "sort_fields">, t: ReturnType<typeof useT>): SortChoice[] {
  return listing.sort_fields.options.flatMap((o) =>
    o.value === "price"
      ? [
          { value: "price:desc", label: t("category.sort.priceDesc") },
          { value: "price:asc", label: t("category.sort.priceAsc") },
        ]
      : [{ value: `${o.value}:`, label: o.label }],
  );
}

function viewFromForm(form: HTMLFormElement, kept: Record<string, string>) {
  const data = new FormData(form);
  const filters: Record<string, string[]> = {};
  for (const [key, value] of data) {
    if (key === "sort" || key in kept || typeof value !== "string" || value === "") continue;
    filters[key] = [...(filters[key] ?? []), value];
  }
  return { filters, sortValue: String(data.get("sort") ?? ":") };
}

export interface ListingControlsProps {
  /** The page's path: the form's action and the links' base. */
  path: string;
  /** Parameters every view of the page keeps, first in its address (the search text). */
  keep?: Record<string, string>;
  aggregations: Aggregation[];
  applied: { sort: string; dir: string; filters: Record<string, string[]> };
  sortChoices: SortChoice[];
  /** The default sort's value (sortValueOf): left out of the address. */
  defaultSort: string;
  config: FilterConfig;
}

export function ListingControls({ path, keep = {}, aggregations, applied: view, sortChoices, defaultSort, config }: ListingControlsProps) {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const applied = view.filters;
  const inUse = countFiltersInUse(applied, config);
  const filters = visibleFilters(aggregations, config);
  const sortValue = sortValueOf(view.sort, view.dir);
  const sortParams = (value: string) => {
    if (value === defaultSort) return {};
    const [sort, dir] = value.split(":");
    return { sort: sort || undefined, dir: dir || undefined };
  };
  const href = (filtersOf: Record<string, string[]>, sort: string) =>
    `${path}${listingQuery({ filters: filtersOf, ...sortParams(sort) }, keep)}`;

  // The controls are uncontrolled (the form works without JavaScript); a box the shopper ticked
  // keeps its own state, so when the view changes by a link (a filter removed, Clear, Back) the
  // boxes and the sort are set to what the page now shows.
  const shown = `${listingQuery({ filters: applied })}|${sortValue}`;
  useEffect(() => {
    const [query = "", sort = ""] = shown.split("|");
    const now = new URLSearchParams(query);
    for (const input of form.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox], input[type=radio]") ?? [])
      input.checked = (now.get(input.name)?.split(",") ?? []).includes(input.value);
    const select = form.current?.querySelector<HTMLSelectElement>("select[name=sort]");
    // Only to another choice it has: setting a select to a value none of its options has empties it.
    if (select && select.value !== sort && [...select.options].some((o) => o.value === sort)) select.value = sort;
  }, [shown]);

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const next = viewFromForm(event.currentTarget, keep);
    navigate(href(next.filters, next.sortValue), { preventScrollReset: true });
  };

  const without = (code: string, value: string) =>
    href({ ...applied, [code]: (applied[code] ?? []).filter((v) => v !== value) }, sortValue);
  const labelOf = (code: string, value: string) =>
    aggregations.find((a) => a.attribute_code === code)?.options.find((o) => o.value === value)?.label ?? value;

  return (
    <Form
      ref={form}
      method="get"
      action={path}
      onChange={onChange}
      preventScrollReset
      className="flex flex-col gap-4 md:flex-row md:flex-wrap md:items-start"
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-3 md:order-2 md:ml-auto">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="listing-filters"
          onClick={() => setOpen(!open)}
          className="rounded-full border border-line px-4 py-2 text-sm font-medium md:hidden"
        >
          {t("category.filters", { count: inUse })}
        </button>
        <label className="ml-auto flex items-center gap-2 text-sm">
          {t("category.sortBy")}
          <select name="sort" defaultValue={sortValue} className="rounded border border-line bg-white px-3 py-2">
            {sortChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="rounded-full bg-accent px-4 py-2 text-sm font-medium text-white">
            {t("category.apply")}
          </button>
        </noscript>
      </div>
      {inUse > 0 ? (
        <ul className="flex flex-wrap gap-2 md:order-3 md:w-full" aria-label={t("category.activeFilters")}>
          {Object.entries(applied).flatMap(([code, values]) =>
            values.map((value) => (
              <li key={`${code}:${value}`}>
                <Link
                  to={without(code, value)}
                  preventScrollReset
                  className="inline-flex items-center gap-1 rounded-full bg-mist px-3 py-1 text-sm hover:bg-line"
                  aria-label={t("category.removeFilter", { label: labelOf(code, value) })}
                >
                  {labelOf(code, value)} <span aria-hidden="true">×</span>
                </Link>
              </li>
            )),
          )}
          <li>
            <Link to={href({}, sortValue)} preventScrollReset className="px-2 py-1 text-sm underline">
              {t("category.clearFilters")}
            </Link>
          </li>
        </ul>
      ) : null}
      <div id="listing-filters" className={`${open ? "block" : "hidden"} md:order-1 md:block`}>
        <FilterGroups applied={applied} filters={filters} />
      </div>
    </Form>
  );
}

/** Escape closes an open filter and gives the focus back to its button (the summary). */
function closeOnEscape(event: React.KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (event.key !== "Escape" || !details.open) return;
  event.preventDefault();
  // One dropdown at a time: an outer layer (a dialog) stays open.
  event.stopPropagation();
  details.open = false;
  details.querySelector("summary")?.focus();
}

/** One popover per filter on wide screens; stacked under the Filters button on narrow ones. */
function FilterGroups({ applied, filters }: { applied: Record<string, string[]>; filters: Aggregation[] }) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:flex-wrap">
      {filters.map((filter) => (
        <details key={filter.attribute_code} className="group relative" onKeyDown={closeOnEscape}>
          <summary className="cursor-pointer list-none rounded-full border border-line px-4 py-2 text-sm font-medium group-open:border-ink">
            {filter.translated_label}
            {applied[filter.attribute_code]?.length ? ` (${applied[filter.attribute_code]?.length})` : ""}
          </summary>
          <fieldset className="mt-2 max-h-[350px] overflow-y-auto rounded-lg border border-line bg-white p-3 md:absolute md:z-20 md:w-64 md:shadow-lg">
            <legend className="sr-only">{filter.translated_label}</legend>
            <ul className="flex flex-col gap-1">
              {filter.options.map((option) => {
                const id = `filter-${filter.attribute_code}-${option.value}`;
                const single = filter.attribute_code === "price";
                return (
                  <li key={option.value} className="flex items-center gap-2 text-sm">
                    <input
                      id={id}
                      type={single ? "radio" : "checkbox"}
                      name={filter.attribute_code}
                      value={option.value}
                      defaultChecked={applied[filter.attribute_code]?.includes(option.value) ?? false}
                      className="h-4 w-4 accent-accent"
                    />
                    {option.swatch ? (
                      <span
                        aria-hidden="true"
                        className="inline-block h-4 w-4 rounded-full border border-line"
                        style={{ background: option.swatch }}
                      />
                    ) : null}
                    <label htmlFor={id} className="flex-1">
                      {option.label}
                    </label>
                    <span className="text-muted">{option.count}</span>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        </details>
      ))}
    </div>
  );
}
