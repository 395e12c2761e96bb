// The demo catalogue's vocabulary: brands, colours, sizes, the category tree, garment kinds
// and the texts products are written from, in English and Finnish. Pure data; the
// generator in this folder combines it with a seeded PRNG.

export interface Text {
  en: string;
  fi: string;
}

export const VAT = "25.5 %";

export const BRANDS = {
  main: "Kauppa",
  outdoor: "Kauppa Outdoor",
  revontuli: "Revontuli",
  tunturi: "Tunturi Works",
} as const;

// ---------------------------------------------------------------- colours and sizes

export interface ColorWord {
  code: string;
  hex: string;
  label: Text;
}

export const COLORS: readonly ColorWord[] = [
  { code: "black", hex: "#1b1b1d", label: { en: "Black", fi: "Musta" } },
  { code: "white", hex: "#f4f3ee", label: { en: "White", fi: "Valkoinen" } },
  { code: "grey", hex: "#8a8d91", label: { en: "Grey", fi: "Harmaa" } },
  { code: "navy", hex: "#1f3a5f", label: { en: "Navy", fi: "Tummansininen" } },
  { code: "blue", hex: "#2f6db5", label: { en: "Blue", fi: "Sininen" } },
  { code: "lightblue", hex: "#9cc3e6", label: { en: "Light blue", fi: "Vaaleansininen" } },
  { code: "green", hex: "#2e6b3f", label: { en: "Green", fi: "Vihreä" } },
  { code: "olive", hex: "#6b6b3a", label: { en: "Olive", fi: "Oliivinvihreä" } },
  { code: "red", hex: "#b3262e", label: { en: "Red", fi: "Punainen" } },
  { code: "burgundy", hex: "#6d1f2d", label: { en: "Burgundy", fi: "Viininpunainen" } },
  { code: "orange", hex: "#d9692b", label: { en: "Orange", fi: "Oranssi" } },
  { code: "yellow", hex: "#e3b52b", label: { en: "Yellow", fi: "Keltainen" } },
  { code: "pink", hex: "#e8a6b8", label: { en: "Pink", fi: "Vaaleanpunainen" } },
  { code: "beige", hex: "#d8c8a8", label: { en: "Beige", fi: "Beige" } },
  { code: "brown", hex: "#6b4a32", label: { en: "Brown", fi: "Ruskea" } },
];

export const CLOTHING_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const SHOE_SIZES = ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"] as const;
export const ONE_SIZE = { code: "OS", label: { en: "One size", fi: "Yksi koko" } } as const;
/** Sizes that cost 10.00 € more on the few products that charge for large sizes. */
export const LARGE_SIZES: ReadonlySet<string> = new Set(["XXL", "45", "46"]);

// ---------------------------------------------------------------- product texts

/** Texts for the Finnish adjective in singular and plural (housut, saappaat are plural). */
export interface Adjective {
  en: string;
  fi: string;
  fiPlural: string;
}

export const ADJECTIVES: readonly Adjective[] = [
  { en: "light", fi: "kevyt", fiPlural: "kevyet" },
  { en: "classic", fi: "klassinen", fiPlural: "klassiset" },
  { en: "recycled", fi: "kierrätetty", fiPlural: "kierrätetyt" },
  { en: "soft", fi: "pehmeä", fiPlural: "pehmeät" },
];

/** Model names: Finnish nature words and names. */
export const MODEL_NAMES = [
  "Aava",
  "Halla",
  "Kuura",
  "Usva",
  "Tuuli",
  "Lumi",
  "Kide",
  "Routa",
  "Ruska",
  "Kaisla",
  "Paju",
  "Saana",
  "Aapa",
  "Pallas",
  "Kelo",
  "Kaamos",
  "Myrsky",
  "Viima",
  "Helmi",
  "Lyyli",
  "Vuono",
  "Kallio",
  "Sisu",
  "Taiga",
  "Nietos",
  "Hanki",
  "Kajo",
  "Sointu",
  "Aalto",
  "Louhi",
  "Tapio",
  "Ahti",
  "Ilma",
  "Sade",
  "Koski",
  "Virta",
  "Salmi",
  "Pihla",
  "Kataja",
  "Honka",
  "Kuusi",
  "Tyyni",
  "Utu",
  "Aamu",
  "Hämy",
  "Lieko",
  "Vaara",
  "Jänkä",
] as const;

export const AUDIENCES = {
  women: { en: "women", fi: "naisten" },
  men: { en: "men", fi: "miesten" },
  kids: { en: "kids", fi: "lasten" },
  unisex: { en: "unisex", fi: "unisex" },
} as const satisfies Record<string, Text>;
export type Audience = keyof typeof AUDIENCES;

