// Writes the demo content (content/demo/content.json and its pictures in content/demo/assets/):
// `node content/build-demo.ts`. The pictures are drawn here (gradients and simple shapes: fells,
// lakes, a sun) and encoded by sharp, so the repository holds no photographs. The content is
// in the contentful-export format the shop imports (server/content/transfer.ts), in English
// (en-GB) and Finnish (fi-FI): a front page with every block type a page can hold, the footer's
// content pages, the company page, the store locator, the accessibility statement, the
// placements (campaign banners, menu links and banners, category banners, the registration
// pop-up, the maintenance page) and one draft page for previews.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { buildCategories } from "../server/db/seed/categories.ts";
import { PHYSICAL_STORES } from "../server/db/seed/words.ts";
import { contentModel } from "../server/content/model.ts";
import { assetLink, entryLink, type ContentExport, type ExportAsset, type ExportEntry } from "../server/content/wire.ts";

const DIR = path.join(import.meta.dirname, "demo");
const EN = "en-GB";
const FI = "fi-FI";
const CREATED = "2026-01-05T08:00:00.000Z";

// ---------------------------------------------------------------- pictures

interface Picture {
  id: string;
  file: string;
  width: number;
  height: number;
  sky: [string, string];
  land: string;
  title: [string, string];
  description: [string, string];
  sun?: boolean;
}

const PICTURES: Picture[] = [
  {
    id: "hero-fells",
    file: "hero-fells.jpg",
    width: 1600,
    height: 700,
    sky: ["#1f3a5f", "#9cc3e6"],
    land: "#2e4a3a",
    sun: true,
    title: ["Autumn in the fells", "Ruska tuntureilla"],
    description: ["Blue fells under an evening sky", "Sinisiä tuntureita iltataivasta vasten"],
  },
  {
    id: "hero-fells-mobile",
    file: "hero-fells-mobile.jpg",
    width: 750,
    height: 1000,
    sky: ["#1f3a5f", "#9cc3e6"],
    land: "#2e4a3a",
    sun: true,
    title: ["Autumn in the fells", "Ruska tuntureilla"],
    description: ["Blue fells under an evening sky", "Sinisiä tuntureita iltataivasta vasten"],
  },
  {
    id: "lake",
    file: "lake.jpg",
    width: 1000,
    height: 750,
    sky: ["#f4d9b0", "#e8a6b8"],
    land: "#3d5a6c",
    title: ["Lake at dawn", "Järvi aamunkoitteessa"],
    description: ["A calm lake and a pink dawn sky", "Tyyni järvi ja vaaleanpunainen aamutaivas"],
  },
  {
    id: "forest",
    file: "forest.jpg",
    width: 1000,
    height: 750,
    sky: ["#dfe9e1", "#9cbfa6"],
    land: "#2e6b3f",
    title: ["Spruce forest", "Kuusimetsä"],
    description: ["Green hills covered by spruce forest", "Kuusimetsän peittämiä vihreitä kukkuloita"],
  },
  {
    id: "snow",
    file: "snow.jpg",
    width: 1000,
    height: 750,
    sky: ["#cfd8e3", "#f4f3ee"],
    land: "#e9eef3",
    sun: true,
    title: ["First snow", "Ensilumi"],
    description: ["Snowy hills under a pale winter sun", "Lumisia kumpuja kalpean talviauringon alla"],
  },
  {
    id: "aurora",
    file: "aurora.jpg",
    width: 1000,
    height: 750,
    sky: ["#0b1d2a", "#2e8b6f"],
    land: "#132430",
    title: ["Northern lights", "Revontulet"],
    description: ["Green northern lights over dark fells", "Vihreät revontulet tummien tuntureiden yllä"],
  },
  {
    id: "store-helsinki",
    file: "store-helsinki.jpg",
    width: 1000,
    height: 750,
    sky: ["#e8e2d6", "#c9a27a"],
    land: "#6b4a32",
    title: ["Brand Store Helsinki", "Brand Store Helsinki"],
    description: ["Shop windows of the Helsinki store", "Helsingin myymälän näyteikkunat"],
  },
  {
    id: "store-oulu",
    file: "store-oulu.jpg",
    width: 1000,
    height: 750,
    sky: ["#e3ecf2", "#9cc3e6"],
    land: "#1f3a5f",
    title: ["Brand Store Oulu", "Brand Store Oulu"],
    description: ["The Oulu store by the market square", "Oulun myymälä torin laidalla"],
  },
  {
    id: "store-outlet",
    file: "store-outlet.jpg",
    width: 1000,
    height: 750,
    sky: ["#f2eee7", "#d9692b"],
    land: "#8a3b1e",
    title: ["Outlet Helsinki", "Outlet Helsinki"],
    description: ["The outlet store in East Helsinki", "Outlet-myymälä Itä-Helsingissä"],
  },
  {
    id: "store-airport",
    file: "store-airport.jpg",
    width: 1000,
    height: 750,
    sky: ["#eceff1", "#b9b5ad"],
    land: "#2b2b2e",
    title: ["Concept Store Helsinki Airport", "Concept Store Helsinki-Vantaa"],
    description: ["The concept store at the airport", "Konseptimyymälä lentoasemalla"],
  },
  {
    id: "popup",
    file: "popup.jpg",
    width: 1070,
    height: 600,
    sky: ["#b3262e", "#e3b52b"],
    land: "#5a1418",
    sun: true,
    title: ["Join the club", "Liity kerhoon"],
    description: ["Warm sunset colours over the fells", "Lämpimiä auringonlaskun sävyjä tuntureilla"],
  },
  {
    id: "popup-mobile",
    file: "popup-mobile.jpg",
    width: 600,
    height: 800,
    sky: ["#b3262e", "#e3b52b"],
    land: "#5a1418",
    sun: true,
    title: ["Join the club", "Liity kerhoon"],
    description: ["Warm sunset colours over the fells", "Lämpimiä auringonlaskun sävyjä tuntureilla"],
  },
];

