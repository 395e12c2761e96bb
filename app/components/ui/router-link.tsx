// React Router's Link, NavLink and Form without `data-discover="true"`. That attribute only serves
// lazy route discovery, and this shop sends its whole route manifest up front (routeDiscovery
// "initial" in react-router.config.ts): it was 0.8 KB of a product page's HTML and 1.7 KB of a
// category page's, read by nothing. The shop's parts import these; biome.json forbids the originals.
import type { ComponentProps } from "react";
// biome-ignore lint/style/noRestrictedImports: the one place that wraps them.
import { Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink } from "react-router";

export function Link(props: ComponentProps<typeof RouterLink>) {
  return <RouterLink discover="none" {...props} />;
}

export function NavLink(props: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink discover="none" {...props} />;
}

export function Form(props: ComponentProps<typeof RouterForm>) {
  return <RouterForm discover="none" {...props} />;
}
