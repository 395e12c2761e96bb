// The sandbox provider's hosted payment page: what a real provider's page does, on this
// server — shows the amount, lets the shopper approve or decline (or leave), records the
// decision, and sends the shopper back to the shop's return address.
import { Hono } from "hono";
import { isLocalPath } from "../../lib/redirect.ts";
import { formatPrice } from "../../lib/money.ts";
import type { Services } from "../services.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:1.25rem;margin:0 0 4px}p{color:#374151}.amount{font-size:2rem;font-weight:700;color:#111827;margin:16px 0}
form{display:flex;flex-direction:column;gap:12px;margin-top:24px}button,a.leave{font:inherit;font-weight:600;padding:14px;border-radius:999px;border:0;cursor:pointer;text-align:center}
button[value=approve]{background:#166534;color:#fff}button[value=decline]{background:#b91c1c;color:#fff}a.leave{color:#1f2937;text-decoration:underline}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style></head><body><main>${body}</main></body></html>`;
}

export function sandboxRoutes(services: Services) {
  const app = new Hono();
  const returnPath = (value: string | undefined, id: string) =>
    value && isLocalPath(value) ? value : `/checkout?payment=${encodeURIComponent(id)}`;

  app.get("/payments/sandbox/:id", async (c) => {
    const id = c.req.param("id");
    const found = await services.checkout.payment(id);
    if (!found) return c.html(page("Payment not found", "<h1>Payment not found</h1>"), 404);
    const back = returnPath(c.req.query("return"), id);
    const amount = formatPrice(found.payment.amount_cents, { symbol: "€", leftSide: false });
    const decided = found.payment.status !== "pending";
    const body = `<h1>Sandbox payment</h1><p>Test card payment for order ${escapeHtml(found.order.order_number)}. No money moves.</p>
<p class="amount">${escapeHtml(amount)}</p>
${
  decided
    ? `<p>This payment has been ${escapeHtml(found.payment.status)}.</p><a class="leave" href="${escapeHtml(back)}">Return to the shop</a>`
    : `<form method="post"><input type="hidden" name="return" value="${escapeHtml(back)}">
<button name="decision" value="approve">Approve payment</button>
<button name="decision" value="decline">Decline payment</button>
<a class="leave" href="${escapeHtml(back)}">Cancel and return to the shop</a></form>`
}`;
    return c.html(page("Sandbox payment", body), 200, { "Cache-Control": "no-store" });
  });

  app.post("/payments/sandbox/:id", async (c) => {
    const id = c.req.param("id");
    const form = await c.req.parseBody();
    const decision = form.decision;
    if (decision !== "approve" && decision !== "decline") return c.text("decision must be approve or decline", 400);
    await services.checkout.decidePayment(id, decision === "approve");
    return c.redirect(returnPath(typeof form.return === "string" ? form.return : undefined, id), 303);
  });
  return app;
}
