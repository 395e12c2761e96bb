// The shop's Link (decision 0060): a link to one of the shop's paths is a plain anchor, the same
// HTML React Router's Link draws for it; anything else is React Router's Link.
import type { ComponentProps } from "react";
import { renderToString } from "react-dom/server";
// biome-ignore lint/style/noRestrictedImports: the original, to compare with.
import { MemoryRouter, Link as RouterLink } from "react-router";
import { describe, expect, it } from "vitest";
import { isShopPath, Link } from "./router-link.tsx";

type Props = ComponentProps<typeof RouterLink>;

/** The HTML of a link on a page at `/c/women?page=2`, drawn by `Component`. */
function html(Component: (props: Props) => React.ReactNode, props: Props) {
  return renderToString(
    <MemoryRouter initialEntries={["/c/women?page=2"]}>
      <Component {...props} />
    </MemoryRouter>,
  );
}

const router = (props: Props) => <RouterLink discover="none" {...props} />;

describe("the shop's Link", () => {
  it("draws the same HTML as React Router's Link for the shop's own paths", () => {
    const links: Props[] = [
      { to: "/c/women", children: "Women" },
      { to: "/", className: "hover:underline", children: "Front page" },
      {
        to: "/p/kaamos-rubber-boots-kids-100222?selectedConfigurations=Y29sb3IvbmF2eQ",
        prefetch: "intent",
        className: "card-link",
        children: "Kaamos",
      },
      { to: "/c/women?page=3#top", "aria-label": "Page 3", "aria-current": "page", children: "3" },
      { to: "/content/delivery", title: "Delivery & returns", onClick: () => {}, children: <span>Delivery</span> },
      { to: "/search?q=%C3%A4%22<>", children: "ä" },
    ];
    for (const props of links) expect(html(Link, props)).toBe(html(router, props));
  });

  it("leaves what only React Router can do to React Router's Link, with the same HTML", () => {
    // React Router's Link needs its router: only the shop's plain anchor can be drawn outside one.
    const links: Props[] = [
      { to: "women/jackets", children: "relative" },
      { to: "..", children: "up" },
      { to: { pathname: "/c/women", search: "?sort=price" }, children: "object" },
      { to: "/c/women", state: { from: "menu" }, children: "state" },
      { to: "/c/women", replace: true, children: "replace" },
      { to: "/c/women", preventScrollReset: true, children: "scroll" },
      { to: "/", reloadDocument: true, children: "reload" },
      { to: "/c/women", target: "_blank", children: "new tab" },
      { to: "/c/women", prefetch: "render", children: "render" },
      { to: "//elsewhere.example/x", children: "protocol-relative" },
      { to: "https://elsewhere.example/x", children: "absolute" },
    ];
    for (const props of links) {
      expect(html(Link, props)).toBe(html(router, props));
      expect(() => renderToString(<Link {...props} />)).toThrow();
    }
    expect(renderToString(<Link to="/c/women">Women</Link>)).toBe('<a href="/c/women">Women</a>');
  });

  it("takes only a path of this shop for its own", () => {
    expect(isShopPath("/c/women")).toBe(true);
    expect(isShopPath("/")).toBe(true);
    expect(isShopPath("//elsewhere.example/")).toBe(false);
    expect(isShopPath("women")).toBe(false);
    expect(isShopPath("https://elsewhere.example/")).toBe(false);
    expect(isShopPath({ pathname: "/c/women" })).toBe(false);
  });
});
