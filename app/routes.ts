// The route table of spec §2 (same paths in both stores). Screens still to come register
// here as their issues land.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx", { id: "index" }),
    route("c/*", "routes/category.tsx", { id: "category-all" }),
    route("p/:slug", "routes/product.tsx", { id: "product-slug" }),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
