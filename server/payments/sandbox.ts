// The sandbox payment provider (decision 0037): what a real provider does, on this server. Its
// hosted page shows the amount and lets the shopper approve or decline (or leave); a decision
// is sent to the shop as a real provider's server would send it, a notification signed with
// HMAC-SHA256 over the body (server/payments/signature.ts) and checked by the same code as any
// provider's (POST /api/payments/sandbox/notifications); then the shopper goes back to the
// shop's return address. Leaving without a decision (Cancel, Back) sends nothing: the shop
// counts it as a cancel on return. Buyers approve their own payments and no money moves: a
// demo and test provider only, refused in production outside the demo (server/config.ts).
import { Hono } from "hono";
import { z } from "zod";
import { errorMessage } from "../../lib/errors/format.ts";
import { DEFAULT_LOCALE, type LocaleCode } from "../../lib/locales.ts";
import { formatPrice } from "../../lib/money.ts";
import { isLocalPath } from "../../lib/redirect.ts";
import { AppError } from "../errors.ts";
import { contentSecurityPolicy, styleHash } from "../http/csp.ts";
import { hostOf, storeCodeForHost } from "../http/store.ts";
import type { Services } from "../services.ts";
import type { PaymentNotification, PaymentProvider } from "./provider.ts";
import type { SandboxLedger } from "./sandbox-ledger.ts";
import { signBody, verifySignedBody } from "./signature.ts";

/** The header carrying the sandbox's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = "Sandbox-Signature";
/** The name of the sandbox's signing key in shop_secrets when PAYMENTS_SANDBOX_SECRET is unset. */
export const SANDBOX_SECRET_NAME = "payments_sandbox_key";

/** The sandbox's notification body. */
const notificationBody = z.strictObject({
  id: z.string().min(1).max(100),
  reference: z.string().min(1).max(100),
  amount: z.strictObject({ value: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) }),
  outcome: z.enum(["approved", "declined"]),
});

export interface SandboxProvider extends PaymentProvider {
  /** Its book of refunds (the page lists a payment's). */
  ledger: SandboxLedger;
  /** The notification the sandbox sends for a decision, signed now: the body and its headers. */
  notification(
    payment: { id: string; amountCents: number; currency: string },
    outcome: "approved" | "declined",
  ): Promise<{ body: string; headers: Headers }>;
}

