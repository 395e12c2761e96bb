// Colour and size choice for a configurable product: radio groups that work with the
// keyboard and announce sold-out sizes. The rules live in lib/variant-selection.ts.
import type { ConfigurableOption } from "../../../lib/catalog-types.ts";
import { useT } from "../../lib/i18n.ts";

export function ColorPicker({
  option,
  value,
  onChange,
}: {
  option: ConfigurableOption;
  value: string | null;
  onChange: (uid: string) => void;
}) {
  const t = useT();
  const chosen = option.values.find((v) => v.uid === value);
  return (
    <fieldset>
      <legend className="text-sm font-semibold">
        {t("product.color")}
        {chosen ? <span className="font-normal text-muted">: {chosen.label}</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {option.values.map((v) => (
          <label key={v.uid} className="cursor-pointer" title={v.label}>
            <input
              type="radio"
              name="color"
              value={v.uid}
              checked={v.uid === value}
              onChange={() => onChange(v.uid)}
              className="peer sr-only"
            />
            <span className="sr-only">{v.label}</span>
            <span aria-hidden="true" className="swatch" style={{ background: v.swatch ?? "#ccc" }} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SizePicker({
  option,
  value,
  available,
  onChange,
}: {
  option: ConfigurableOption;
  value: string | null;
  available: string[];
  onChange: (uid: string) => void;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t("product.size")}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {option.values.map((v) => {
          const soldOut = !available.includes(v.uid);
          return (
            <label key={v.uid} className={soldOut ? "cursor-not-allowed" : "cursor-pointer"}>
              <input
                type="radio"
                name="size"
                value={v.uid}
                checked={v.uid === value}
                disabled={soldOut}
                onChange={() => onChange(v.uid)}
                className="peer sr-only"
              />
              <span className="size-chip">
                {/* Sold out in words, not only by a strike-through; the words are part of the radio's name too. */}
                <span className={soldOut ? "line-through" : undefined}>{v.label}</span>
                {soldOut ? (
                  <span className="block text-xs leading-tight" data-testid="size-sold-out">
                    {t("product.soldOut")}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
