// CMS content as the shop works with it (spec §3 "CMS block types", §4 block display): one typed
// `Block` union, so pages and the 25 block components never see a raw Contentful entry. The wire
// shape (sys, fields, includes, links) is read and written only in server/content/wire.ts.
//
// The content model follows these types one to one: the content type id of a block is its `type`,
// its fields have the names below; a CmsImage field is a link to an asset, a nested object
// (CmsLink, MenuLink, CampaignBanner, FaqItem, Card, block) is a link to an entry of its own
// content type (`link`, `menuLink`, `campaignBanner`, `faqItem`, `card`), a RichText field is a
// Contentful rich-text document, and lists of those are arrays of links.

export type LoginStatus = "All" | "Logged In" | "Logged Out";

/** Spec §3 CMS visibility fields; §4 how they decide (lib/cms-visibility.ts). */
export interface Visibility {
  isVisible: boolean;
  /** false: never on product pages. */
  showOnProductPages: boolean;
  /** Default "All". */
  showForLoginStatus: LoginStatus;
  /** Default true: with any condition set, true shows on a match, false on a non-match. */
  whitelist: boolean;
  /** Category uids. */
  categoryIDs: string[];
  /** Last path segments or slugs of pages; "index" is the front page. */
  pages: string[];
  /** Compared case-insensitively. */
  productSKUs: string[];
}

/** Spec §9 display modes: a list block as a grid or a slider; on which devices it shows. */
export type DisplayMode = "Grid" | "Slider";
export type ShowOn = "No" | "Always" | "Mobile" | "Desktop";
/** Spec §9: the allowed transition names (entrance animation; none under reduced motion). */
export const TRANSITIONS = ["fade", "slide-right", "slide-left", "price", "scale-down", "fade-down", "slide-up"] as const;
export type Transition = (typeof TRANSITIONS)[number];

export interface CmsImage {
  /** The asset's path on this shop (/img/c/<key>), sized with w, h, fit, q, fm=webp (Contentful's parameters). */
  url: string;
  title: string;
  /** The alternative text. */
  description: string;
  width: number;
  height: number;
  contentType: string;
}

export interface CmsLink {
  id: string;
  title: string;
  /** A local path ("/c/naiset") or an absolute URL. */
  link: string;
  openInNewWindow: boolean;
}

export interface MenuLink {
  id: string;
  title: string;
  link: string;
  childLinks: MenuLink[];
  /** A top-level link's login state (spec §6 "menu keys differ by login state"): its block's showForLoginStatus. */
  loginStatus?: LoginStatus;
}

/** A picture with a caption and a link: items of image lists, guides, banners. */
export interface Card {
  id: string;
  title: string;
  text: string;
  image: CmsImage | null;
  link: CmsLink | null;
}

export interface FaqItem {
  id: string;
  question: string;
  answer: RichText;
}

/** A place to reach the shop (the footer's store contacts, spec §2): customer service, an office, a store. */
export interface ContactPoint {
  id: string;
  name: string;
  /** Lines of the postal address; empty: none. */
  address: string[];
  /** Lines such as "Mon–Fri 9–17"; empty: none. */
  openingHours: string[];
  phone: string;
  email: string;
}

export interface CampaignBanner {
  id: string;
  revision: number;
  content: RichText;
  /** The expandable info panel; empty document: no panel. */
  description: RichText;
  links: CmsLink[];
  backgroundColor: string;
  textColor: string;
}

// ---- Rich text: Contentful's document structure, with embedded targets resolved to shop types.
export type Mark = "bold" | "italic" | "underline" | "code" | "superscript" | "subscript";
export interface RichTextText {
  nodeType: "text";
  value: string;
  marks: { type: Mark }[];
}
export interface RichTextBlockNode {
  nodeType:
    | "document"
    | "paragraph"
    | "heading-1"
    | "heading-2"
    | "heading-3"
    | "heading-4"
    | "heading-5"
    | "heading-6"
    | "unordered-list"
    | "ordered-list"
    | "list-item"
    | "blockquote"
    | "hr"
    | "table"
    | "table-row"
    | "table-header-cell"
    | "table-cell";
  content: RichTextNode[];
}
/** `hyperlink` keeps its uri; `entry-hyperlink` is resolved to the linked page's path; `asset-hyperlink` to the file. */
export interface RichTextLink {
  nodeType: "hyperlink";
  /** Local path or absolute URL. */
  uri: string;
  /** Opens in a new window (rel="noopener noreferrer"). */
  newWindow: boolean;
  content: RichTextNode[];
}
export interface RichTextEmbeddedEntry {
  nodeType: "embedded-entry-block" | "embedded-entry-inline";
  /** null: the entry is missing or unpublished (rendered as nothing). */
  block: Block | UnknownBlock | null;
}
export interface RichTextEmbeddedAsset {
  nodeType: "embedded-asset-block";
  image: CmsImage | null;
}
export type RichTextNode = RichTextText | RichTextBlockNode | RichTextLink | RichTextEmbeddedEntry | RichTextEmbeddedAsset;
export type RichText = RichTextBlockNode & { nodeType: "document" };