export function createSandboxProvider({
  secret,
  ledger,
  clock = Date.now,
}: {
  secret: () => Promise<string>;
  /** Its book of refunds. */
  ledger: SandboxLedger;
  clock?: () => number;
}): SandboxProvider {
  return {
    code: "sandbox",
    ledger,
    async refund(request) {
      const made = await ledger.refund({
        id: request.refundId,
        providerPaymentId: request.providerPaymentId,
        amountCents: request.amountCents,
        currency: request.currency,
      });
      // As a provider's API answers: a refund past what was paid, or of a payment it does not know, is refused.
      if (made === "exceeds") throw new Error("sandbox: the refund exceeds what is left of the payment");
      if (made === "unknown") throw new Error("sandbox: no such approved payment");
      return { providerRefundId: `sbxr_${request.refundId}`, status: "succeeded" };
    },
    async start(request) {
      const query = new URLSearchParams({ return: request.returnPath });
      return { redirectUrl: `/payments/sandbox/${encodeURIComponent(request.id)}?${query}` };
    },
    async notification(payment, outcome) {
      // One provider payment per payment of the shop, as a real provider's id would be.
      const body = JSON.stringify({
        id: `sbx_${payment.id}`,
        reference: payment.id,
        amount: { value: payment.amountCents, currency: payment.currency },
        outcome,
      });
      const headers = new Headers({
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signBody(await secret(), body, clock()),
      });
      return { body, headers };
    },
    async verifyNotification({ body, headers }): Promise<PaymentNotification | null> {
      // The signature first: nothing of an unsigned body is read.
      if (!verifySignedBody(headers.get(SANDBOX_SIGNATURE_HEADER), body, await secret(), clock())) return null;
      let parsed: z.infer<typeof notificationBody>;
      try {
        parsed = notificationBody.parse(JSON.parse(body));
      } catch {
        return null;
      }
      return {
        providerPaymentId: parsed.id,
        paymentId: parsed.reference,
        amountCents: parsed.amount.value,
        currency: parsed.amount.currency,
        outcome: parsed.outcome,
      };
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The page's own words, in the language of the order's store (a real provider's page is
// not the shop's, so its texts live here rather than in the shop's page messages).
const TEXTS = {
  en: {
    title: "Sandbox payment",
    intro: (order: string) => `Test card payment for order ${order}. No money moves.`,
    help: "Approve completes the order, Decline tries a failed payment, and Cancel takes you back to the shop with your cart as it was.",
    approve: "Approve payment",
    decline: "Decline payment",
    cancel: "Cancel and return to the shop",
    back: "Return to the shop",
    refunds: "Refunds",
    decided: {
      approved: "This payment has been approved.",
      declined: "This payment has been declined.",
      canceled: "This payment has been cancelled.",
    },
  },
  fi: {
    title: "Testimaksu",
    intro: (order: string) => `Testikorttimaksu tilaukselle ${order}. Rahaa ei siirry.`,
    help: "Hyväksy viimeistelee tilauksen, Hylkää kokeilee epäonnistunutta maksua ja Peruuta palauttaa sinut kauppaan ostoskori ennallaan.",
    approve: "Hyväksy maksu",
    decline: "Hylkää maksu",
    cancel: "Peruuta ja palaa kauppaan",
    back: "Palaa kauppaan",
    refunds: "Palautukset",
    decided: { approved: "Tämä maksu on hyväksytty.", declined: "Tämä maksu on hylätty.", canceled: "Tämä maksu on peruttu." },
  },
} satisfies Record<LocaleCode, unknown>;

const STYLE = `body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;max-width:420px;width:calc(100% - 32px);box-sizing:border-box}
h1{font-size:1.25rem;margin:0 0 4px}p{color:#374151}.amount{font-size:2rem;font-weight:700;color:#111827;margin:16px 0}.help{font-size:.875rem}
form{display:flex;flex-direction:column;gap:12px;margin-top:24px}button,a.leave{font:inherit;font-weight:600;padding:14px;border-radius:999px;border:0;cursor:pointer;text-align:center}
button[value=approve]{background:#166534;color:#fff}button[value=decline]{background:#b91c1c;color:#fff}a.leave{color:#1f2937;text-decoration:underline}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`;
/** The page's own policy: no script, its one style element by its hash (issue 36). */
const POLICY = contentSecurityPolicy({ tagManager: false, recaptcha: false, styleElements: [styleHash(STYLE)] });

function page(locale: LocaleCode, title: string, body: string) {
  // The shop's icon (as its pages link it): without the link the browser asks for /favicon.ico, a 404.
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function sandboxRoutes(services: Services, sandbox: SandboxProvider) {
  const app = new Hono();
  const returnPath = (value: string | undefined, id: string) =>
    value && isLocalPath(value) ? value : `/checkout?payment=${encodeURIComponent(id)}`;

  app.get("/payments/sandbox/:id", async (c) => {
    const id = c.req.param("id");
    const found = await services.checkout.payment(id);
    // The payment's order decides the language; an unknown payment is worded for the host's store.
    const store = await services.catalog.store(found ? found.order.store_code : storeCodeForHost(hostOf(c.req.raw), services.storeDomains));
    const locale: LocaleCode = store?.locale ?? DEFAULT_LOCALE;
    if (!found) {
      const message = errorMessage({ code: "payment_not_found" }, locale);
      return c.html(page(locale, message, `<h1>${escapeHtml(message)}</h1>`), 404, {
        "Cache-Control": "no-store",
        "Content-Security-Policy": POLICY,
      });
    }
    const text = TEXTS[locale];
    const back = returnPath(c.req.query("return"), id);
    const status = found.payment.status;
    const money = (cents: number) =>
      formatPrice(cents, { symbol: store?.config.base_currency_symbol ?? "€", leftSide: store?.leftSideCurrency ?? false });
    const refunds = found.payment.provider_payment_id ? await sandbox.ledger.refundsOf(found.payment.provider_payment_id) : [];
    const refundList = refunds.length
      ? `<h2>${escapeHtml(text.refunds)}</h2><ul>${refunds
          .map(
            (r) =>
              `<li>${escapeHtml(money(r.amount_cents))} · ${escapeHtml(new Date(r.created_at).toISOString().slice(0, 16).replace("T", " "))} UTC</li>`,
          )
          .join("")}</ul>`
      : "";
    const body = `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.intro(found.order.order_number))}</p>
<p class="amount">${escapeHtml(money(found.payment.amount_cents))}</p>
${
  status !== "pending"
    ? `<p>${escapeHtml(text.decided[status])}</p>${refundList}<a class="leave" href="${escapeHtml(back)}">${escapeHtml(text.back)}</a>`
    : `<p class="help">${escapeHtml(text.help)}</p><form method="post"><input type="hidden" name="return" value="${escapeHtml(back)}">
<button name="decision" value="approve">${escapeHtml(text.approve)}</button>
<button name="decision" value="decline">${escapeHtml(text.decline)}</button>
<a class="leave" href="${escapeHtml(back)}">${escapeHtml(text.cancel)}</a></form>`
}`;
    return c.html(page(locale, text.title, body), 200, { "Cache-Control": "no-store", "Content-Security-Policy": POLICY });
  });

  app.post("/payments/sandbox/:id", async (c) => {
    const id = c.req.param("id");
    const form = await c.req.parseBody();
    const decision = form.decision;
    if (decision !== "approve" && decision !== "decline") return c.text("decision must be approve or decline", 400);
    const found = await services.checkout.payment(id);
    if (!found) throw new AppError(404, "payment_not_found");
    // The page never writes the outcome: it sends the shop the signed notification a real provider would.
    const notification = await sandbox.notification(
      { id, amountCents: found.payment.amount_cents, currency: found.order.currency },
      decision === "approve" ? "approved" : "declined",
    );
    await services.payments.receive(sandbox.code, notification);
    return c.redirect(returnPath(typeof form.return === "string" ? form.return : undefined, id), 303);
  });
  return app;
}