export const MATERIALS = {
  merino: { en: "100 % merino wool", fi: "100 % merinovilla" },
  woolBlend: { en: "wool blend", fi: "villasekoite" },
  lambswool: { en: "lambswool", fi: "lampaanvilla" },
  organicCotton: { en: "organic cotton", fi: "luomupuuvilla" },
  cottonJersey: { en: "cotton jersey", fi: "puuvillatrikoo" },
  flannel: { en: "cotton flannel", fi: "puuvillaflanelli" },
  canvas: { en: "cotton canvas", fi: "puuvillakanvas" },
  linen: { en: "linen", fi: "pellava" },
  viscose: { en: "viscose", fi: "viskoosi" },
  polyester: { en: "recycled polyester", fi: "kierrätetty polyesteri" },
  polyamide: { en: "waterproof polyamide", fi: "vedenpitävä polyamidi" },
  softshell: { en: "stretch softshell", fi: "joustava softshell" },
  down: { en: "recycled down and polyester", fi: "kierrätetty untuva ja polyesteri" },
  fleece: { en: "recycled fleece", fi: "kierrätetty fleece" },
  leather: { en: "leather", fi: "nahka" },
  rubber: { en: "natural rubber", fi: "luonnonkumi" },
  stoneware: { en: "stoneware", fi: "kivitavara" },
  rapeseedWax: { en: "rapeseed wax", fi: "rypsivaha" },
} as const satisfies Record<string, Text>;
export type Material = keyof typeof MATERIALS;

export const SEASONS = {
  ss: { en: "Spring/Summer", fi: "Kevät/Kesä" },
  aw: { en: "Autumn/Winter", fi: "Syksy/Talvi" },
  all: { en: "All seasons", fi: "Kaikki vuodenajat" },
} as const satisfies Record<string, Text>;
export type Season = keyof typeof SEASONS;

export const CARE = {
  machine40: { en: "Machine wash at 40 °C", fi: "Konepesu 40 °C" },
  machine30: { en: "Machine wash at 30 °C, do not tumble dry", fi: "Konepesu 30 °C, ei rumpukuivausta" },
  wool: { en: "Wool programme at 30 °C or hand wash", fi: "Villapesu 30 °C tai käsinpesu" },
  wipe: { en: "Wipe clean with a damp cloth", fi: "Puhdista kostealla liinalla" },
  dishwasher: { en: "Dishwasher safe", fi: "Kestää astianpesukoneen" },
  candle: { en: "Never leave a burning candle unattended", fi: "Älä jätä palavaa kynttilää ilman valvontaa" },
} as const satisfies Record<string, Text>;
export type Care = keyof typeof CARE;

export const MADE_IN: readonly Text[] = [
  { en: "Finland", fi: "Suomi" },
  { en: "Estonia", fi: "Viro" },
  { en: "Lithuania", fi: "Liettua" },
  { en: "Portugal", fi: "Portugali" },
  { en: "Türkiye", fi: "Turkki" },
  { en: "Vietnam", fi: "Vietnam" },
  { en: "China", fi: "Kiina" },
];

export const PACKAGES = {
  bag: { en: "Recycled paper bag", fi: "Kierrätyspaperipussi" },
  box: { en: "Cardboard box", fi: "Pahvilaatikko" },
  giftBox: { en: "Gift box", fi: "Lahjarasia" },
  envelope: { en: "Envelope", fi: "Kirjekuori" },
} as const satisfies Record<string, Text>;

/** The last sentence of a product description. */
export const CLOSING_SENTENCES: readonly Text[] = [
  { en: "Designed in Helsinki for everyday adventures.", fi: "Suunniteltu Helsingissä arjen seikkailuihin." },
  { en: "A reliable companion from city streets to forest trails.", fi: "Luotettava kumppani kaupungin kaduilta metsäpoluille." },
  { en: "Made to last for many seasons.", fi: "Tehty kestämään monta kautta." },
  { en: "Pairs well with the rest of the collection.", fi: "Sopii yhteen muun malliston kanssa." },
  { en: "Inspired by the changing seasons of Lapland.", fi: "Lapin vaihtuvien vuodenaikojen inspiroima." },
  { en: "Part of our responsible collection.", fi: "Osa vastuullista mallistoamme." },
];

export const IMAGE_VIEWS: readonly Text[] = [
  { en: "front", fi: "edestä" },
  { en: "back", fi: "takaa" },
  { en: "detail", fi: "yksityiskohta" },
];

// ---------------------------------------------------------------- garment kinds

export type SizeRun = "clothing" | "shoes" | "one";

export interface GarmentKind {
  name: Text;
  /** The Finnish name is plural (housut): adjectives agree with it. */
  fiPlural?: boolean;
  blurb: Text;
  imageKind: string;
  /** Regular price range in whole euros. */
  euros: [number, number];
  sizes: SizeRun;
  materials: readonly Material[];
  seasons: readonly Season[];
  care: Care;
  /** An Outdoor leaf (by key path) where some of these products are listed too. */
  alsoIn?: string;
}

