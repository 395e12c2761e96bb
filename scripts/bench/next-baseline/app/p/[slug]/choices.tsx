"use client";
// The colour and size choice of case (n)'s product page: hydrated in the browser, it posts the
// chosen variant to /cart.
import { useState } from "react";

export interface Choice {
  sku: string;
  color: string | null;
  colorLabel: string;
  swatch: string | null;
  size: string | null;
  sizeLabel: string;
  inStock: boolean;
}

export function Choices({ sku, variants }: { sku: string; variants: Choice[] }) {
  const [color, setColor] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const colors = [...new Map(variants.filter((v) => v.color).map((v) => [v.color, v])).values()];
  const sizes = [...new Map(variants.filter((v) => v.size).map((v) => [v.size, v])).values()];
  const chosen = variants.find((v) => (!colors.length || v.color === color) && (!sizes.length || v.size === size));
  return (
    <form method="post" action="/cart">
      <input type="hidden" name="sku" value={sku} />
      <input type="hidden" name="variant" value={chosen?.sku ?? ""} />
      {colors.length ? (
        <fieldset>
          <legend>Colour</legend>
          {colors.map((v) => (
            <label key={v.color} className="inline-flex items-center gap-2">
              <input type="radio" name="color" value={v.color ?? ""} checked={color === v.color} onChange={() => setColor(v.color)} />
              <span aria-hidden className="h-7 w-7 rounded-full" style={{ background: v.swatch ?? "#ccc" }} />
              {v.colorLabel}
            </label>
          ))}
        </fieldset>
      ) : null}
      {sizes.length ? (
        <fieldset>
          <legend>Size</legend>
          {sizes.map((v) => (
            <label key={v.size} className="inline-flex items-center">
              <input type="radio" name="size" value={v.size ?? ""} checked={size === v.size} onChange={() => setSize(v.size)} />
              {v.sizeLabel}
            </label>
          ))}
        </fieldset>
      ) : null}
      <button type="submit" disabled={!chosen?.inStock} className="rounded-full bg-ink px-6 py-3 text-white">
        Add to cart
      </button>
    </form>
  );
}
