// Pickup points (Noutopiste, decision 0010): the choice in step 1 — radio buttons of the points
// near the shipping address's postcode, a plain form field, so it works without JavaScript —
// and the chosen point as the recap and the success page show it.
import { type RefObject, useEffect, useState } from "react";
import { isPickupPostcode, type PickupPoint } from "../../../lib/pickup-points.ts";
import { useT } from "../../lib/i18n.ts";
import { FieldError } from "./fields.tsx";
import type { Message } from "./form-state.ts";

export interface PointsNear {
  postcode: string | null;
  points: PickupPoint[];
}

/**
 * With JavaScript, the list follows the postcode as it is typed (GET /api/checkout/pickup-points),
 * so the shopper chooses a point before saving; without it, saving the address lists them. A new
 * list from the server (the page's loader) replaces the typed one.
 */
export function usePickupPointsNear(form: RefObject<HTMLFormElement | null>, fromServer: PointsNear): PointsNear {
  const [near, setNear] = useState(fromServer);
  useEffect(() => setNear(fromServer), [fromServer]);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = "";
    const onInput = (event: Event) => {
      const input = event.target as HTMLInputElement;
      if (input.name !== "postcode") return;
      const postcode = input.value.trim();
      clearTimeout(timer);
      if (!isPickupPostcode(postcode)) return;
      timer = setTimeout(async () => {
        asked = postcode;
        try {
          const response = await fetch(`/api/checkout/pickup-points?postcode=${encodeURIComponent(postcode)}`);
          if (!response.ok || asked !== postcode) return;
          const body = (await response.json()) as { pickup_points: PickupPoint[] };
          if (asked === postcode) setNear({ postcode, points: body.pickup_points });
        } catch {
          // Offline for a moment: saving the address still lists the points.
        }
      }, 300);
    };
    element.addEventListener("input", onInput);
    return () => {
      clearTimeout(timer);
      element.removeEventListener("input", onInput);
    };
  }, [form]);
  return near;
}

/** The point's name, address and opening hours, line by line (inside a paragraph or a dd). */
export function PickupPointLines({ point }: { point: PickupPoint }) {
  const t = useT();
  return (
    <span className="block" data-testid="pickup-point">
      <span className="block font-medium">{point.name}</span>
      <span className="block">
        {point.street}, {point.postcode} {point.city}
      </span>
      <span className="block text-muted">
        {t("checkout.pickupPoint.hours", { hours: point.opening_hours })} · {point.carrier}
      </span>
    </span>
  );
}

/**
 * The points to choose from (field pickup_point_id). Without a saved postcode there is nothing
 * to measure from yet: the shopper is told that saving the address lists the points.
 */
export function PickupPointChoice({
  points,
  postcode,
  chosen,
  error,
}: {
  points: PickupPoint[];
  postcode: string | null;
  chosen: string;
  error: Message | undefined;
}) {
  const t = useT();
  if (!postcode || points.length === 0) {
    return (
      <div>
        <FieldError id="pickup-point-error" error={error} />
        <p className="text-sm text-muted">{t("checkout.pickupPoint.enterAddress")}</p>
      </div>
    );
  }
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? "pickup-point-error" : undefined}
      className="flex flex-col gap-2"
    >
      <legend className="mb-2 font-medium">{t("checkout.pickupPoint.near", { postcode })}</legend>
      <FieldError id="pickup-point-error" error={error} />
      {points.map((point) => {
        const id = `pickup-point-${point.id}`;
        return (
          <label
            key={point.id}
            htmlFor={id}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/5"
          >
            <input
              id={id}
              type="radio"
              name="pickup_point_id"
              value={point.id}
              defaultChecked={chosen === String(point.id)}
              aria-describedby={error ? "pickup-point-error" : undefined}
              className="mt-0.5 size-5 shrink-0 accent-accent"
            />
            <PickupPointLines point={point} />
          </label>
        );
      })}
    </fieldset>
  );
}