export const KINDS = {
  rainJacket: {
    name: { en: "rain jacket", fi: "sadetakki" },
    blurb: {
      en: "A lightweight rain jacket with taped seams and an adjustable hood.",
      fi: "Kevyt sadetakki, jossa on teipatut saumat ja säädettävä huppu.",
    },
    imageKind: "jacket",
    euros: [129, 249],
    sizes: "clothing",
    materials: ["polyamide", "polyester"],
    seasons: ["ss", "all"],
    care: "machine30",
    alsoIn: "outdoor/outdoor-clothing/shell-jackets",
  },
  parka: {
    name: { en: "winter parka", fi: "talviparka" },
    blurb: {
      en: "A warm winter parka with a detachable faux-fur trim and plenty of pockets.",
      fi: "Lämmin talviparka, jossa on irrotettava tekoturkisreunus ja runsaasti taskuja.",
    },
    imageKind: "parka",
    euros: [199, 349],
    sizes: "clothing",
    materials: ["down", "polyester"],
    seasons: ["aw"],
    care: "machine30",
  },
  shellJacket: {
    name: { en: "shell jacket", fi: "kuoritakki" },
    blurb: {
      en: "A breathable, fully waterproof shell for hiking and skiing.",
      fi: "Hengittävä ja täysin vedenpitävä kuoritakki vaellukselle ja hiihtoon.",
    },
    imageKind: "jacket",
    euros: [179, 349],
    sizes: "clothing",
    materials: ["polyamide", "softshell"],
    seasons: ["all"],
    care: "machine30",
  },
  vest: {
    name: { en: "padded vest", fi: "toppaliivi" },
    blurb: { en: "A padded vest that adds warmth without bulk.", fi: "Toppaliivi, joka lämmittää olematta kömpelö." },
    imageKind: "vest",
    euros: [69, 149],
    sizes: "clothing",
    materials: ["down", "polyester"],
    seasons: ["aw", "all"],
    care: "machine30",
  },
  sweater: {
    name: { en: "wool sweater", fi: "villapaita" },
    blurb: {
      en: "A soft knitted sweater with a classic ribbed collar.",
      fi: "Pehmeä neulottu villapaita, jossa on klassinen resorikaulus.",
    },
    imageKind: "sweater",
    euros: [69, 149],
    sizes: "clothing",
    materials: ["merino", "woolBlend", "lambswool"],
    seasons: ["aw"],
    care: "wool",
    alsoIn: "outdoor/outdoor-clothing/midlayers",
  },
  hoodie: {
    name: { en: "hoodie", fi: "huppari" },
    blurb: {
      en: "A relaxed-fit hoodie with a kangaroo pocket and a brushed inside.",
      fi: "Rennosti istuva huppari, jossa on kengurutasku ja harjattu sisäpinta.",
    },
    imageKind: "hoodie",
    euros: [59, 99],
    sizes: "clothing",
    materials: ["organicCotton", "cottonJersey"],
    seasons: ["all"],
    care: "machine40",
  },
  fleece: {
    name: { en: "fleece jacket", fi: "fleecetakki" },
    blurb: {
      en: "A warm fleece jacket that works as a midlayer or on its own.",
      fi: "Lämmin fleecetakki välikerrokseksi tai sellaisenaan.",
    },
    imageKind: "sweater",
    euros: [59, 119],
    sizes: "clothing",
    materials: ["fleece"],
    seasons: ["all", "aw"],
    care: "machine30",
  },
  tee: {
    name: { en: "T-shirt", fi: "T-paita" },
    blurb: { en: "A classic T-shirt in soft, durable jersey.", fi: "Klassinen T-paita pehmeästä ja kestävästä trikoosta." },
    imageKind: "tee",
    euros: [20, 40],
    sizes: "clothing",
    materials: ["organicCotton", "cottonJersey", "merino"],
    seasons: ["ss", "all"],
    care: "machine40",
  },
  shirt: {
    name: { en: "shirt", fi: "kauluspaita" },
    blurb: {
      en: "A button-down shirt with a relaxed collar for work and weekends.",
      fi: "Napitettava kauluspaita rennolla kauluksella töihin ja viikonloppuun.",
    },
    imageKind: "shirt",
    euros: [49, 89],
    sizes: "clothing",
    materials: ["flannel", "organicCotton", "linen"],
    seasons: ["all", "ss"],
    care: "machine40",
  },
  trousers: {
    name: { en: "trousers", fi: "housut" },
    fiPlural: true,
    blurb: {
      en: "Comfortable trousers with a straight leg and stretch for easy movement.",
      fi: "Mukavat suoralahkeiset housut, joissa on joustoa liikkumisen helpottamiseksi.",
    },
    imageKind: "trousers",
    euros: [59, 149],
    sizes: "clothing",
    materials: ["canvas", "organicCotton", "softshell"],
    seasons: ["all"],
    care: "machine40",
  },
  hikingTrousers: {
    name: { en: "hiking trousers", fi: "retkeilyhousut" },
    fiPlural: true,
    blurb: {
      en: "Durable hiking trousers with reinforced knees and zip pockets.",
      fi: "Kestävät retkeilyhousut, joissa on vahvistetut polvet ja vetoketjutaskut.",
    },
    imageKind: "trousers",
    euros: [79, 169],
    sizes: "clothing",
    materials: ["softshell", "canvas"],
    seasons: ["all"],
    care: "machine30",
  },
  shorts: {
    name: { en: "shorts", fi: "shortsit" },
    fiPlural: true,
    blurb: {
      en: "Light shorts for warm days, with a comfortable elastic waist.",
      fi: "Kevyet shortsit lämpimille päiville, mukavalla joustovyötäröllä.",
    },
    imageKind: "shorts",
    euros: [35, 70],
    sizes: "clothing",
    materials: ["organicCotton", "linen", "polyester"],
    seasons: ["ss"],
    care: "machine40",
  },
  dress: {
    name: { en: "dress", fi: "mekko" },
    blurb: { en: "A flowing dress that is easy to dress up or down.", fi: "Laskeutuva mekko, joka sopii niin arkeen kuin juhlaan." },
    imageKind: "dress",
    euros: [59, 129],
    sizes: "clothing",
    materials: ["viscose", "linen", "organicCotton"],
    seasons: ["ss", "all"],
    care: "machine30",
  },
  skirt: {
    name: { en: "skirt", fi: "hame" },
    blurb: {
      en: "A midi skirt with a comfortable waistband and side pockets.",
      fi: "Midihame, jossa on mukava vyötärönauha ja sivutaskut.",
    },
    imageKind: "skirt",
    euros: [49, 89],
    sizes: "clothing",
    materials: ["viscose", "woolBlend", "organicCotton"],
    seasons: ["all", "aw"],
    care: "machine30",
  },
  beanie: {
    name: { en: "beanie", fi: "pipo" },
    blurb: { en: "A snug knitted beanie with a folded brim.", fi: "Lämmin neulottu pipo käännetyllä reunalla." },
    imageKind: "beanie",
    euros: [20, 50],
    sizes: "one",
    materials: ["merino", "woolBlend"],
    seasons: ["aw"],
    care: "wool",
  },
  cap: {
    name: { en: "cap", fi: "lippis" },
    blurb: { en: "A six-panel cap with an adjustable strap.", fi: "Kuusipaneelinen lippis säädettävällä hihnalla." },
    imageKind: "cap",
    euros: [20, 35],
    sizes: "one",
    materials: ["organicCotton", "polyester"],
    seasons: ["ss"],
    care: "machine30",
  },
  gloves: {
    name: { en: "gloves", fi: "käsineet" },
    fiPlural: true,
    blurb: {
      en: "Warm gloves with touchscreen-friendly fingertips.",
      fi: "Lämpimät käsineet, joiden sormenpäillä voi käyttää kosketusnäyttöä.",
    },
    imageKind: "gloves",
    euros: [25, 70],
    sizes: "clothing",
    materials: ["leather", "woolBlend", "softshell"],
    seasons: ["aw"],
    care: "wipe",
  },
  mittens: {
    name: { en: "mittens", fi: "lapaset" },
    fiPlural: true,
    blurb: {
      en: "Cosy mittens with long cuffs that keep the snow out.",
      fi: "Lämpimät lapaset, joiden pitkät varret pitävät lumen poissa.",
    },
    imageKind: "gloves",
    euros: [20, 45],
    sizes: "clothing",
    materials: ["woolBlend", "polyester"],
    seasons: ["aw"],
    care: "wool",
  },
  scarf: {
    name: { en: "scarf", fi: "huivi" },
    blurb: { en: "A soft scarf, long enough to wrap twice.", fi: "Pehmeä huivi, joka on riittävän pitkä kiedottavaksi kahdesti." },
    imageKind: "scarf",
    euros: [30, 80],
    sizes: "one",
    materials: ["merino", "lambswool", "linen"],
    seasons: ["aw", "all"],
    care: "wool",
  },
  socks: {
    name: { en: "wool socks", fi: "villasukat" },
    fiPlural: true,
    blurb: {
      en: "Thick wool socks for cold floors and long hikes.",
      fi: "Paksut villasukat kylmille lattioille ja pitkille vaelluksille.",
    },
    imageKind: "sock",
    euros: [10, 25],
    sizes: "one",
    materials: ["merino", "woolBlend"],
    seasons: ["aw", "all"],
    care: "wool",
  },
  boots: {
    name: { en: "boots", fi: "saappaat" },
    fiPlural: true,
    blurb: { en: "Leather boots with a warm lining and a grippy sole.", fi: "Nahkasaappaat, joissa on lämmin vuori ja pitävä pohja." },
    imageKind: "boot",
    euros: [99, 249],
    sizes: "shoes",
    materials: ["leather"],
    seasons: ["aw"],
    care: "wipe",
    alsoIn: "outdoor/equipment/hiking-boots",
  },
  rubberBoots: {
    name: { en: "rubber boots", fi: "kumisaappaat" },
    fiPlural: true,
    blurb: {
      en: "Waterproof rubber boots for puddles and muddy paths.",
      fi: "Vedenpitävät kumisaappaat lätäköihin ja mutaisille poluille.",
    },
    imageKind: "boot",
    euros: [40, 90],
    sizes: "shoes",
    materials: ["rubber"],
    seasons: ["all"],
    care: "wipe",
  },
  hikingBoots: {
    name: { en: "hiking boots", fi: "vaelluskengät" },
    fiPlural: true,
    blurb: { en: "Supportive hiking boots with a waterproof membrane.", fi: "Tukevat vaelluskengät vedenpitävällä kalvolla." },
    imageKind: "boot",
    euros: [149, 249],
    sizes: "shoes",
    materials: ["leather", "polyamide"],
    seasons: ["all"],
    care: "wipe",
  },
  sneakers: {
    name: { en: "sneakers", fi: "tennarit" },
    fiPlural: true,
    blurb: { en: "Everyday sneakers with a cushioned sole.", fi: "Arkiset tennarit joustavalla pohjalla." },
    imageKind: "sneaker",
    euros: [80, 149],
    sizes: "shoes",
    materials: ["canvas", "leather", "polyester"],
    seasons: ["ss", "all"],
    care: "wipe",
  },
  sandals: {
    name: { en: "sandals", fi: "sandaalit" },
    fiPlural: true,
    blurb: { en: "Adjustable sandals with a contoured footbed.", fi: "Säädettävät sandaalit muotoillulla pohjallisella." },
    imageKind: "sandal",
    euros: [50, 90],
    sizes: "shoes",
    materials: ["leather", "rubber"],
    seasons: ["ss"],
    care: "wipe",
  },
  backpack: {
    name: { en: "backpack", fi: "reppu" },
    blurb: {
      en: "A roomy backpack with a padded laptop sleeve and a rain cover.",
      fi: "Tilava reppu, jossa on pehmustettu tietokonetasku ja sadesuoja.",
    },
    imageKind: "backpack",
    euros: [59, 169],
    sizes: "one",
    materials: ["polyester", "canvas"],
    seasons: ["all"],
    care: "wipe",
  },
} as const satisfies Record<string, GarmentKind>;
export type KindKey = keyof typeof KINDS;

