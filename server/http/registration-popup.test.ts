// The registration pop-up in two parts (decision 0049): the frame's data every page names says
// whether and when it opens, and its text and pictures come from their own address when it does. The real
// production build over a test database with the demo content, in both stores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationPopupBlock } from "../../lib/cms-types.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageFrame } from "../../tests/helpers/frame.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createPageCache } from "./page-cache.ts";

type Store = "en" | "fi";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  // The guest HTML cache emptied when a data version moves, as the shop wires it (server/main.ts).
  const cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 });
  shop.services.versions.onChange(() => cache.clear());
  pages = await loadBuiltPages({ cache });
});
afterAll(() => shop?.close());

const TEXT = {
  en: { title: "Join the Kauppa club", content: "Create an account and get 10 % off your first order" },
  fi: { title: "Liity Kauppa-kerhoon", content: "Luo tili ja saat 10 %:n alennuksen" },
};

async function get(store: Store, address: string) {
  return pages(new Request(`http://${TEST_DOMAINS[store]}${address}`), shop.services, store);
}

/** The address of the pop-up's whole entry that a page names, and the page's HTML. */
async function frontPage(store: Store) {
  const response = await get(store, "/");
  expect(response.status).toBe(200);
  const html = await response.text();
  // In the frame's data the page names (decision 0053).
  const frame = await pageFrame(html, (address) => get(store, address));
  const href = frame.placements.registrationPopup?.contentHref;
  if (!href) throw new Error("the page names no pop-up address");
  return { html, frame, href };
}

describe.each(["en", "fi"] as const)("the %s store's registration pop-up", (store) => {
  it("comes with every page without its text, and whole from the address the page names, kept for good", async () => {
    const { html, frame, href } = await frontPage(store);
    // Its title names the dialog; the text is neither in the page nor in the frame's data it names.
    expect(frame.placements.registrationPopup?.title).toBe(TEXT[store].title);
    expect(html).not.toContain(TEXT[store].content);
    expect(JSON.stringify(frame)).not.toContain(TEXT[store].content);

    const response = await get(store, href);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const popup = (await response.json()) as RegistrationPopupBlock;
    expect(popup).toMatchObject({ type: "registrationPopup", id: "registration-popup", title: TEXT[store].title, popupDelay: 30 });
    expect(JSON.stringify(popup.content)).toContain(TEXT[store].content);
    expect(popup.image?.url).toMatch(/^\/img\//);
    expect(popup.mobileImage?.url).toMatch(/^\/img\//);
    expect(popup.contentHref).toBeUndefined();

    // An address of another version (a page kept from before a change): the current entry, kept briefly.
    const stale = await get(store, `/popup?v=${store}.0`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).not.toContain("immutable");
    expect(((await stale.json()) as RegistrationPopupBlock).title).toBe(TEXT[store].title);
  });
});

describe("a change to the pop-up in the CMS", () => {
  it("gives the pages a new address, which answers with the new text; the old one is no longer kept for good", async () => {
    const before = await frontPage("en");
    await shop.database.pool.query(
      `UPDATE content_entries SET published_fields = jsonb_set(published_fields, '{title,en-GB}', '"Join the club today"') WHERE id = 'registration-popup'`,
    );
    await shop.database.pool.query("UPDATE data_versions SET version = version + 1 WHERE name = 'content'");
    await shop.services.versions.refresh();

    const after = await frontPage("en");
    expect(after.href).not.toBe(before.href);
    expect(after.frame.placements.registrationPopup?.title).toBe("Join the club today");
    const response = await get("en", after.href);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(((await response.json()) as RegistrationPopupBlock).title).toBe("Join the club today");

    const old = await get("en", before.href);
    expect(old.headers.get("cache-control")).not.toContain("immutable");
    expect(((await old.json()) as RegistrationPopupBlock).title).toBe("Join the club today");
  });
});
