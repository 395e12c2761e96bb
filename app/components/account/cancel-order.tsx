// "Cancel the order" on an order's page (the customer's and the guest's, decision 0081): a link
// that asks first (?cancel), then a plain form posting to the page's own action, so it works
// with and without JavaScript; "Keep the order" goes back.
import { useSearchParams } from "react-router";
import type { OrderView } from "../../../server/orders/order-view.ts";
import { useT } from "../../lib/i18n.ts";
import { Form, Link } from "../ui/router-link.tsx";

export function CancelOrder({ order, path }: { order: Pick<OrderView, "order_number" | "can_cancel">; path: string }) {
  const t = useT();
  const [params] = useSearchParams();
  if (!order.can_cancel) return null;
  if (!params.has("cancel"))
    return (
      <Link to="?cancel" className="mt-4 inline-block underline">
        {t("account.order.cancel")}
      </Link>
    );
  return (
    <section aria-labelledby="cancel-question" className="mt-6 rounded border border-line p-4">
      <h2 id="cancel-question" className="text-lg font-semibold">
        {t("account.order.cancelQuestion", { number: order.order_number })}
      </h2>
      <p className="mt-2">{t("account.order.cancelExplain")}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Form method="post">
          <button type="submit" className="rounded-full bg-sale px-6 py-3 font-medium text-white hover:opacity-90">
            {t("account.order.cancelYes")}
          </button>
        </Form>
        <Link to={path} className="underline" replace>
          {t("account.order.cancelNo")}
        </Link>
      </div>
    </section>
  );
}