// ---------------------------------------------------------------- category tree

export interface CategoryWord {
  /** Stable English key; a category's key path ("women/jackets/rain-jackets") names it in code. */
  key: string;
  name: Text;
  /** What a leaf sells: garment kinds, or a simple product line / gift cards. */
  kinds?: readonly KindKey[];
  sells?: "candle" | "mug" | "blanket" | "giftcard";
  /** Top-level categories: who the garments are for. */
  audience?: Audience;
  /** Sort choices limited to position and price (home goods, gift cards). */
  limitedSort?: boolean;
  defaultSortBy?: "position" | "price";
  children?: readonly CategoryWord[];
}

const cat = (key: string, en: string, fi: string, more: Partial<CategoryWord> = {}): CategoryWord => ({ key, name: { en, fi }, ...more });
const leaf = (key: string, en: string, fi: string, kinds: KindKey[], more: Partial<CategoryWord> = {}) =>
  cat(key, en, fi, { kinds, ...more });

export const CATEGORY_TREE: CategoryWord = cat("root", "Kauppa", "Kauppa", {
  children: [
    cat("women", "Women", "Naiset", {
      audience: "women",
      children: [
        cat("jackets", "Jackets", "Takit", {
          children: [
            leaf("rain-jackets", "Rain jackets", "Sadetakit", ["rainJacket"]),
            leaf("winter-jackets", "Winter jackets", "Talvitakit", ["parka"]),
            leaf("vests", "Vests", "Liivit", ["vest"]),
          ],
        }),
        cat("knitwear", "Knitwear", "Neuleet", {
          children: [leaf("sweaters", "Sweaters", "Villapaidat", ["sweater"]), leaf("hoodies", "Hoodies", "Hupparit", ["hoodie"])],
        }),
        cat("tops", "Tops", "Paidat", {
          children: [leaf("t-shirts", "T-shirts", "T-paidat", ["tee"]), leaf("shirts", "Shirts", "Kauluspaidat", ["shirt"])],
        }),
        cat("bottoms", "Bottoms", "Alaosat", {
          children: [leaf("trousers", "Trousers", "Housut", ["trousers"]), leaf("shorts", "Shorts", "Shortsit", ["shorts"])],
        }),
        cat("dresses-skirts", "Dresses & skirts", "Mekot ja hameet", {
          children: [leaf("dresses", "Dresses", "Mekot", ["dress"]), leaf("skirts", "Skirts", "Hameet", ["skirt"])],
        }),
        cat("shoes", "Shoes", "Kengät", {
          children: [
            leaf("boots", "Boots", "Saappaat", ["boots", "rubberBoots"]),
            leaf("sneakers", "Sneakers", "Tennarit", ["sneakers"]),
            leaf("sandals", "Sandals", "Sandaalit", ["sandals"]),
          ],
        }),
        cat("accessories", "Accessories", "Asusteet", {
          children: [
            leaf("beanies", "Beanies", "Pipot", ["beanie"]),
            leaf("gloves", "Gloves", "Käsineet", ["gloves"]),
            leaf("scarves", "Scarves", "Huivit", ["scarf"]),
            leaf("socks", "Socks", "Sukat", ["socks"], { defaultSortBy: "price" }),
          ],
        }),
      ],
    }),
    cat("men", "Men", "Miehet", {
      audience: "men",
      children: [
        cat("jackets", "Jackets", "Takit", {
          children: [
            leaf("rain-jackets", "Rain jackets", "Sadetakit", ["rainJacket"]),
            leaf("winter-jackets", "Winter jackets", "Talvitakit", ["parka"]),
            leaf("vests", "Vests", "Liivit", ["vest"]),
          ],
        }),
        cat("knitwear", "Knitwear", "Neuleet", {
          children: [leaf("sweaters", "Sweaters", "Villapaidat", ["sweater"]), leaf("hoodies", "Hoodies", "Hupparit", ["hoodie"])],
        }),
        cat("tops", "Tops", "Paidat", {
          children: [leaf("t-shirts", "T-shirts", "T-paidat", ["tee"]), leaf("shirts", "Shirts", "Kauluspaidat", ["shirt"])],
        }),
        cat("bottoms", "Bottoms", "Alaosat", {
          children: [leaf("trousers", "Trousers", "Housut", ["trousers"]), leaf("shorts", "Shorts", "Shortsit", ["shorts"])],
        }),
        cat("shoes", "Shoes", "Kengät", {
          children: [
            leaf("boots", "Boots", "Saappaat", ["boots", "rubberBoots"]),
            leaf("sneakers", "Sneakers", "Tennarit", ["sneakers"]),
            leaf("sandals", "Sandals", "Sandaalit", ["sandals"]),
          ],
        }),
        cat("accessories", "Accessories", "Asusteet", {
          children: [
            leaf("beanies", "Beanies", "Pipot", ["beanie"]),
            leaf("caps", "Caps", "Lippikset", ["cap"]),
            leaf("gloves", "Gloves", "Käsineet", ["gloves"]),
            leaf("socks", "Socks", "Sukat", ["socks"], { defaultSortBy: "price" }),
          ],
        }),
      ],
    }),
    cat("kids", "Kids", "Lapset", {
      audience: "kids",
      children: [
        cat("outerwear", "Outerwear", "Ulkovaatteet", {
          children: [
            leaf("rain-jackets", "Rain jackets", "Sadetakit", ["rainJacket"]),
            leaf("winter-jackets", "Winter jackets", "Talvitakit", ["parka"]),
          ],
        }),
        cat("clothing", "Clothing", "Vaatteet", {
          children: [
            leaf("hoodies", "Hoodies", "Hupparit", ["hoodie"]),
            leaf("t-shirts", "T-shirts", "T-paidat", ["tee"]),
            leaf("trousers", "Trousers", "Housut", ["trousers"]),
          ],
        }),
        cat("shoes", "Shoes", "Kengät", {
          children: [
            leaf("rubber-boots", "Rubber boots", "Kumisaappaat", ["rubberBoots"]),
            leaf("sneakers", "Sneakers", "Tennarit", ["sneakers"]),
          ],
        }),
        cat("accessories", "Accessories", "Asusteet", {
          children: [leaf("beanies", "Beanies", "Pipot", ["beanie"]), leaf("mittens", "Mittens", "Lapaset", ["mittens"])],
        }),
      ],
    }),
    cat("outdoor", "Outdoor", "Ulkoilu", {
      audience: "unisex",
      children: [
        cat("outdoor-clothing", "Outdoor clothing", "Ulkoiluvaatteet", {
          children: [
            leaf("shell-jackets", "Shell jackets", "Kuoritakit", ["shellJacket"]),
            leaf("midlayers", "Midlayers", "Välikerrokset", ["fleece"]),
            leaf("hiking-trousers", "Hiking trousers", "Retkeilyhousut", ["hikingTrousers"]),
          ],
        }),
        cat("equipment", "Equipment", "Varusteet", {
          children: [
            leaf("backpacks", "Backpacks", "Reput", ["backpack"]),
            leaf("hiking-boots", "Hiking boots", "Vaelluskengät", ["hikingBoots"]),
          ],
        }),
      ],
    }),
    cat("home", "Home", "Koti", {
      limitedSort: true,
      children: [
        cat("candles", "Candles", "Kynttilät", { sells: "candle", limitedSort: true }),
        cat("mugs", "Mugs", "Mukit", { sells: "mug", limitedSort: true }),
        cat("blankets", "Blankets", "Viltit", { sells: "blanket", limitedSort: true }),
      ],
    }),
    cat("gift-cards", "Gift cards", "Lahjakortit", { sells: "giftcard", limitedSort: true, defaultSortBy: "price" }),
  ],
});

