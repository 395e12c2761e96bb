// The route table of spec §2: the same paths in both stores. Route ids are the spec's
// route names where it gives them. Guards (spec "middleware") are declared by each module.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx", { id: "index" }),
    route("c/*", "routes/category.tsx", { id: "category-all" }),
    route("p/:slug", "routes/product.tsx", { id: "product-slug" }),
    route("searchresults", "routes/search-results.tsx", { id: "searchresults" }),
    route("content/*", "routes/content.tsx", { id: "content" }),
    route("cart", "routes/cart.tsx", { id: "cart" }),
    route("cookie-consent", "routes/cookie-consent.tsx", { id: "cookie-consent" }),
    route("offline", "routes/offline.tsx", { id: "offline" }),
    route("login", "routes/auth-callback.tsx", { id: "login" }),
    route("account/login", "routes/account/login.tsx", { id: "account-login" }),
    route("account/register", "routes/account/register.tsx", { id: "account-register" }),
    route("account/forgot-password", "routes/account/forgot-password.tsx", { id: "account-forgot-password" }),
    route("account/reset-password", "routes/account/reset-password.tsx", { id: "account-reset-password" }),
    route("account/confirm", "routes/account/confirm.tsx", { id: "account-confirm" }),
    route("account/logout", "routes/account/logout.tsx", { id: "account-logout" }),
    route("newsletter", "routes/newsletter.tsx", { id: "newsletter" }),
    route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx", { id: "newsletter-unsubscribe" }),
    route("forms/:kind", "routes/forms.tsx", { id: "forms" }),
    route("order-lookup", "routes/order-lookup.tsx", { id: "order-lookup" }),
    route("order-lookup/:number", "routes/order-lookup-order.tsx", { id: "order-lookup-order" }),
    layout("layouts/account.tsx", [
      route("account", "routes/account/home.tsx", { id: "account" }),
      route("account/loyalty", "routes/account/loyalty.tsx", { id: "account-loyalty" }),
      route("account/orders", "routes/account/orders.tsx", { id: "account-orders" }),
      route("account/wishlist", "routes/account/wishlist.tsx", { id: "account-wishlist" }),
      route("account/order/:slug?", "routes/account/order.tsx", { id: "account-order-slug" }),
      route("account/edit/address", "routes/account/edit-address.tsx", { id: "account-edit-address" }),
      route("account/edit/password", "routes/account/edit-password.tsx", { id: "account-edit-password" }),
      route("account/edit/user-info", "routes/account/edit-user-info.tsx", { id: "account-edit-user-info" }),
      route("account/newsletter", "routes/account/newsletter.tsx", { id: "account-newsletter" }),
    ]),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  layout("layouts/checkout.tsx", [
    route("checkout", "routes/checkout.tsx", { id: "checkout" }),
    route("checkout/success", "routes/checkout-success.tsx", { id: "checkout-success" }),
  ]),
  layout("layouts/maintenance.tsx", [
    route("maintenance", "routes/maintenance.tsx", { id: "maintenance" }),
    route("preview/maintenance", "routes/maintenance.tsx", { id: "preview-maintenance" }),
  ]),
  layout("layouts/empty.tsx", [route("preview/*", "routes/preview.tsx", { id: "preview" })]),
  // The menus' panels as JSON, fetched when a menu is first opened (decision 0038).
  route("menu", "routes/menu-panels.ts", { id: "menu-panels" }),
  // The frame's data (menu's top level, footer, stores, placements, settings), fetched before a page hydrates (decision 0053).
  route("frame", "routes/frame.ts", { id: "frame" }),
  // The registration pop-up's text and pictures as JSON, fetched when it opens (decision 0049).
  route("popup", "routes/registration-popup.ts", { id: "registration-popup" }),
] satisfies RouteConfig;
