// The cookie categories with their explanations: necessary (always on, shown as such), then
// preferences, statistics and marketing as checkboxes of the surrounding form.
import { useId } from "react";
import type { Consent } from "../../../lib/cookies.ts";
import { useT } from "../../lib/i18n.ts";

const CATEGORIES = ["preferences", "analytics", "marketing"] as const;

export function ConsentChoices({ current }: { current?: Consent }) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">{t("consent.categories")}</legend>
      <div className="flex items-start gap-3 rounded-md border border-line p-3">
        <input id={`${id}-necessary`} type="checkbox" checked disabled aria-describedby={`${id}-necessary-text`} className="mt-1 size-4" />
        <div>
          <label htmlFor={`${id}-necessary`} className="font-medium">
            {t("consent.necessary.title")} <span className="text-sm font-normal text-muted">({t("consent.alwaysOn")})</span>
          </label>
          <p id={`${id}-necessary-text`} className="text-sm text-muted">
            {t("consent.necessary.text")}
          </p>
        </div>
      </div>
      {CATEGORIES.map((category) => (
        <div key={category} className="flex items-start gap-3 rounded-md border border-line p-3">
          <input
            id={`${id}-${category}`}
            type="checkbox"
            name={category}
            defaultChecked={current?.[category] ?? false}
            aria-describedby={`${id}-${category}-text`}
            className="mt-1 size-4 accent-accent"
          />
          <div>
            <label htmlFor={`${id}-${category}`} className="font-medium">
              {t(`consent.${category}.title`)}
            </label>
            <p id={`${id}-${category}-text`} className="text-sm text-muted">
              {t(`consent.${category}.text`)}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