// ---------------------------------------------------------------- simple products and gift cards

export const SCENTS: readonly Text[] = [
  { en: "Birch", fi: "Koivu" },
  { en: "Pine", fi: "Mänty" },
  { en: "Juniper", fi: "Kataja" },
  { en: "Lingonberry", fi: "Puolukka" },
  { en: "Cloudberry", fi: "Lakka" },
  { en: "Sauna tar", fi: "Saunaterva" },
  { en: "Lilac", fi: "Syreeni" },
  { en: "Bilberry", fi: "Mustikka" },
];

export interface SimpleLine {
  sells: "candle" | "mug" | "blanket";
  count: number;
  models: readonly string[];
  name: Text;
  blurb: Text;
  imageKind: string;
  euros: [number, number];
  material: Material;
  care: Care;
  colors: readonly string[];
}

export const SIMPLE_LINES: readonly SimpleLine[] = [
  {
    sells: "candle",
    count: 8,
    models: ["Kuura", "Hämy", "Tuike", "Kajo", "Loimu", "Hehku", "Liekki", "Kaamos"],
    name: { en: "scented candle", fi: "tuoksukynttilä" },
    blurb: {
      en: "A hand-poured scented candle in a reusable glass jar.",
      fi: "Käsin valettu tuoksukynttilä uudelleenkäytettävässä lasipurkissa.",
    },
    imageKind: "candle",
    euros: [15, 30],
    material: "rapeseedWax",
    care: "candle",
    colors: ["white", "beige", "green", "grey"],
  },
  {
    sells: "mug",
    count: 6,
    models: ["Aamu", "Savu", "Kaski", "Laituri", "Mökki", "Kahvi"],
    name: { en: "mug", fi: "muki" },
    blurb: { en: "A sturdy stoneware mug with a hand-dipped glaze.", fi: "Tukeva kivitavaramuki käsin kastetulla lasitteella." },
    imageKind: "mug",
    euros: [15, 30],
    material: "stoneware",
    care: "dishwasher",
    colors: ["white", "navy", "beige", "green", "brown"],
  },
  {
    sells: "blanket",
    count: 6,
    models: ["Tupa", "Kota", "Nuotio", "Kuisti", "Puro", "Hirsi"],
    name: { en: "wool blanket", fi: "villahuopa" },
    blurb: {
      en: "A warm woven blanket for the sofa, the cabin and the terrace.",
      fi: "Lämmin kudottu huopa sohvalle, mökille ja terassille.",
    },
    imageKind: "blanket",
    euros: [59, 149],
    material: "lambswool",
    care: "wool",
    colors: ["grey", "beige", "burgundy", "navy", "olive"],
  },
];

