// The domain services, created once per process and shared by the API and the pages
// (handed to React Router as its load context).
import path from "node:path";
import { type CartRepository, createCartRepository, DEFAULT_WRITERS } from "./cart/repository.ts";
import { createLimiter } from "./limiter.ts";
import { cachedPricingReference, type CartService, createCartService } from "./cart/service.ts";
import { createCatalogRepository } from "./catalog/repository.ts";
import { createProductChanges } from "./catalog/changes.ts";
import { createPriceClock } from "./catalog/price-clock.ts";
import { createCatalogService, type Store } from "./catalog/service.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { createCheckoutService } from "./checkout/service.ts";
import { createCustomerService } from "./customers/service.ts";
import { createAddressBook } from "./customers/addresses.ts";
import { createProfileService } from "./customers/profile.ts";
import type { AccountExecutor } from "./customers/repository.ts";
import { createDataVersions } from "./data-versions.ts";
import type { Authenticate } from "./identity.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { ORDER_CONFIRMATION } from "./mail/order-confirmation.ts";
import { createOutbox, type Outbox } from "./mail/outbox.ts";
import { keptSecret } from "./db/secrets.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import { createSandboxProvider, SANDBOX_SECRET_NAME, type SandboxProvider } from "./payments/sandbox.ts";
import { createPaymentService } from "./payments/service.ts";
import { createSandboxLedger } from "./payments/sandbox-ledger.ts";
import { orderQueries } from "./orders/repository.ts";
import { createRefunder } from "./orders/refunds.ts";
import { createOrderDesk } from "./orders/desk.ts";
import { createOrderLookup } from "./orders/lookup.ts";
import { createOrderEvents, ORDER_WEBHOOK, WEBHOOK_RETRY_MS, type WebhookEndpoint } from "./orders/events.ts";
import { createOrders, ORDER_CANCELED } from "./orders/service.ts";
import { createCustomerOrders } from "./orders/customer-orders.ts";
import { createWishlistService } from "./wishlist/service.ts";
import { createRecommendations } from "./engagement/recommendations.ts";
import { createEngagementService } from "./engagement/service.ts";
import { captchaSettings, createCaptchaService } from "./captcha/service.ts";
import { createNewsletterService } from "./newsletter/service.ts";
import { createFormService } from "./forms/service.ts";
import { createCrmReports, type CrmQueue, type CrmSink } from "./crm/reports.ts";
import { createLoyaltyService } from "./loyalty/service.ts";
import { createShipmentService, SHIPMENT_NOTICE } from "./shipments/service.ts";
import { createContentService } from "./content/service.ts";
import { createStoreOrigins } from "./http/origins.ts";
import { DEFAULT_LOCALE } from "../lib/locales.ts";
import { createRateLimits, limitRules, type RateLimitSettings } from "./rate-limits/service.ts";

const CART_SWEEP_MS = 60 * 60 * 1000;
/** The name of the key signing guests' order passes in shop_secrets. */
const ORDER_LOOKUP_SECRET_NAME = "order_lookup_key";

type ServiceConfig = Pick<Config, "STORE_DOMAINS"> &
  RateLimitSettings &
  Partial<
    Pick<
      Config,
      | "PORT"
      | "PUBLIC_URL_EN"
      | "PUBLIC_URL_FI"
      | "SMTP_URL"
      | "MAIL_FROM"
      | "dataDir"
      | "AUTH_TOKEN_TTL_SECONDS"
      | "TRUSTED_PROXY_HOPS"
      | "HSTS_MAX_AGE_SECONDS"
      | "METRICS_TOKEN"
      | "CART_WRITE_CONCURRENCY"
      | "ALTCHA_HMAC_KEY"
      | "ALTCHA_COST"
      | "ALTCHA_MAX_COUNTER"
      | "ALTCHA_EXPIRES_SECONDS"
      | "CAPTCHA_FALLBACK_SECONDS"
      | "RECAPTCHA_SITE_KEY"
      | "RECAPTCHA_SECRET"
      | "RECAPTCHA_VERSION"
      | "RECAPTCHA_MIN_SCORE"
      | "RECAPTCHA_VERIFY_URL"
      | "OPERATOR_TOKEN"
      | "CONTACT_ATTACHMENT_MAX_MB"
      | "CUSTOMER_SERVICE_EMAIL"
      | "CONTENT_PREVIEW_SECRET"
      | "GTM_ID"
      | "PAYMENT_PROVIDERS"
      | "PAYMENTS_SANDBOX_SECRET"
      | "WEBHOOK_URLS"
      | "WEBHOOK_SECRETS"
    >
  >;

