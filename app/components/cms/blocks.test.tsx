import { describe, expect, it } from "vitest";
import { BLOCK_TYPES, type Block } from "../../../lib/cms-types.ts";
import { ALL_BLOCKS, BLOCKS, BLOCKS_FI, UNKNOWN, VISIBLE } from "../../../tests/fixtures/cms-blocks.ts";
import { renderBlocks } from "../../../tests/fixtures/render-blocks.tsx";
import { landingPageQuery } from "./blocks/elevate-recommendations.tsx";
import { registrationPopupAllowed } from "./blocks/registration-popup.tsx";
import { videoSource } from "./blocks/video.tsx";

/** The elements of `html` carrying data-block="type". */
function blockRoots(html: string, type: string): number {
  return html.split(`data-block="${type}"`).length - 1;
}
const altTexts = (html: string) => [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((m) => m[1]);

describe("every block type renders", () => {
  it("has a fixture for each of the 25 types", () => {
    expect(Object.keys(BLOCKS).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  // Rendered on the server, as a cached page is: elevateRecommendations shows only once the
  // browser has its list, and the pop-up is a closed dialog.
  it.each(ALL_BLOCKS.filter((b) => b.type !== "elevateRecommendations").map((b) => [b.type, b] as const))(
    "%s carries data-block on its root",
    async (type, block) => {
      // React hoists the preload of an eager picture ahead of the markup.
      const html = (await renderBlocks([block])).replace(/^(<link rel="preload"[^>]*>)+/, "");
      expect(html.slice(0, html.indexOf(">"))).toContain(`data-block="${type}"`);
    },
  );

  it("elevateRecommendations shows nothing until the browser has a non-empty list", async () => {
    expect(await renderBlocks([BLOCKS.elevateRecommendations])).toBe("");
    expect(landingPageQuery(BLOCKS.elevateRecommendations)).toBe("/api/engagement/queries/landing-page?list=popular&limit=8");
  });
});

describe("what the blocks show", () => {
  it("headings, alt texts and links of the banners and image lists", async () => {
    const html = await renderBlocks([BLOCKS.fullWidthBanner, BLOCKS.linksWithImages, BLOCKS.twoBanners]);
    expect(html).toMatch(/<h2[^>]*>New autumn collection<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Shop by category<\/h2>/);
    expect(altTexts(html)).toEqual(
      expect.arrayContaining(["Autumn birches around a calm lake", "A woman in a red fleece jacket", "A man in a green anorak by the sea"]),
    );
    expect(html).toContain('href="/c/uutuudet"');
    expect(html).toContain('href="/c/naiset"');
    // The mobile picture below the small-desktop breakpoint, WebP at sized URLs.
    expect(html).toContain('media="(max-width: 991.98px)"');
    expect(html).toMatch(/src="\/img\/c\/hero-autumn\?w=1440&amp;h=600&amp;fit=fill&amp;q=80&amp;fm=webp"/);
    expect(html).toMatch(/<img [^>]*width="1440" height="600"/);
  });

  it("the first full-width banner of a page loads at once and first, later pictures lazily", async () => {
    const html = await renderBlocks([BLOCKS.fullWidthBanner, BLOCKS.halfImageHalfText]);
    expect(html).toMatch(/alt="Autumn birches around a calm lake"[^>]*fetchPriority="high"/);
    expect(html).not.toMatch(/alt="Autumn birches around a calm lake"[^>]*loading="lazy"/);
    expect(html).toMatch(/alt="Folded grey wool sweaters on a wooden shelf"[^>]*loading="lazy"/);
  });

  it("product blocks show the shop's product cards, at most the slider's limit", async () => {
    const html = await renderBlocks([{ ...BLOCKS.productSlider, limit: 3 }, BLOCKS.productBanner]);
    expect(html).toMatch(/<h2[^>]*>Bestsellers<\/h2>/);
    const slider = html.slice(0, html.indexOf('data-block="productBanner"'));
    expect(slider.match(/href="\/p\//g)).toHaveLength(3);
    expect(html).toContain('href="/p/jkt-100"');
    expect(html).toContain("Tunturi rain jacket");
    expect(html).not.toContain("Tunturi rain jacket, women");
    expect(html).toMatch(/189,90\s€/);
  });

  it("a grid is a list, a slider a scrolling list", async () => {
    const grid = await renderBlocks([BLOCKS.linksWithImages]);
    expect(grid).toMatch(/<ul[^>]*class="grid /);
    const slider = await renderBlocks([BLOCKS.multiImageBlocks]);
    expect(slider).toMatch(/<ul[^>]*class="flex snap-x snap-mandatory/);
  });

  it("the table has a caption and column headers", async () => {
    const html = await renderBlocks([BLOCKS.table]);
    expect(html).toContain("<caption");
    expect(html).toContain("Women&#x27;s jacket sizes</caption>");
    expect(html.match(/<th scope="col"/g)).toHaveLength(4);
    expect(html.match(/<td/g)).toHaveLength(16);
  });

  it("faq answers sit in disclosure widgets", async () => {
    const html = await renderBlocks([BLOCKS_FI.faqBlock], { locale: "fi" });
    expect(html.match(/<details/g)).toHaveLength(2);
    expect(html).toMatch(/<summary[^>]*>Kauanko toimitus kestää\?/);
    expect(html).toContain('href="/content/palautukset"');
  });

  it("the video is a poster and a play link, with no request to the video service", async () => {
    const html = await renderBlocks([BLOCKS.video]);
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("youtube-nocookie");
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain("Play the video: The making of a rain jacket");
    expect(html).toContain("Playing loads the video from YouTube.");
    const file = await renderBlocks([{ ...BLOCKS.video, url: "/media/brand-film.mp4" }]);
    expect(file).toMatch(/<video[^>]*controls/);
    expect(file).toContain('src="/media/brand-film.mp4"');
  });

  it("the campaign carousel shows its first banner, with the controls only once it has JavaScript", async () => {
    const html = await renderBlocks([BLOCKS_FI.campaignBanners], { locale: "fi" });
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('aria-label="Kampanjat"');
    // The slide holds the first banner; the next one is only an invisible copy that gives the strip its height.
    const slide = html.slice(html.indexOf('role="group"'));
    expect(slide).toContain("Ilmainen toimitus");
    expect(slide).not.toContain("Villaviikko");
    expect(html).toMatch(/<div aria-hidden="true" class="campaign-slide invisible"><div[^>]*><p>Villaviikko/);
    expect(html).not.toContain("<button");
    // Its info panel comes with its toggle, with JavaScript.
    expect(html).not.toContain("Ilmainen kotiinkuljetus");
  });

  it("the form block holds the store's form under the editors' title", async () => {
    const html = await renderBlocks([BLOCKS.form]);
    expect(html).toContain('data-form-type="Contact"');
    expect(html).toMatch(/<h2[^>]*>Contact customer service<\/h2>/);
  });

  it("a landing page is the page's h1 and its own blocks", async () => {
    const html = await renderBlocks([BLOCKS.landingPage]);
    expect(html).toMatch(/<h1[^>]*>Ready for the fells<\/h1>/);
    expect(html).toContain('data-block="wysiwyg"');
    expect(html).toContain('data-block="normalButton"');
    const front = await renderBlocks([{ ...BLOCKS.landingPage, slug: "index" }]);
    expect(front).toMatch(/<h1 class="sr-only">/);
  });

  it("the megamenu banner names its picture by the entry when the picture has no description", async () => {
    const block = { ...BLOCKS.megamenuBanner, image: { ...BLOCKS.megamenuBanner.image, description: "" } } as Block;
    const html = await renderBlocks([block]);
    expect(altTexts(html)).toEqual(["Winter sale banner"]);
    expect(html).toContain('data-position="1"');
  });
});

describe("which blocks the page shows", () => {
  it("hides blocks the visibility rule refuses and showOn No, keeps the order of the rest", async () => {
    const hidden = { ...BLOCKS.normalButton, id: "nb-hidden", visibility: { ...VISIBLE, isVisible: false } };
    const members = { ...BLOCKS.buttonList, visibility: { ...VISIBLE, showForLoginStatus: "Logged In" as const } };
    const off = { ...BLOCKS.table, showOn: "No" as const };
    const html = await renderBlocks([BLOCKS.wysiwyg, hidden, members, off, BLOCKS.faqBlock]);
    expect(blockRoots(html, "normalButton")).toBe(0);
    expect(blockRoots(html, "buttonList")).toBe(0);
    expect(blockRoots(html, "table")).toBe(0);
    expect(html.indexOf('data-block="wysiwyg"')).toBeLessThan(html.indexOf('data-block="faqBlock"'));
    const customer = await renderBlocks([members], { context: { loggedIn: true } });
    expect(blockRoots(customer, "buttonList")).toBe(1);
  });

  it("applies the page rule to a landing page's own blocks", async () => {
    const onlyFront = { ...BLOCKS.normalButton, id: "nb-front", visibility: { ...VISIBLE, pages: ["index"] } };
    const page = { ...BLOCKS.landingPage, blocks: [onlyFront] };
    expect(blockRoots(await renderBlocks([page], { context: { path: "/" } }), "normalButton")).toBe(1);
    expect(blockRoots(await renderBlocks([page], { context: { path: "/content/outdoor-guide" } }), "normalButton")).toBe(0);
  });

  it("shows on mobile or desktop only with the breakpoint classes, and transitions as CSS classes", async () => {
    const mobile = await renderBlocks([{ ...BLOCKS.normalButton, showOn: "Mobile", transition: "fade" }]);
    expect(mobile).toMatch(/data-block="normalButton" class="md:hidden cms-enter cms-enter-fade /);
    const desktop = await renderBlocks([{ ...BLOCKS.normalButton, showOn: "Desktop" }]);
    expect(desktop).toMatch(/data-block="normalButton" class="max-md:hidden /);
  });

  it("an unknown block type is nothing in production and a notice in preview", async () => {
    expect(await renderBlocks([UNKNOWN])).toBe("");
    const preview = await renderBlocks([UNKNOWN], { preview: true });
    expect(preview).toContain("Unknown block type: storyCarousel");
    const fi = await renderBlocks([UNKNOWN], { preview: true, locale: "fi" });
    expect(fi).toContain("Tuntematon lohkotyyppi: storyCarousel");
  });
});

describe("the registration pop-up rule (spec §4)", () => {
  const open = { loginEnabled: true, loggedIn: false, pathname: "/", title: "Join" };
  it.each([
    ["a guest on the front page", open, true],
    ["login disabled", { ...open, loginEnabled: false }, false],
    ["a logged-in customer", { ...open, loggedIn: true }, false],
    ["the registration page", { ...open, pathname: "/account/register" }, false],
    ["the registration page with a slash", { ...open, pathname: "/account/register/" }, false],
    ["an entry without a title", { ...open, title: "  " }, false],
  ])("%s", (_name, input, expected) => {
    expect(registrationPopupAllowed(input)).toBe(expected);
  });

  it("renders a closed dialog for a guest, nothing when not allowed", async () => {
    const html = await renderBlocks([BLOCKS_FI.registrationPopup], { locale: "fi" });
    expect(html).toMatch(/^<dialog[^>]*data-block="registrationPopup"/);
    expect(html).not.toMatch(/<dialog[^>]* open/);
    expect(html).toContain("Liity Kauppa Clubiin");
    // Its registration form is drawn when it opens (its check against bots loads with it).
    expect(html).not.toContain('name="newPassword"');
    expect(await renderBlocks([BLOCKS.registrationPopup], { context: { path: "/account/register" } })).toBe("");
    expect(await renderBlocks([BLOCKS.registrationPopup], { root: { loginEnabled: false } })).toBe("");
  });
});

describe("videoSource", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=10", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
  ])("%s is %s %s", (url, kind, id) => {
    expect(videoSource(url)).toMatchObject({ kind, id });
  });
  it("anything else is a file", () => {
    expect(videoSource("/media/film.mp4")).toEqual({ kind: "file", src: "/media/film.mp4" });
    expect(videoSource("https://www.youtube.com/watch?v=<script>")).toMatchObject({ kind: "file" });
  });
});
