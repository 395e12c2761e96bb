// Filters and sorting of a category page. A plain GET form, so it works without
// JavaScript; with it, every change applies at once through a canonical URL
// (lib/filters.ts listingQuery) that a link or the back button reproduces.
import { useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { CategoryListing } from "../../../lib/catalog-types.ts";
import { countFiltersInUse, type FilterConfig, listingQuery, visibleFilters } from "../../../lib/filters.ts";
import { useT } from "../../lib/i18n.ts";

/** Sort choices: each available sort field; price in both directions (descending first, the default). */
function sortChoices(listing: CategoryListing, t: ReturnType<typeof useT>) {
  return listing.sort_fields.options.flatMap((o) =>
    o.value === "price"
      ? [
          { value: "price:desc", label: t("category.sort.priceDesc") },
          { value: "price:asc", label: t("category.sort.priceAsc") },
        ]
      : [{ value: `${o.value}:`, label: o.label }],
  );
}

function viewFromForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const filters: Record<string, string[]> = {};
  for (const [key, value] of data) {
    if (key === "sort" || typeof value !== "string" || value === "") continue;
    filters[key] = [...(filters[key] ?? []), value];
  }
  const [sort, dir] = String(data.get("sort") ?? ":").split(":");
  return { filters, sort: sort || undefined, dir: dir || undefined };
}

export function ListingControls({ listing, config }: { listing: CategoryListing; config: FilterConfig }) {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const base = `/c/${listing.category.url_path}`;
  const applied = listing.applied.filters;
  const inUse = countFiltersInUse(applied, config);
  const filters = visibleFilters(listing.aggregations, config);
  const sortValue = `${listing.applied.sort}:${listing.applied.sort === "price" ? listing.applied.dir : ""}`;
  const sortDefault =
    listing.applied.sort === listing.category.default_sort_by && (listing.applied.sort !== "price" || listing.applied.dir === "desc");
  const keepSort = sortDefault
    ? {}
    : { sort: listing.applied.sort, dir: listing.applied.sort === "price" ? listing.applied.dir : undefined };

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const view = viewFromForm(event.currentTarget);
    const isDefault = view.sort === listing.category.default_sort_by && (view.sort !== "price" || view.dir === "desc");
    navigate(`${base}${listingQuery({ filters: view.filters, ...(isDefault ? {} : { sort: view.sort, dir: view.dir }) })}`, {
      preventScrollReset: true,
    });
  };

  const without = (code: string, value: string) => {
    const next = { ...applied, [code]: (applied[code] ?? []).filter((v) => v !== value) };
    return `${base}${listingQuery({ filters: next, ...keepSort })}`;
  };
  const labelOf = (code: string, value: string) =>
    listing.aggregations.find((a) => a.attribute_code === code)?.options.find((o) => o.value === value)?.label ?? value;

  return (
    <Form
      method="get"
      action={base}
      onChange={onChange}
      preventScrollReset
      className="flex flex-col gap-4 md:flex-row md:flex-wrap md:items-start"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 md:order-2 md:ml-auto">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="category-filters"
          onClick={() => setOpen(!open)}
          className="rounded-full border border-line px-4 py-2 text-sm font-medium md:hidden"
        >
          {t("category.filters", { count: inUse })}
        </button>
        <label className="ml-auto flex items-center gap-2 text-sm">
          {t("category.sortBy")}
          <select name="sort" defaultValue={sortValue} className="rounded border border-line bg-white px-3 py-2">
            {sortChoices(listing, t).map((c) => (
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
            <Link to={`${base}${listingQuery({ filters: {}, ...keepSort })}`} preventScrollReset className="px-2 py-1 text-sm underline">
              {t("category.clearFilters")}
            </Link>
          </li>
        </ul>
      ) : null}
      <div id="category-filters" className={`${open ? "block" : "hidden"} md:order-1 md:block`}>
        <FilterGroups listing={listing} filters={filters} />
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
function FilterGroups({ listing, filters }: { listing: CategoryListing; filters: CategoryListing["aggregations"] }) {
  const applied = listing.applied.filters;
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