export const MUG_SIZES = ["3 dl", "4 dl"] as const;
export const BLANKET_SIZES = ["130 x 180 cm", "150 x 200 cm"] as const;
export const BURNING_TIMES = ["25 h", "40 h", "60 h"] as const;

export interface GiftCardWord {
  name: Text;
  description: Text;
  type: "PHYSICAL" | "VIRTUAL";
  brand: string;
  hex: string;
}

export const GIFT_CARDS: readonly GiftCardWord[] = [
  {
    name: { en: "Gift card, plastic card", fi: "Lahjakortti, muovikortti" },
    description: {
      en: "A Kauppa gift card delivered by post in a gift envelope. Valid for two years in our online shop and stores.",
      fi: "Kauppa-lahjakortti toimitetaan postitse lahjakuoressa. Voimassa kaksi vuotta verkkokaupassa ja myymälöissä.",
    },
    type: "PHYSICAL",
    brand: BRANDS.main,
    hex: "#1f3a5f",
  },
  {
    name: { en: "E-gift card, sent by email", fi: "E-lahjakortti, toimitetaan sähköpostilla" },
    description: {
      en: "An e-gift card sent to the recipient by email with your message. Valid for two years in our online shop.",
      fi: "E-lahjakortti lähetetään saajalle sähköpostilla viestisi kanssa. Voimassa kaksi vuotta verkkokaupassa.",
    },
    type: "VIRTUAL",
    brand: BRANDS.main,
    hex: "#b3262e",
  },
  {
    name: { en: "Outdoor e-gift card, sent by email", fi: "Ulkoilun e-lahjakortti, toimitetaan sähköpostilla" },
    description: {
      en: "An e-gift card for the outdoor lover, sent by email. Valid for two years for all Kauppa Outdoor products.",
      fi: "E-lahjakortti ulkoilun ystävälle, toimitetaan sähköpostilla. Voimassa kaksi vuotta kaikkiin Kauppa Outdoor -tuotteisiin.",
    },
    type: "VIRTUAL",
    brand: BRANDS.outdoor,
    hex: "#2e6b3f",
  },
];

