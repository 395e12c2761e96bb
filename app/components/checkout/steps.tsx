// Where the shopper is in the checkout (spec §2: shipping, then billing). A finished
// shipping step is a link back to it.
import { Link } from "../ui/router-link.tsx";
import { useT } from "../../lib/i18n.ts";
import { CheckIcon } from "../ui/icons.tsx";

export type CheckoutStep = "shipping" | "billing";

export function CheckoutSteps({ step, shippingDone }: { step: CheckoutStep; shippingDone: boolean }) {
  const t = useT();
  const items = [
    { key: "shipping" as const, label: t("checkout.step.shipping"), done: shippingDone && step === "billing" },
    { key: "billing" as const, label: t("checkout.step.billing"), done: false },
  ];
  return (
    <nav aria-label={t("checkout.steps")} className="mt-4">
      <ol className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {items.map((item, i) => {
          const current = item.key === step;
          const badge = (
            <span
              aria-hidden="true"
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                current ? "bg-accent text-white" : item.done ? "bg-accent/15 text-accent" : "border border-muted text-muted"
              }`}
            >
              {item.done ? <CheckIcon size={14} /> : i + 1}
            </span>
          );
          return (
            <li key={item.key} className="flex items-center gap-3">
              {i > 0 ? <span aria-hidden="true" className="h-px w-6 bg-line" /> : null}
              {item.done ? (
                <Link to="/checkout?step=shipping" className="flex items-center gap-2 underline-offset-4 hover:underline">
                  {badge}
                  {item.label}
                </Link>
              ) : (
                <span
                  className={`flex items-center gap-2 ${current ? "font-semibold text-ink" : "text-muted"}`}
                  aria-current={current ? "step" : undefined}
                >
                  {badge}
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
