import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, jsonLdText } from "./structured-data.ts";

describe("structured data", () => {
  it("can never close its script element", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });

  it("numbers breadcrumbs from the front page", () => {
    const list = breadcrumbJsonLd([{ uid: "a", name: "Women", url_path: "women" }], "https://shop.example", "Kauppa");
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Kauppa", item: "https://shop.example/" },
      { "@type": "ListItem", position: 2, name: "Women", item: "https://shop.example/c/women" },
    ]);
  });
});