export interface ServiceOptions {
  /** Polls of data_versions and of the product change log (0: none; notifications still arrive). */
  pollMs?: number;
  /** The time every price is read at (catalogue, cart and the price clock alike); tests move it. */
  clock?: () => number;
  log?: (error: unknown) => void;
  /** The mail outbox: how often it looks for due messages, its first retry delay, another mailer (tests). */
  outbox?: { pollMs?: number; baseDelayMs?: number; mailer?: Mailer; start?: boolean };
  /** Refunds to payment providers: the poll, first retry delay, whether it starts (tests drain it themselves). */
  refunds?: { pollMs?: number; baseDelayMs?: number; start?: boolean };
  /** The purchase reports' deliverer: its poll, first retry delay, other sinks (tests), whether it starts. */
  crm?: { pollMs?: number; baseDelayMs?: number; sinks?: readonly CrmSink[]; start?: boolean };
  /**
   * From a request's token to its customer (server/identity.ts). The accounts backend's goes
   * here; until it exists nobody is logged in. Tests give a fake one.
   */
  authenticate?: Authenticate;
}

/** The card payment providers on (decision 0037): the settings' list; unset (tests), the sandbox. */
function paymentProviders(db: Db, config: ServiceConfig, clock: () => number) {
  const providerCodes = config.PAYMENT_PROVIDERS ?? ["sandbox"];
  let sandboxKey: Promise<string> | undefined;
  const sandbox: SandboxProvider | null = providerCodes.includes("sandbox")
    ? createSandboxProvider({
        secret: () => {
          sandboxKey ??= keptSecret(db, SANDBOX_SECRET_NAME, config.PAYMENTS_SANDBOX_SECRET);
          sandboxKey.catch(() => {
            sandboxKey = undefined;
          });
          return sandboxKey;
        },
        // What the sandbox approved is what its refunds may not pass (its payments are the shop's payment rows).
        ledger: createSandboxLedger(db, (providerPaymentId) => orderQueries(db).approvedAmount("sandbox", providerPaymentId)),
        clock,
      })
    : null;
  const providers = providerCodes.flatMap((code): PaymentProvider[] => (code === "sandbox" && sandbox ? [sandbox] : []));
  return { sandbox, providers };
}