// ---- Blocks
interface BlockBase<T extends string> {
  type: T;
  /** sys.id */
  id: string;
  /** sys.revision */
  revision: number;
  /** The editor's name for the entry (not shown, except megamenu banners' alt fallback). */
  entryTitle: string;
  visibility: Visibility;
  /** Default "Always". */
  showOn: ShowOn;
  transition: Transition | null;
}

export interface ProductBannerBlock extends BlockBase<"productBanner"> {
  title: string;
  text: RichText;
  image: CmsImage | null;
  link: CmsLink | null;
  /** The products shown beside the picture (resolved at render). */
  skus: string[];
  products: import("./card-product.ts").CardProduct[];
}
export interface CampaignBannersBlock extends BlockBase<"campaignBanners"> {
  banners: CampaignBanner[];
  /** Rotate every 5 s when more than one is shown. */
  transitionOn: boolean;
}
export interface LandingPageBlock extends BlockBase<"landingPage"> {
  slug: string;
  title: string;
  seoTitle: string;
  seoDescription: string;
  blocks: (Block | UnknownBlock)[];
}
export interface MaintenancePageBlock extends BlockBase<"maintenancePage"> {
  title: string;
  content: RichText;
  image: CmsImage | null;
}
export interface MegamenuLinksBlock extends BlockBase<"megamenuLinks"> {
  links: MenuLink[];
}
export interface RegistrationPopupBlock extends BlockBase<"registrationPopup"> {
  title: string;
  content: RichText;
  image: CmsImage | null;
  mobileImage: CmsImage | null;
  /** Seconds after the page loads. */
  popupDelay: number;
  /**
   * Set on the pop-up every page's frame carries (lib/registration-popup.ts): its text
   * and pictures are left out (an empty document, no images) and fetched from this address, as
   * a whole RegistrationPopupBlock, when its delay ends.
   */
  contentHref?: string;
}
/** The footer's store-contact block (spec §2): where and when the shop answers. */
export interface StoreContactsBlock extends BlockBase<"storeContacts"> {
  title: string;
  contacts: ContactPoint[];
}
export interface FaqBlock extends BlockBase<"faqBlock"> {
  title: string;
  items: FaqItem[];
}
export interface CategoryBannerBlock extends BlockBase<"categoryBanner"> {
  /** 1-based place among the products; default 3. */
  position: number;
  bannerType: "narrow" | "wide" | "productHighlight";
  title: string;
  text: RichText;
  image: CmsImage | null;
  link: CmsLink | null;
  /** productHighlight: the product shown. */
  sku: string;
  backgroundColor: string;
  textColor: string;
}
export interface NormalButtonBlock extends BlockBase<"normalButton"> {
  link: CmsLink;
  style: "primary" | "secondary";
  alignment: "left" | "center" | "right";
}
export interface FullWidthBannerBlock extends BlockBase<"fullWidthBanner"> {
  title: string;
  text: RichText;
  image: CmsImage | null;
  mobileImage: CmsImage | null;
  link: CmsLink | null;
  textColor: string;
  textPosition: "left" | "center" | "right";
}
export interface HalfImageHalfTextBlock extends BlockBase<"halfImageHalfText"> {
  title: string;
  text: RichText;
  image: CmsImage | null;
  imagePosition: "left" | "right";
  link: CmsLink | null;
}
export interface LinksWithImagesBlock extends BlockBase<"linksWithImages"> {
  title: string;
  items: Card[];
  displayMode: DisplayMode;
}
export interface ProductSliderBlock extends BlockBase<"productSlider"> {
  title: string;
  /** Either listed skus, or the first products of a category. */
  skus: string[];
  categoryUid: string;
  /** At most; spec §9 slider size 8. */
  limit: number;
  displayMode: DisplayMode;
  products: import("./card-product.ts").CardProduct[];
}
export interface ButtonListBlock extends BlockBase<"buttonList"> {
  title: string;
  buttons: CmsLink[];
  alignment: "left" | "center" | "right";
}
export interface FormBlock extends BlockBase<"form"> {
  /** Spec §3's Contact and Newsletter, and the accessibility statement's feedback channel (this shop's addition). */
  formType: "Contact" | "Newsletter" | "AccessibilityFeedback";
  title: string;
  description: RichText;
}
export interface GuideListBlock extends BlockBase<"guideList"> {
  title: string;
  guides: Card[];
}
export interface ThreeImageBlocksBlock extends BlockBase<"threeImageBlocks"> {
  title: string;
  items: Card[];
}
export interface MultiImageBlocksBlock extends BlockBase<"multiImageBlocks"> {
  title: string;
  items: Card[];
  displayMode: DisplayMode;
}
export interface TableBlock extends BlockBase<"table"> {
  title: string;
  /** First row is the header when `headerRow`. */
  rows: string[][];
  headerRow: boolean;
}
export interface TwoBannersBlock extends BlockBase<"twoBanners"> {
  items: Card[];
}
export interface VideoBlock extends BlockBase<"video"> {
  title: string;
  /** A YouTube or Vimeo page URL, or a video file's URL. */
  url: string;
  poster: CmsImage | null;
  autoplay: boolean;
}
export interface WysiwygBlock extends BlockBase<"wysiwyg"> {
  content: RichText;
}
export interface ThreeColumnsContentGridBlock extends BlockBase<"threeColumnsContentGrid"> {
  title: string;
  columns: RichText[];
}
export interface MegamenuBannerBlock extends BlockBase<"megamenuBanner"> {
  link: CmsLink | null;
  textColor: string;
  backgroundColor: string;
  /** Default true. */
  horizontalImage: boolean;
  image: CmsImage | null;
  /** 1-based place in the mega menu column list. */
  position: number;
  /** The top-level category whose menu shows it. */
  categoryUid: string;
}
export interface ElevateRecommendationsBlock extends BlockBase<"elevateRecommendations"> {
  title: string;
  /** The engine's landing-page list (POST /api/engagement/queries/landing-page?list=…), fetched in the browser. */
  list: "popular" | "recently-viewed" | "new";
  limit: number;
  displayMode: DisplayMode;
}