function pictureSvg(p: Picture): string {
  const { width: w, height: h } = p;
  const ridge = (base: number, amp: number, phase: number) => {
    const points: string[] = [];
    for (let i = 0; i <= 12; i++) {
      const x = (w * i) / 12;
      const y = base - amp * Math.abs(Math.sin(i * 0.9 + phase));
      points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
    }
    return `M0,${h} L${points.join(" L")} L${w},${h} Z`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  ${p.sun ? `<circle cx="${w * 0.72}" cy="${h * 0.32}" r="${Math.min(w, h) * 0.09}" fill="#f6f3ec" opacity=".85"/>` : ""}
  <path d="${ridge(h * 0.62, h * 0.22, 0.3)}" fill="${p.land}" opacity=".55"/>
  <path d="${ridge(h * 0.78, h * 0.16, 1.7)}" fill="${p.land}" opacity=".8"/>
  <path d="${ridge(h * 0.92, h * 0.08, 2.9)}" fill="${p.land}"/>
</svg>`;
}

// ---------------------------------------------------------------- content helpers

type Loc = Record<string, unknown>;
/** A localized value: English, and Finnish when it differs. */
const L = (en: unknown, fi?: unknown): Loc => (fi === undefined ? { [EN]: en } : { [EN]: en, [FI]: fi });
/** A value that is the same in every locale (stored under the default). */
const V = (value: unknown): Loc => ({ [EN]: value });

// Rich text (Contentful's document nodes).
type Node = Record<string, unknown>;
const t = (value: string, ...marks: string[]): Node => ({ nodeType: "text", value, marks: marks.map((type) => ({ type })), data: {} });
const node = (nodeType: string, content: Node[], data: Node = {}): Node => ({ nodeType, data, content });
const doc = (...content: Node[]) => node("document", content);
const p = (...content: (Node | string)[]) =>
  node(
    "paragraph",
    content.map((c) => (typeof c === "string" ? t(c) : c)),
  );
const h2 = (text: string) => node("heading-2", [t(text)]);
const h3 = (text: string) => node("heading-3", [t(text)]);
const ul = (...items: string[]) =>
  node(
    "unordered-list",
    items.map((item) => node("list-item", [p(item)])),
  );
const a = (uri: string, text: string, newWindow = false) => node("hyperlink", [t(text)], newWindow ? { uri, target: "_blank" } : { uri });
const pageLink = (id: string, text: string) => node("entry-hyperlink", [t(text)], { target: entryLink(id) });
const embedEntry = (id: string) => node("embedded-entry-block", [], { target: entryLink(id) });
const embedAsset = (id: string) => node("embedded-asset-block", [], { target: assetLink(id) });
/** The same document structure in both languages. */
const rich = (en: Node, fi: Node) => L(en, fi);

const entries: ExportEntry[] = [];
function entry(id: string, type: string, fields: Record<string, Loc>, { draft = false } = {}) {
  entries.push({
    sys: {
      id,
      type: "Entry",
      contentType: { sys: { id: type } },
      ...(draft ? {} : { publishedVersion: 1, publishedCounter: 1, publishedAt: CREATED }),
      revision: draft ? 0 : 1,
      createdAt: CREATED,
      updatedAt: CREATED,
    },
    fields: { entryTitle: V(id), ...fields },
  });
  return id;
}
const refs = (...ids: string[]) => V(ids.map(entryLink));
const img = (id: string) => V(assetLink(id));
const link = (id: string, title: [string, string], url: [string, string] | string, newWindow = false) =>
  entry(id, "link", {
    title: L(title[0], title[1]),
    link: typeof url === "string" ? V(url) : L(url[0], url[1]),
    openInNewWindow: V(newWindow),
  });
const card = (id: string, title: [string, string], text: [string, string], image: string, linkId?: string) =>
  entry(id, "card", { title: L(...title), text: L(...text), image: img(image), ...(linkId ? { link: V(entryLink(linkId)) } : {}) });
function page(id: string, slug: [string, string?], title: [string, string], description: [string, string], blocks: string[], options = {}) {
  return entry(
    id,
    "landingPage",
    {
      slug: slug[1] ? L(slug[0], slug[1]) : V(slug[0]),
      title: L(...title),
      seoTitle: L(...title),
      seoDescription: L(...description),
      blocks: refs(...blocks),
    },
    options,
  );
}

// ---------------------------------------------------------------- the content

const categories = buildCategories();
const category = (keyPath: string) => {
  const found = categories.find((c) => c.keyPath === keyPath);
  if (!found) throw new Error(`no category ${keyPath}`);
  return found.uid;
};

// Links used around the pages.
link("link-women", ["Shop women", "Naisten tuotteet"], ["/c/women", "/c/naiset"]);
link("link-men", ["Shop men", "Miesten tuotteet"], ["/c/men", "/c/miehet"]);
link("link-stores", ["Find a store", "Löydä myymälä"], "/content/stores");
link("link-about", ["About Kauppa", "Tietoa Kaupasta"], "/content/about");
link("link-care", ["Care guide", "Hoito-ohjeet"], "https://www.marttaliitto.fi/", true);
link("link-rain", ["Rain jackets", "Sadetakit"], ["/c/women/jackets/rain-jackets", "/c/naiset/takit/sadetakit"]);
link("link-register", ["Create an account", "Luo tili"], "/customer/account/create");

// ---- front page blocks, one of every type a page can hold
entry("home-hero", "fullWidthBanner", {
  title: L("Made for northern weather", "Tehty pohjoisen säähän"),
  text: rich(
    doc(p("Warm layers, honest materials and a fit that moves with you.")),
    doc(p("Lämpimiä kerroksia, rehellisiä materiaaleja ja istuvuus, joka liikkuu mukanasi.")),
  ),
  image: img("hero-fells"),
  mobileImage: img("hero-fells-mobile"),
  link: V(entryLink("link-women")),
  textColor: V("#ffffff"),
  textPosition: V("left"),
  transition: V("fade"),
});
entry("home-product-banner", "productBanner", {
  title: L("Rain or shine", "Satoi tai paistoi"),
  text: rich(doc(p("Our lightest rain jackets pack into their own pocket.")), doc(p("Kevyimmät sadetakkimme mahtuvat omaan taskuunsa."))),
  image: img("lake"),
  link: V(entryLink("link-rain")),
  skus: V(["KP-100030", "KP-100031", "KP-100032", "KP-100033", "KP-100034", "KP-100035"]),
  transition: V("slide-left"),
});
entry("home-slider", "productSlider", {
  title: L("Winter jackets", "Talvitakit"),
  categoryUid: V(category("women/jackets/winter-jackets")),
  limit: V(8),
  displayMode: V("Slider"),
});
entry("home-half", "halfImageHalfText", {
  title: L("Knitted in Finland", "Neulottu Suomessa"),
  text: rich(
    doc(
      p("Every sweater is knitted from ", t("responsibly farmed wool", "bold"), " in a family mill in Western Finland."),
      p(pageLink("page-about", "Read our story")),
    ),
    doc(
      p("Jokainen villapaita neulotaan ", t("vastuullisesti tuotetusta villasta", "bold"), " perheyrityksen kehräämössä Länsi-Suomessa."),
      p(pageLink("page-about", "Lue tarinamme")),
    ),
  ),
  image: img("forest"),
  imagePosition: V("right"),
  link: V(entryLink("link-about")),
});
card("card-women", ["Women", "Naiset"], ["Jackets, knitwear and more", "Takit, neuleet ja paljon muuta"], "lake", "link-women");
card("card-men", ["Men", "Miehet"], ["Layers for every season", "Kerroksia joka vuodenaikaan"], "forest", "link-men");
card(
  "card-stores",
  ["Our stores", "Myymälämme"],
  ["Visit us in Helsinki, Oulu and Vantaa", "Tervetuloa Helsinkiin, Ouluun ja Vantaalle"],
  "store-helsinki",
  "link-stores",
);
card("card-snow", ["First snow", "Ensilumi"], ["Boots and beanies for the cold", "Kengät ja pipot pakkasille"], "snow", "link-women");
card(
  "card-aurora",
  ["Night walks", "Iltakävelyt"],
  ["Reflective details for dark evenings", "Heijastavat yksityiskohdat pimeisiin iltoihin"],
  "aurora",
  "link-men",
);
entry("home-links", "linksWithImages", {
  title: L("Shop by collection", "Tutustu mallistoihin"),
  items: refs("card-women", "card-men", "card-stores"),
  displayMode: V("Grid"),
});
entry("home-three", "threeImageBlocks", {
  title: L("This season", "Tällä kaudella"),
  items: refs("card-snow", "card-aurora", "card-women"),
  transition: V("fade-down"),
});
entry("home-multi", "multiImageBlocks", {
  title: L("Inspiration", "Inspiraatiota"),
  items: refs("card-women", "card-men", "card-snow", "card-aurora"),
  displayMode: V("Slider"),
});
entry("home-two", "twoBanners", { items: refs("card-snow", "card-aurora") });
card(
  "guide-layering",
  ["How to layer for winter", "Näin pukeudut kerroksittain"],
  ["Base, mid and shell layers explained", "Alus-, väli- ja kuorikerros selitettynä"],
  "snow",
  "link-care",
);
card("guide-wool", ["Caring for wool", "Villan hoito"], ["Air it, rarely wash it", "Tuuleta usein, pese harvoin"], "forest", "link-care");
card(
  "guide-rain",
  ["Choosing a rain jacket", "Sadetakin valinta"],
  ["Water columns and breathability", "Vesipilari ja hengittävyys"],
  "lake",
  "link-rain",
);
entry("home-guides", "guideList", { title: L("Guides", "Oppaat"), guides: refs("guide-layering", "guide-wool", "guide-rain") });
entry("faq-returns", "faqItem", {
  question: L("How do I return a product?", "Miten palautan tuotteen?"),
  answer: rich(
    doc(p("You have 30 days to return unused products. Use the return form in the parcel.")),
    doc(p("Käyttämättömillä tuotteilla on 30 päivän palautusoikeus. Käytä paketin mukana tullutta palautuslomaketta.")),
  ),
});
entry("faq-delivery", "faqItem", {
  question: L("How long does delivery take?", "Kuinka kauan toimitus kestää?"),
  answer: rich(
    doc(p("Orders leave our warehouse within one working day.")),
    doc(p("Tilaukset lähtevät varastoltamme yhden arkipäivän kuluessa.")),
  ),
});
entry("faq-size", "faqItem", {
  question: L("Which size should I choose?", "Minkä koon valitsen?"),
  answer: rich(doc(p("See the size guide on each product page.")), doc(p("Katso kokotaulukko tuotesivulta."))),
});
entry("home-faq", "faqBlock", {
  title: L("Frequently asked questions", "Usein kysytyt kysymykset"),
  items: refs("faq-returns", "faq-delivery", "faq-size"),
});
entry("home-button", "normalButton", { link: V(entryLink("link-women")), style: V("primary"), alignment: V("center") });
entry("home-buttons", "buttonList", {
  title: L("Quick links", "Pikalinkit"),
  buttons: refs("link-women", "link-men", "link-stores"),
  alignment: V("center"),
});
entry("home-table", "table", {
  title: L("Women's sizes", "Naisten koot"),
  rows: L(
    [
      ["Size", "Chest (cm)", "Waist (cm)"],
      ["XS", "80", "64"],
      ["S", "86", "70"],
      ["M", "92", "76"],
      ["L", "98", "82"],
    ],
    [
      ["Koko", "Rinta (cm)", "Vyötärö (cm)"],
      ["XS", "80", "64"],
      ["S", "86", "70"],
      ["M", "92", "76"],
      ["L", "98", "82"],
    ],
  ),
  headerRow: V(true),
});
entry("home-video", "video", {
  title: L("Autumn in Lapland", "Ruska Lapissa"),
  url: V("https://vimeo.com/76979871"),
  poster: img("aurora"),
  autoplay: V(false),
});
entry("home-wysiwyg", "wysiwyg", {
  content: rich(
    doc(
      h2("Free delivery over €79"),
      p("Orders over €79 ship free to Finland. Pick up at a ", a("/content/stores", "store near you"), " or a parcel locker."),
      embedAsset("snow"),
      embedEntry("home-button"),
    ),
    doc(
      h2("Ilmainen toimitus yli 79 €:n tilauksille"),
      p(
        "Yli 79 euron tilaukset toimitetaan Suomeen ilmaiseksi. Nouda ",
        a("/content/stores", "lähimmästä myymälästä"),
        " tai pakettiautomaatista.",
      ),
      embedAsset("snow"),
      embedEntry("home-button"),
    ),
  ),
});
entry("home-columns", "threeColumnsContentGrid", {
  title: L("Why Kauppa", "Miksi Kauppa"),
  column1: rich(
    doc(h3("Lasting quality"), p("Made to be worn for years, and repaired when needed.")),
    doc(h3("Kestävä laatu"), p("Tehty käytettäväksi vuosia ja korjattavaksi tarvittaessa.")),
  ),
  column2: rich(
    doc(h3("Designed in Finland"), p("Our studio is in Helsinki, by the sea.")),
    doc(h3("Suunniteltu Suomessa"), p("Studiomme on Helsingissä meren rannalla.")),
  ),
  column3: rich(
    doc(h3("Fair production"), p("We know every factory that makes our clothes.")),
    doc(h3("Reilu tuotanto"), p("Tunnemme jokaisen tehtaan, joka valmistaa vaatteemme.")),
  ),
});
entry("home-recommendations", "elevateRecommendations", {
  title: L("Popular right now", "Suosittua juuri nyt"),
  list: V("popular"),
  limit: V(8),
  displayMode: V("Slider"),
});
entry("home-newsletter", "form", {
  formType: V("Newsletter"),
  title: L("Get our newsletter", "Tilaa uutiskirjeemme"),
  description: rich(
    doc(p("News, offers and guides, about twice a month.")),
    doc(p("Uutisia, tarjouksia ja oppaita noin kaksi kertaa kuussa.")),
  ),
});
entry("accessibility-feedback-form", "form", {
  formType: V("AccessibilityFeedback"),
  title: L("Feedback on accessibility", "Palaute saavutettavuudesta"),
  description: rich(
    doc(p("Tell us where you met a barrier; leave your email if you want an answer.")),
    doc(p("Kerro, missä kohtasit esteen. Jätä sähköpostiosoitteesi, jos haluat vastauksen.")),
  ),
});
entry("contact-form", "form", {
  formType: V("Contact"),
  title: L("Contact us", "Ota yhteyttä"),
  description: rich(
    doc(p("Send us a message; we answer within two working days. You can attach a picture (GIF, JPG or PNG).")),
    doc(p("Lähetä meille viesti, vastaamme kahden arkipäivän kuluessa. Voit liittää mukaan kuvan (GIF, JPG tai PNG).")),
  ),
});

page(
  "page-index",
  ["index"],
  ["Kauppa – clothing for northern weather", "Kauppa – vaatteita pohjoisen säähän"],
  ["Jackets, knitwear, shoes and accessories designed in Finland.", "Suomessa suunnitellut takit, neuleet, kengät ja asusteet."],
  [
    "home-hero",
    "home-product-banner",
    "home-slider",
    "home-half",
    "home-links",
    "home-three",
    "home-multi",
    "home-two",
    "home-guides",
    "home-faq",
    "home-button",
    "home-buttons",
    "home-table",
    "home-video",
    "home-wysiwyg",
    "home-columns",
    "home-recommendations",
    "home-newsletter",
    "contact-form",
  ],
);

// ---- content pages
const text = (id: string, en: Node, fi: Node) => entry(id, "wysiwyg", { content: rich(en, fi) });

text(
  "privacy-text",
  doc(
    h2("Privacy notice"),
    p("Kauppa Oy (business ID 1234567-8, Aleksanterinkatu 21, 00100 Helsinki) is the controller of the personal data of its customers."),
    h3("What we collect"),
    ul(
      "Your name, address, email and phone number when you order or register",
      "Your orders and returns",
      "With your consent, how you use our web shop",
    ),
    h3("Why"),
    p("To deliver your orders, to serve you as a customer, to meet our legal duties and, with your consent, to send you marketing."),
    h3("Your rights"),
    p(
      "You may see, correct and delete your data, and object to marketing at any time. Write to privacy@kauppa.example. You may also complain to the Data Protection Ombudsman.",
    ),
  ),
  doc(
    h2("Tietosuojaseloste"),
    p("Kauppa Oy (Y-tunnus 1234567-8, Aleksanterinkatu 21, 00100 Helsinki) on asiakkaidensa henkilötietojen rekisterinpitäjä."),
    h3("Mitä tietoja keräämme"),
    ul(
      "Nimesi, osoitteesi, sähköpostiosoitteesi ja puhelinnumerosi, kun tilaat tai rekisteröidyt",
      "Tilauksesi ja palautuksesi",
      "Suostumuksellasi tiedot verkkokaupan käytöstä",
    ),
    h3("Miksi"),
    p(
      "Toimittaaksemme tilauksesi, palvellaksemme sinua asiakkaana, täyttääksemme lakisääteiset velvoitteemme ja suostumuksellasi lähettääksemme markkinointia.",
    ),
    h3("Oikeutesi"),
    p(
      "Voit tarkastaa, oikaista ja poistaa tietosi sekä kieltää markkinoinnin milloin tahansa. Kirjoita osoitteeseen privacy@kauppa.example. Voit myös tehdä valituksen tietosuojavaltuutetulle.",
    ),
  ),
);
page(
  "page-privacy",
  ["privacy", "tietosuojaseloste"],
  ["Privacy notice", "Tietosuojaseloste"],
  ["How Kauppa handles personal data.", "Miten Kauppa käsittelee henkilötietoja."],
  ["privacy-text"],
);

const STORE_TEXT: Record<string, { picture: string; en: string; fi: string }> = {
  "brand-store-helsinki": {
    picture: "store-helsinki",
    en: "Our flagship store in the heart of Helsinki carries the full collection, and our staff will help you find the right size.",
    fi: "Lippulaivamyymälämme Helsingin sydämessä on koko mallisto, ja henkilökuntamme auttaa löytämään oikean koon.",
  },
  "brand-store-oulu": {
    picture: "store-oulu",
    en: "Next to the market square in Oulu: the full collection and free alterations of trouser lengths.",
    fi: "Oulun torin laidalla: koko mallisto ja housujen lahkeiden lyhennys maksutta.",
  },
  "kauppa-outlet-hki": {
    picture: "store-outlet",
    en: "Earlier seasons' products at outlet prices, with new arrivals every week.",
    fi: "Aiempien kausien tuotteita outlet-hintaan, uusia tuotteita joka viikko.",
  },
  "concept-store-airport": {
    picture: "store-airport",
    en: "A small selection of travel favourites, open every day at Helsinki Airport.",
    fi: "Pieni valikoima matkailijan suosikkeja, avoinna joka päivä Helsinki-Vantaan lentoasemalla.",
  },
};
const storePages: string[] = [];
for (const store of PHYSICAL_STORES) {
  const info = STORE_TEXT[store.code];
  if (!info) throw new Error(`no text for ${store.code}`);
  const half = entry(`${store.code}-info`, "halfImageHalfText", {
    title: V(store.name),
    text: rich(
      doc(
        p(info.en),
        p(t("Address: ", "bold"), store.address),
        p(t("Opening hours: ", "bold"), store.openingHours.en),
        p(t("Phone: ", "bold"), a(`tel:${store.phone.replace(/\s/g, "")}`, store.phone)),
      ),
      doc(
        p(info.fi),
        p(t("Osoite: ", "bold"), store.address),
        p(t("Aukioloajat: ", "bold"), store.openingHours.fi),
        p(t("Puhelin: ", "bold"), a(`tel:${store.phone.replace(/\s/g, "")}`, store.phone)),
      ),
    ),
    image: img(info.picture),
    imagePosition: V("left"),
    link: V(entryLink("link-stores")),
  });
  storePages.push(
    page(
      `page-${store.code}`,
      [store.code, `${store.code}-fi`],
      [store.name, store.name],
      [`${store.name}, ${store.address}`, `${store.name}, ${store.address}`],
      [half, "home-button"],
    ),
  );
}

entry("stores-cards", "linksWithImages", {
  title: L("Our stores", "Myymälämme"),
  items: refs(
    ...PHYSICAL_STORES.map((store) => {
      const info = STORE_TEXT[store.code] as { picture: string };
      link(`link-${store.code}`, [store.name, store.name], [`/content/${store.code}`, `/content/${store.code}-fi`]);
      return card(`card-${store.code}`, [store.name, store.name], [store.address, store.address], info.picture, `link-${store.code}`);
    }),
  ),
  displayMode: V("Grid"),
});
text(
  "stores-intro",
  doc(p("Visit us in Helsinki, Oulu and at Helsinki Airport. Every store can check the stock of a size for you: ask our staff.")),
  doc(
    p(
      "Tervetuloa myymälöihimme Helsingissä, Oulussa ja Helsinki-Vantaan lentoasemalla. Jokaisessa myymälässä voimme tarkistaa koon saatavuuden puolestasi: kysy henkilökunnalta.",
    ),
  ),
);
page(
  "page-stores",
  ["stores"],
  ["Find a store", "Myymälät"],
  ["Kauppa stores in Finland: addresses and opening hours.", "Kaupan myymälät Suomessa: osoitteet ja aukioloajat."],
  ["stores-intro", "stores-cards"],
);

text(
  "about-text",
  doc(
    h2("About Kauppa"),
    p(
      "Kauppa was founded in Helsinki in 1987 to make clothing that handles the northern weather. Today we design jackets, knitwear, shoes and accessories for women and men.",
    ),
    p("We make fewer, better things: every product is designed to last for years, and our stores repair what wears out."),
  ),
  doc(
    h2("Tietoa Kaupasta"),
    p(
      "Kauppa perustettiin Helsingissä vuonna 1987 tekemään vaatteita, jotka kestävät pohjoisen sään. Nykyään suunnittelemme takkeja, neuleita, kenkiä ja asusteita naisille ja miehille.",
    ),
    p("Teemme vähemmän mutta parempaa: jokainen tuote on suunniteltu kestämään vuosia, ja myymälämme korjaavat kuluneet tuotteet."),
  ),
);
page(
  "page-about",
  ["about"],
  ["About Kauppa", "Tietoa Kaupasta"],
  ["The story of Kauppa, a Finnish clothing brand.", "Suomalaisen vaatemerkin Kaupan tarina."],
  ["about-text", "home-columns", "home-half"],
);

text(
  "accessibility-text",
  doc(
    h2("Accessibility statement"),
    p(
      "This statement covers the Kauppa web shop. We aim to meet the WCAG 2.1 level AA criteria, as the Finnish Act on the Provision of Digital Services and the European Accessibility Act require.",
    ),
    h3("How accessible the shop is"),
    p("The shop meets the criteria in part. Known shortcomings:"),
    ul("Some product pictures have a general description only.", "Videos from other services may lack captions."),
    h3("Give feedback"),
    p("Did you find a barrier? Tell us with the form below or write to accessibility@kauppa.example. We answer within 14 days."),
    h3("Supervisory authority"),
    p(
      "If our answer does not satisfy you, you can notify the Regional State Administrative Agency for Southern Finland: ",
      a("https://www.saavutettavuusvaatimukset.fi/en", "www.saavutettavuusvaatimukset.fi", true),
      ".",
    ),
    p("This statement was drawn up on 1 June 2025 and last reviewed on 5 January 2026."),
  ),
  doc(
    h2("Saavutettavuusseloste"),
    p(
      "Tämä seloste koskee Kaupan verkkokauppaa. Pyrimme täyttämään WCAG 2.1 -tason AA kriteerit, kuten laki digitaalisten palvelujen tarjoamisesta ja Euroopan esteettömyysdirektiivi edellyttävät.",
    ),
    h3("Verkkokaupan saavutettavuuden tila"),
    p("Verkkokauppa täyttää kriteerit osittain. Tunnetut puutteet:"),
    ul("Osassa tuotekuvia on vain yleinen kuvaus.", "Muiden palvelujen videoista voi puuttua tekstitys."),
    h3("Anna palautetta"),
    p(
      "Huomasitko saavutettavuuspuutteen? Kerro siitä alla olevalla lomakkeella tai kirjoita osoitteeseen accessibility@kauppa.example. Vastaamme 14 päivän kuluessa.",
    ),
    h3("Valvontaviranomainen"),
    p(
      "Jos et ole tyytyväinen vastaukseemme, voit tehdä ilmoituksen Etelä-Suomen aluehallintovirastoon: ",
      a("https://www.saavutettavuusvaatimukset.fi", "www.saavutettavuusvaatimukset.fi", true),
      ".",
    ),
    p("Seloste on laadittu 1.6.2025 ja tarkistettu viimeksi 5.1.2026."),
  ),
);
page(
  "page-accessibility",
  ["accessibility", "saavutettavuusseloste"],
  ["Accessibility statement", "Saavutettavuusseloste"],
  ["How accessible the Kauppa web shop is, and how to give feedback.", "Kaupan verkkokaupan saavutettavuus ja palautteen antaminen."],
  ["accessibility-text", "accessibility-feedback-form"],
);

// The footer's customer service, company and business links (the store configs' links).
function simplePage(
  id: string,
  slugs: [string, string],
  title: [string, string],
  description: [string, string],
  en: Node[],
  fi: Node[],
  more: string[] = [],
) {
  const content = text(`${id}-text`, doc(h2(title[0]), ...en), doc(h2(title[1]), ...fi));
  return page(`page-${id}`, slugs, title, description, [content, ...more]);
}
simplePage(
  "contact",
  ["contact", "yhteystiedot"],
  ["Contact us", "Ota yhteyttä"],
  ["Customer service by phone, mail and the form.", "Asiakaspalvelu puhelimitse, sähköpostilla ja lomakkeella."],
  [
    p(
      "Our customer service answers on weekdays 9–16 at ",
      a("tel:+35894250100", "+358 9 4250 100"),
      " and at ",
      a("mailto:service@kauppa.example", "service@kauppa.example"),
      ".",
    ),
    p("Have your order number at hand, please."),
  ],
  [
    p(
      "Asiakaspalvelumme palvelee arkisin klo 9–16 numerossa ",
      a("tel:+35894250100", "+358 9 4250 100"),
      " ja osoitteessa ",
      a("mailto:service@kauppa.example", "service@kauppa.example"),
      ".",
    ),
    p("Pidäthän tilausnumerosi käden ulottuvilla."),
  ],
  ["contact-form", "home-faq"],
);
simplePage(
  "delivery",
  ["delivery", "toimitus"],
  ["Delivery", "Toimitus"],
  ["Delivery methods, times and costs.", "Toimitustavat, -ajat ja -kulut."],
  [
    p(
      "Orders leave our warehouse within one working day. Delivery to a parcel locker or a pickup point takes 1–3 working days in Finland.",
    ),
    ul("Parcel locker or pickup point: €4.90", "Home delivery: €9.90", "Free delivery on orders over €79"),
  ],
  [
    p(
      "Tilaukset lähtevät varastoltamme yhden arkipäivän kuluessa. Toimitus pakettiautomaattiin tai noutopisteeseen kestää Suomessa 1–3 arkipäivää.",
    ),
    ul("Pakettiautomaatti tai noutopiste: 4,90 €", "Kotiinkuljetus: 9,90 €", "Ilmainen toimitus yli 79 €:n tilauksille"),
  ],
);
simplePage(
  "returns",
  ["returns", "palautukset"],
  ["Returns", "Palautukset"],
  ["How to return or exchange a product.", "Näin palautat tai vaihdat tuotteen."],
  [
    p("You have 30 days to return unused products with their tags. Returns are free within Finland."),
    p("Fill in the return form in the parcel and take the parcel to any pickup point. We refund the price within 14 days of receiving it."),
  ],
  [
    p("Käyttämättömillä tuotteilla on 30 päivän palautusoikeus, kun hintalaput ovat tallella. Palautus on maksuton Suomessa."),
    p(
      "Täytä paketin mukana tullut palautuslomake ja vie paketti mihin tahansa noutopisteeseen. Palautamme tuotteen hinnan 14 päivän kuluessa sen saapumisesta.",
    ),
  ],
  ["home-faq"],
);
simplePage(
  "size-guide",
  ["size-guide", "kokotaulukko"],
  ["Size guide", "Kokotaulukko"],
  ["Our sizes in centimetres.", "Kokomme senttimetreinä."],
  [p("Measure over light underwear. Between two sizes? Choose the larger one for outerwear.")],
  [p("Mittaa kevyiden alusvaatteiden päältä. Jos olet kahden koon välissä, valitse ulkovaatteisiin isompi koko.")],
  ["home-table"],
);
simplePage(
  "sustainability",
  ["sustainability", "vastuullisuus"],
  ["Sustainability", "Vastuullisuus"],
  ["How we make clothes that last.", "Näin teemme vaatteita, jotka kestävät."],
  [
    p("We design for long use: durable materials, classic cuts and spare parts for zips and buttons."),
    p("By 2030 every product will be made of recycled or certified materials."),
  ],
  [
    p("Suunnittelemme vaatteemme pitkään käyttöön: kestävät materiaalit, klassiset leikkaukset ja varaosat vetoketjuihin ja nappeihin."),
    p("Vuoteen 2030 mennessä jokainen tuotteemme on valmistettu kierrätetyistä tai sertifioiduista materiaaleista."),
  ],
  ["home-columns"],
);
simplePage(
  "careers",
  ["careers", "tyopaikat"],
  ["Careers", "Työpaikat"],
  ["Work at Kauppa.", "Töihin Kauppaan."],
  [
    p(
      "We are always glad to hear from people who love the outdoors and good service. Send an open application to ",
      a("mailto:jobs@kauppa.example", "jobs@kauppa.example"),
      ".",
    ),
  ],
  [
    p(
      "Kuulemme mielellämme ulkoilusta ja hyvästä palvelusta innostuneista ihmisistä. Lähetä avoin hakemus osoitteeseen ",
      a("mailto:jobs@kauppa.example", "jobs@kauppa.example"),
      ".",
    ),
  ],
);
simplePage(
  "corporate-sales",
  ["corporate-sales", "yritysmyynti"],
  ["Corporate sales", "Yritysmyynti"],
  ["Workwear and gifts for companies.", "Työvaatteet ja lahjat yrityksille."],
  [p("We supply jackets and knitwear with your logo, and gift cards for staff and customers. Tell us what you need with the form below.")],
  [
    p(
      "Toimitamme takkeja ja neuleita yrityksesi logolla sekä lahjakortteja henkilöstölle ja asiakkaille. Kerro tarpeistasi alla olevalla lomakkeella.",
    ),
  ],
  ["contact-form"],
);
simplePage(
  "wholesale",
  ["wholesale", "jalleenmyynti"],
  ["Wholesale", "Jälleenmyynti"],
  ["Become a Kauppa retailer.", "Ryhdy Kaupan jälleenmyyjäksi."],
  [
    p(
      "Our collections are sold by some 60 shops in the Nordic countries. Contact ",
      a("mailto:wholesale@kauppa.example", "wholesale@kauppa.example"),
      " for the retailer terms.",
    ),
  ],
  [
    p(
      "Mallistojamme myy noin 60 liikettä Pohjoismaissa. Kysy jälleenmyyjäehtoja osoitteesta ",
      a("mailto:wholesale@kauppa.example", "wholesale@kauppa.example"),
      ".",
    ),
  ],
);
simplePage(
  "press",
  ["press", "medialle"],
  ["Press", "Medialle"],
  ["Press releases and pictures.", "Tiedotteet ja kuvat."],
  [p("For interviews, samples and pictures, write to ", a("mailto:press@kauppa.example", "press@kauppa.example"), ".")],
  [p("Haastattelu-, näyte- ja kuvapyynnöt osoitteeseen ", a("mailto:press@kauppa.example", "press@kauppa.example"), ".")],
);
// The Finnish footer's "Tietoa meistä" (the company link of both stores stays /content/about).
page(
  "page-about-fi",
  ["about-kauppa", "tietoa-meista"],
  ["About Kauppa", "Tietoa Kaupasta"],
  ["The story of Kauppa, a Finnish clothing brand.", "Suomalaisen vaatemerkin Kaupan tarina."],
  ["about-text", "home-columns", "home-half"],
);

// A draft only: seen through preview, never by shoppers.
text(
  "draft-text",
  doc(h2("Spring preview"), p("Our spring collection arrives in March.")),
  doc(h2("Kevään ennakko"), p("Kevätmallisto saapuu maaliskuussa.")),
);
entry(
  "page-draft-demo",
  "landingPage",
  {
    slug: V("draft-demo"),
    title: L("Spring preview", "Kevään ennakko"),
    seoTitle: L("Spring preview", "Kevään ennakko"),
    seoDescription: L("Not yet published.", "Ei vielä julkaistu."),
    blocks: refs("draft-text", "home-hero"),
  },
  { draft: true },
);

// ---- placements
entry("banner-shipping", "campaignBanner", {
  content: rich(
    doc(p(t("Free delivery", "bold"), " on orders over €79")),
    doc(p(t("Ilmainen toimitus", "bold"), " yli 79 €:n tilauksille")),
  ),
  description: rich(
    doc(p("Applies to deliveries in Finland, to parcel lockers and pickup points. Not valid with express delivery.")),
    doc(p("Koskee toimituksia Suomeen pakettiautomaatteihin ja noutopisteisiin. Ei koske pikatoimitusta.")),
  ),
  links: refs("link-women"),
  backgroundColor: V("#1f3a5f"),
  textColor: V("#ffffff"),
});
entry("banner-club", "campaignBanner", {
  content: rich(
    doc(p("Members: ", t("10 % off", "bold"), " your first order")),
    doc(p("Jäsenille ", t("-10 %", "bold"), " ensimmäisestä tilauksesta")),
  ),
  description: rich(doc(p("Join the Kauppa club when you create an account.")), doc(p("Liity Kauppa-kerhoon luodessasi tilin."))),
  links: refs("link-register"),
  backgroundColor: V("#f3f1ec"),
  textColor: V("#1b1b1d"),
});
entry("campaign-banners", "campaignBanners", { banners: refs("banner-shipping", "banner-club"), transitionOn: V(true) });

entry("menu-women-jackets", "menuLink", { title: L("Jackets", "Takit"), link: L("/c/women/jackets", "/c/naiset/takit") });
entry("menu-women-knitwear", "menuLink", { title: L("Knitwear", "Neuleet"), link: L("/c/women/knitwear", "/c/naiset/neuleet") });
entry("menu-women", "menuLink", {
  // The header's categories already name "Women": the editors' link is the season's selection.
  title: L("New for women", "Uutta naisille"),
  link: L("/c/women", "/c/naiset"),
  childLinks: refs("menu-women-jackets", "menu-women-knitwear"),
});
entry("menu-stories", "menuLink", { title: L("Stories", "Tarinat"), link: V("/content/about") });
entry("menu-stores", "menuLink", { title: L("Stores", "Myymälät"), link: V("/content/stores") });
entry("megamenu-links", "megamenuLinks", { links: refs("menu-women", "menu-stories", "menu-stores") });
// Spec §6: the menus differ by login state — a customer's own link, shown only while logged in.
entry("menu-orders", "menuLink", { title: L("My orders", "Omat tilaukset"), link: V("/account/orders") });
entry("megamenu-links-member", "megamenuLinks", { links: refs("menu-orders"), showForLoginStatus: V("Logged In") });

entry("megamenu-banner-women", "megamenuBanner", {
  link: V(entryLink("link-rain")),
  textColor: V("#ffffff"),
  backgroundColor: V("#1f3a5f"),
  horizontalImage: V(true),
  image: img("lake"),
  position: V(1),
  categoryUid: V(category("women")),
});
entry("category-banner-winter", "categoryBanner", {
  position: V(3),
  bannerType: V("wide"),
  title: L("Warm down, light weight", "Lämmin untuva, kevyt paino"),
  text: rich(doc(p("Our winter jackets keep you warm to −25 °C.")), doc(p("Talvitakkimme pitävät lämpimänä −25 asteeseen asti."))),
  image: img("snow"),
  link: V(entryLink("link-women")),
  backgroundColor: V("#eceff1"),
  textColor: V("#1b1b1d"),
  categoryIDs: V([category("women/jackets/winter-jackets"), category("men/jackets/winter-jackets")]),
});
entry("registration-popup", "registrationPopup", {
  title: L("Join the Kauppa club", "Liity Kauppa-kerhoon"),
  content: rich(
    doc(p("Create an account and get 10 % off your first order, early access to sales and free returns.")),
    doc(p("Luo tili ja saat 10 %:n alennuksen ensimmäisestä tilauksesta, ennakkotiedon alennusmyynneistä ja maksuttomat palautukset.")),
  ),
  image: img("popup"),
  mobileImage: img("popup-mobile"),
  // Only to a guest who stays a while on the front page: an invitation, not an interruption.
  popupDelay: V(30),
  showForLoginStatus: V("Logged Out"),
  pages: V(["index"]),
});
// The footer's store contacts (spec §2): customer service (the brand's stores are the footer's find-us list).
entry("contact-service", "contactPoint", {
  name: L("Customer service", "Asiakaspalvelu"),
  address: L("Kauppa Oy\nPL 100\n00101 Helsinki", "Kauppa Oy\nPL 100\n00101 Helsinki"),
  openingHours: L("Mon–Fri 9–17", "ma–pe 9–17"),
  phone: V("+358 9 4250 1000"),
  email: L("service@kauppa.example", "asiakaspalvelu@kauppa.example"),
});
entry("store-contacts", "storeContacts", {
  title: L("Contact us", "Ota yhteyttä"),
  contacts: refs("contact-service"),
});
entry("maintenance", "maintenancePage", {
  title: L("We'll be right back", "Palaamme pian"),
  content: rich(
    doc(p("The shop is being updated and will be back in a moment. Thank you for your patience.")),
    doc(p("Verkkokauppaa päivitetään, ja se palaa hetken kuluttua. Kiitos kärsivällisyydestäsi.")),
  ),
  image: img("aurora"),
});

// ---------------------------------------------------------------- write

async function main() {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(path.join(DIR, "assets"), { recursive: true });
  const assets: ExportAsset[] = [];
  for (const picture of PICTURES) {
    const body = await sharp(Buffer.from(pictureSvg(picture)))
      .jpeg({ quality: 72, mozjpeg: true })
      .toBuffer();
    fs.writeFileSync(path.join(DIR, "assets", picture.file), body);
    assets.push({
      sys: { id: picture.id, type: "Asset", revision: 1 },
      fields: {
        title: { [EN]: picture.title[0], [FI]: picture.title[1] },
        description: { [EN]: picture.description[0], [FI]: picture.description[1] },
        file: {
          [EN]: {
            fileName: picture.file,
            contentType: "image/jpeg",
            details: { size: body.byteLength, image: { width: picture.width, height: picture.height } },
          },
        },
      },
    });
  }
  const data: ContentExport = {
    contentTypes: contentModel(),
    entries,
    assets,
    locales: [
      { code: EN, name: "English (United Kingdom)", fallbackCode: null, default: true },
      { code: FI, name: "Finnish (Finland)", fallbackCode: EN, default: false },
    ],
  };
  fs.writeFileSync(path.join(DIR, "content.json"), `${JSON.stringify(data, null, 2)}\n`);
  console.log(`content/demo: ${entries.length} entries, ${assets.length} assets, ${data.contentTypes.length} content types`);
}

await main();