/** The mail outbox over the configured mail server (or the .eml folder; another mailer in tests). */
function mailOutboxOf(db: Db, config: ServiceConfig, options: ServiceOptions, mailOutbox: string) {
  const mailer = options.outbox?.mailer ?? createMailer({ outbox: mailOutbox, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  return createOutbox({
    db,
    mailer,
    pollMs: options.outbox?.pollMs,
    baseDelayMs: options.outbox?.baseDelayMs,
    messageIdDomain: /@([^>\s]+)/.exec(config.MAIL_FROM ?? "")?.[1],
    log: options.log,
  });
}

/** The order's home and everything that changes orders: checkout, payments, refunds, shipments; their mails registered. */
function orderServices(deps: {
  db: Db;
  cart: CartService;
  cartRepository: CartRepository;
  outbox: Outbox;
  crm: CrmQueue;
  providers: PaymentProvider[];
  storeByCode: (code: string) => Promise<Store | undefined>;
  publicUrl: (code: string) => string;
  clock: () => number;
  options: ServiceOptions;
  webhooks: WebhookEndpoint[];
}) {
  const { db, outbox, providers, storeByCode, publicUrl, options } = deps;
  const events = createOrderEvents({ db, outbox, endpoints: deps.webhooks, clock: deps.clock });
  outbox.deliverWith(ORDER_WEBHOOK, events.deliver, WEBHOOK_RETRY_MS);
  const refunder = createRefunder({
    db,
    events,
    provider: (code) => providers.find((p) => p.code === code),
    pollMs: options.refunds?.pollMs ?? options.pollMs,
    baseDelayMs: options.refunds?.baseDelayMs,
    log: options.log,
  });
  const orders = createOrders({ db, mail: outbox, storeByCode, publicUrl, refunds: refunder, events });
  const checkout = createCheckoutService({
    crm: deps.crm,
    cart: deps.cart,
    cartRepository: deps.cartRepository,
    db,
    mail: outbox,
    orders,
    storeByCode,
    provider: providers[0] ?? null,
    publicUrl: (store) => publicUrl(store.code),
  });
  const payments = createPaymentService({ providers, apply: checkout.applyNotification });
  const shipments = createShipmentService({ db, mail: outbox, orders, storeByCode, publicUrl, clock: deps.clock });
  outbox.register(ORDER_CONFIRMATION, checkout.confirmationMail);
  outbox.register(ORDER_CANCELED, orders.canceledMail);
  outbox.register(SHIPMENT_NOTICE, shipments.noticeMail);
  return { orders, orderEvents: events, refunder, checkout, payments, shipments };
}

export async function createServices(db: Db, config: ServiceConfig, options: ServiceOptions = {}) {
  const clock = options.clock ?? Date.now;
  const versions = await createDataVersions(db, options.pollMs);
  const productChanges = await createProductChanges(db, { pollMs: options.pollMs, log: options.log });
  const catalogRepository = createCatalogRepository(db);
  const catalog = createCatalogService(catalogRepository, versions, clock, productChanges);
  const priceClock = await createPriceClock(db, productChanges, { clock, log: options.log });
  const cartRepository = createCartRepository(db, createLimiter(config.CART_WRITE_CONCURRENCY ?? DEFAULT_WRITERS));
  // The cart prices from the same history at the same clock as the pages: it never charges
  // a price the page does not show.
  // Tax rates and pickup stores change only wholesale, so they are read once per change, not per pricing.
  const pricingReference = cachedPricingReference((drop) =>
    versions.onChange((name) => {
      if (name === "catalog" || name === "config") drop();
    }),
  );
  const { sandbox, providers } = paymentProviders(db, config, clock);
  const rateLimits = createRateLimits({ db, rules: limitRules(config), clock });
  const cart = createCartService(cartRepository, clock, { ...pricingReference, cardPayments: providers.length > 0 }, rateLimits);
  const mailOutbox = path.join(config.dataDir ?? path.resolve("data"), "mail");
  // Every link the shop writes for others (pages, sitemaps, mail) starts with one of these (decision 0036).
  const origins = createStoreOrigins({
    domains: config.STORE_DOMAINS,
    publicUrls: { en: config.PUBLIC_URL_EN, fi: config.PUBLIC_URL_FI },
    port: config.PORT,
  });
  const outbox = mailOutboxOf(db, config, options, mailOutbox);
  // Links in mail come from the configured public origin, never from a request's Host.
  const publicUrl = (code: string) => origins.of(code) ?? origins.of(DEFAULT_LOCALE) ?? "http://localhost";
  // Purchase reports to the loyalty programme and the engagement engine (decision 0031).
  const crm = createCrmReports({
    db,
    sinks: options.crm?.sinks,
    pollMs: options.crm?.pollMs,
    baseDelayMs: options.crm?.baseDelayMs,
    log: options.log,
  });
  const { orders, orderEvents, refunder, checkout, payments, shipments } = orderServices({
    db,
    cart,
    cartRepository,
    outbox,
    crm,
    providers,
    storeByCode: (code) => catalog.store(code),
    publicUrl,
    clock,
    options,
    // Each endpoint with its secret, in the order the settings list them (checked to match in number).
    webhooks: (config.WEBHOOK_URLS ?? []).map((url, i) => ({ url, secret: config.WEBHOOK_SECRETS?.[i] ?? "" })),
  });
  const captcha = createCaptchaService({ db, settings: captchaSettings(config), clock });
  const customers = createCustomerService({
    db,
    mail: outbox,
    clock,
    publicUrl,
    storeLocale: async (code) => (await catalog.store(code))?.locale,
    sessionTtlMs: config.AUTH_TOKEN_TTL_SECONDS ? config.AUTH_TOKEN_TTL_SECONDS * 1000 : undefined,
    limits: rateLimits,
    captcha,
  });
  const newsletter = createNewsletterService({
    db,
    mail: outbox,
    publicUrl,
    storeLocale: async (code) => (await catalog.store(code))?.locale,
  });
  const forms = createFormService({
    db,
    mail: outbox,
    dir: path.join(config.dataDir ?? path.resolve("data"), "forms"),
    attachmentMaxMb: config.CONTACT_ATTACHMENT_MAX_MB ?? 5,
    customerServiceEmail: config.CUSTOMER_SERVICE_EMAIL ?? "asiakaspalvelu@kauppa.example",
    storeLocale: async (code) => (await catalog.store(code))?.locale,
  });
  for (const [kind, render] of [...Object.entries(customers.mails), ...Object.entries(newsletter.mails), ...Object.entries(forms.mails)])
    outbox.register(kind, (payload, q) => render(payload, q as AccountExecutor));
  const engagement = createEngagementService({
    db,
    catalog,
    catalogRepository,
    changes: productChanges,
    versions,
    log: options.log,
    limits: rateLimits,
  });
  // The search index follows the catalogue from here on; products without documents get them now.
  await engagement.start();
  const content = createContentService({
    db,
    versions,
    catalog,
    dataDir: config.dataDir ?? path.resolve("data"),
    previewSecret: config.CONTENT_PREVIEW_SECRET,
  });
  // Sends what earlier processes left (a crash, a mail server that was down), then keeps sending.
  if (options.outbox?.start !== false) outbox.start();
  if (options.crm?.start !== false) crm.start();
  if (options.refunds?.start !== false) refunder.start();
  // Guest carts past their 30 days go once an hour, in every process (the delete is idempotent).
  const cartSweep = setInterval(() => {
    cart.deleteExpiredCarts().catch((error: unknown) => options.log?.(error));
    customers.deleteExpired().catch((error: unknown) => options.log?.(error));
    captcha.deleteExpired().catch((error: unknown) => options.log?.(error));
    rateLimits.deleteExpired().catch((error: unknown) => options.log?.(error));
    // Behaviour signals and searches past their retention (decision 0025).
    engagement.prune().catch((error: unknown) => options.log?.(error));
  }, CART_SWEEP_MS);
  cartSweep.unref();
  return {
    db,
    versions,
    productChanges,
    priceClock,
    clock,
    catalog,
    cart,
    checkout,
    /** Card payment providers and their notifications (decision 0037). */
    payments,
    /** The sandbox provider when it is on (its hosted page, server/payments/sandbox.ts); null otherwise. */
    sandbox,
    /** The order's home: its changes (cancel), its history (decision 0081). */
    orders,
    /** Order events for the warehouse and ERP: webhooks and the pull feed (decision 0082). */
    orderEvents,
    /** Refunds asked of payment providers after the commit that decided them. */
    refunder,
    /** A guest's way to their order: number, email and postcode (/order-lookup, decision 0081). */
    orderLookup: createOrderLookup({
      db,
      orders,
      limits: rateLimits,
      key: () => keptSecret(db, ORDER_LOOKUP_SECRET_NAME),
      clock,
    }),
    /** A customer's own orders (the account pages). */
    customerOrders: createCustomerOrders(db),
    /** The operators' view of orders: search, one order whole (the operator API). */
    orderDesk: createOrderDesk(db),
    customers,
    /** The engagement engine: search index, suggestions, search results, behaviour signals (decision 0022). */
    engagement,
    /** Recommendations for product pages and carts (the engine's popularity; decision 0022). */
    recommendations: createRecommendations({ db, catalog }),
    /** The customers' wishlists (docs/decisions/0017). */
    wishlist: createWishlistService({ db, catalog, clock }),
    /** The newsletter list, its mails and unsubscribe links (docs/decisions/0019). */
    newsletter,
    /** The check against bots on registration and the newsletter: ALTCHA, or reCAPTCHA when configured. */
    captcha,
    /** The CMS forms: contact and accessibility feedback, stored and mailed (docs/decisions/0028). */
    forms,
    /** The CMS: the Contentful-shaped content store, pages and placements as typed blocks (decision 0026). */
    content,
    /** Paid orders reported to the loyalty programme and the engagement engine, once each (decision 0031). */
    crm,
    /** The loyalty programme: memberships (decision 0020), points (decision 0031). */
    loyalty: createLoyaltyService({ db, clock }),
    /** Parcels of orders, reported by the warehouse (decision 0020). */
    shipments,
    /** The warehouse's token for the operator API; unset: that API does not exist. */
    operatorToken: config.OPERATOR_TOKEN,
    /** The logged-in customer's details and address book (decision 0018). */
    profile: createProfileService({ db, clock }),
    addresses: createAddressBook({ db, clock }),
    /** The rate limits (docs/decisions/0035), counted in the database for every process. */
    rateLimits,
    /** Proxies trusted to name the client in X-Forwarded-For (server/http/client-address.ts). */
    trustedProxyHops: config.TRUSTED_PROXY_HOPS ?? 0,
    /** Strict-Transport-Security's max-age over TLS; 0: none (decision 0036). */
    hstsMaxAge: config.HSTS_MAX_AGE_SECONDS ?? 31_536_000,
    /** The token that opens /metrics; unset: no /metrics (decision 0036). */
    metricsToken: config.METRICS_TOKEN,
    mailOutbox,
    outbox,
    catalogRepository,
    /** The edge resolves every request's shopper through it (server/http/shopper.ts). */
    authenticate: options.authenticate ?? customers.authenticate,
    storeDomains: config.STORE_DOMAINS,
    /** Each store's public origin, from configuration (decision 0036). */
    origins,
    /** The tag manager's container id, or undefined: no container (docs/decisions/0029). */
    gtmId: config.GTM_ID,
    /** Stops the timers, the LISTEN connection and the outbox (a mail being sent is marked first), before the pool closes. */
    async close() {
      versions.stop();
      content.stop();
      priceClock.stop();
      clearInterval(cartSweep);
      await outbox.stop();
      await crm.stop();
      await refunder.stop();
      await productChanges.stop();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