export type Block =
  | ProductBannerBlock
  | CampaignBannersBlock
  | LandingPageBlock
  | MaintenancePageBlock
  | MegamenuLinksBlock
  | RegistrationPopupBlock
  | FaqBlock
  | CategoryBannerBlock
  | NormalButtonBlock
  | FullWidthBannerBlock
  | HalfImageHalfTextBlock
  | LinksWithImagesBlock
  | ProductSliderBlock
  | ButtonListBlock
  | FormBlock
  | GuideListBlock
  | ThreeImageBlocksBlock
  | MultiImageBlocksBlock
  | TableBlock
  | TwoBannersBlock
  | VideoBlock
  | WysiwygBlock
  | ThreeColumnsContentGridBlock
  | MegamenuBannerBlock
  | ElevateRecommendationsBlock
  | StoreContactsBlock;

export type BlockType = Block["type"];
export const BLOCK_TYPES = [
  "productBanner",
  "campaignBanners",
  "landingPage",
  "maintenancePage",
  "megamenuLinks",
  "registrationPopup",
  "faqBlock",
  "categoryBanner",
  "normalButton",
  "fullWidthBanner",
  "halfImageHalfText",
  "linksWithImages",
  "productSlider",
  "buttonList",
  "form",
  "guideList",
  "threeImageBlocks",
  "multiImageBlocks",
  "table",
  "twoBanners",
  "video",
  "wysiwyg",
  "threeColumnsContentGrid",
  "megamenuBanner",
  "elevateRecommendations",
  "storeContacts",
] as const satisfies readonly BlockType[];

/** An entry of a type this shop does not know: nothing in production, a notice in preview. */
export interface UnknownBlock {
  type: "unknown";
  id: string;
  contentType: string;
}

/** A page: the front page (slug "index"), a landing page or a /content/* page. */
export type Page = LandingPageBlock;

/** What every page of the default layout shows around its content (spec §2 layouts, §4). */
export interface Placements {
  campaignBanners: CampaignBannersBlock | null;
  megamenuLinks: MenuLink[];
  megamenuBanners: MegamenuBannerBlock[];
  categoryBanners: CategoryBannerBlock[];
  registrationPopup: RegistrationPopupBlock | null;
  /** The footer's store contacts (spec §2); null: the footer shows the logos only. */
  storeContacts: StoreContactsBlock | null;
}