export const GIFT_CARD_EUROS = [25, 50, 100, 200] as const;

/** Custom options offered on a few home products. */
export const PERSONAL_TEXT: Record<"candle" | "mug" | "blanket", Text> = {
  candle: { en: "Label text", fi: "Etiketin teksti" },
  mug: { en: "Engraving text", fi: "Kaiverrusteksti" },
  blanket: { en: "Embroidery text", fi: "Brodeerausteksti" },
};
export const GIFT_WRAP = {
  title: { en: "Gift wrapping", fi: "Lahjapaketointi" },
  values: [
    { title: { en: "Standard packaging", fi: "Tavallinen pakkaus" }, cents: 0, wraps: false },
    { title: { en: "Gift wrapped", fi: "Lahjapaketoitu" }, cents: 390, wraps: true },
  ],
} as const;

// ---------------------------------------------------------------- stores

export const PHYSICAL_STORES = [
  {
    code: "brand-store-helsinki",
    name: "Kauppa Brand Store Helsinki",
    city: "Helsinki",
    address: "Aleksanterinkatu 21, 00100 Helsinki",
    phone: "+358 9 4250 1100",
    openingHours: { en: "Mon–Fri 10–20, Sat 10–18, Sun 12–18", fi: "ma–pe 10–20, la 10–18, su 12–18" },
  },
  {
    code: "brand-store-oulu",
    name: "Kauppa Brand Store Oulu",
    city: "Oulu",
    address: "Kirkkokatu 14, 90100 Oulu",
    phone: "+358 8 5370 2200",
    openingHours: { en: "Mon–Fri 10–19, Sat 10–17, Sun 12–16", fi: "ma–pe 10–19, la 10–17, su 12–16" },
  },
  {
    code: "kauppa-outlet-hki",
    name: "Kauppa Outlet Helsinki",
    city: "Helsinki",
    address: "Itäkatu 1, 00930 Helsinki",
    phone: "+358 9 4250 1300",
    openingHours: { en: "Mon–Fri 10–21, Sat 10–18, Sun 12–18", fi: "ma–pe 10–21, la 10–18, su 12–18" },
  },
  {
    code: "concept-store-airport",
    name: "Kauppa Concept Store Helsinki Airport",
    city: "Vantaa",
    address: "Lentoasemantie 1, 01530 Vantaa",
    phone: "+358 9 4250 1400",
    openingHours: { en: "Daily 6–21", fi: "joka päivä 6–21" },
  },
] as const;

