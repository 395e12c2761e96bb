import { describe, expect, it } from "vitest";
import { registrationPopupHref } from "./registration-popup.ts";

describe("the registration pop-up's address", () => {
  it("gives the registration pop-up a new address for each store and each version of the content only", () => {
    const versions = (catalog: number, content: number, config: number) => ({
      get: (name: "catalog" | "content" | "config") => ({ catalog, content, config })[name],
    });
    expect(registrationPopupHref("fi", versions(3, 2, 1))).toBe("/popup?v=fi.2");
    expect(registrationPopupHref("en", versions(3, 2, 1))).not.toBe(registrationPopupHref("fi", versions(3, 2, 1)));
    expect(registrationPopupHref("en", versions(3, 3, 1))).not.toBe(registrationPopupHref("en", versions(3, 2, 1)));
    expect(registrationPopupHref("en", versions(4, 2, 5))).toBe(registrationPopupHref("en", versions(3, 2, 1)));
  });
});