/** The texts of the two storefronts' configs (spec §3 store config). */
export const STORE_TEXTS = {
  en: {
    name: "Kauppa International",
    countries: { FI: "Finland", SE: "Sweden", EE: "Estonia", DE: "Germany", GB: "United Kingdom" },
    customerService: [
      ["Contact us", "/content/contact"],
      ["Delivery", "/content/delivery"],
      ["Returns", "/content/returns"],
      ["Size guide", "/content/size-guide"],
    ],
    about: [
      ["About us", "/content/about"],
      ["Sustainability", "/content/sustainability"],
      ["Careers", "/content/careers"],
    ],
    business: [
      ["Corporate sales", "/content/corporate-sales"],
      ["Wholesale", "/content/wholesale"],
      ["Press", "/content/press"],
    ],
  },
  fi: {
    name: "Kauppa Suomi",
    countries: { FI: "Suomi", SE: "Ruotsi", EE: "Viro", DE: "Saksa", GB: "Iso-Britannia" },
    customerService: [
      ["Ota yhteyttä", "/content/yhteystiedot"],
      ["Toimitus", "/content/toimitus"],
      ["Palautukset", "/content/palautukset"],
      ["Kokotaulukko", "/content/kokotaulukko"],
    ],
    about: [
      ["Tietoa meistä", "/content/tietoa-meista"],
      ["Vastuullisuus", "/content/vastuullisuus"],
      ["Työpaikat", "/content/tyopaikat"],
    ],
    business: [
      ["Yritysmyynti", "/content/yritysmyynti"],
      ["Jälleenmyynti", "/content/jalleenmyynti"],
      ["Medialle", "/content/medialle"],
    ],
  },
} as const;

/** How likely each availability is per physical store: the airport shop carries a small selection. */
export const STORE_STOCK_WEIGHTS: Record<(typeof PHYSICAL_STORES)[number]["code"], readonly number[]> = {
  // available, low, out_of_stock, not_available, verify_availability
  "brand-store-helsinki": [65, 15, 8, 5, 7],
  "brand-store-oulu": [55, 15, 12, 10, 8],
  "kauppa-outlet-hki": [45, 20, 20, 10, 5],
  "concept-store-airport": [25, 10, 5, 55, 5],
};
