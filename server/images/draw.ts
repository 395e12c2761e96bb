// Demo product images, drawn rather than downloaded: a self-describing key
// (`<kind>/<hex>/<view>/<seed>`, e.g. `jacket/1f3a5f/1/4`) becomes a flat SVG illustration
// on a 1000×1400 portrait canvas, which the image service rasterises with sharp.
// Everything is deterministic: the same key always draws the same picture.

export const KINDS = [
  "jacket",
  "parka",
  "vest",
  "sweater",
  "hoodie",
  "tee",
  "shirt",
  "trousers",
  "shorts",
  "dress",
  "skirt",
  "beanie",
  "cap",
  "gloves",
  "scarf",
  "sock",
  "boot",
  "sneaker",
  "sandal",
  "backpack",
  "candle",
  "mug",
  "blanket",
  "giftcard",
] as const;

export type Kind = (typeof KINDS)[number];

export interface ParsedKey {
  kind: Kind;
  /** Six lowercase hex digits, without "#". */
  hex: string;
  /** 1 front, 2 back or detail, 3 a closer crop. */
  view: 1 | 2 | 3;
  /** 0..9: small variations (trim colour, stripes, pockets, background tint). */
  seed: number;
}

export const CANVAS = { width: 1000, height: 1400 } as const;

const KEY = new RegExp(`^(${KINDS.join("|")})/([0-9a-f]{6})/([1-3])/([0-9])$`);

/** Strict: anything but a well-formed key is null. */
export function parseImageKey(raw: string): ParsedKey | null {
  const m = KEY.exec(raw);
  if (!m) return null;
  return { kind: m[1] as Kind, hex: m[2] as string, view: Number(m[3]) as 1 | 2 | 3, seed: Number(m[4]) };
}

export function formatImageKey(key: ParsedKey): string {
  return `${key.kind}/${key.hex}/${key.view}/${key.seed}`;
}

// ---------------------------------------------------------------- colour

type RGB = [number, number, number];
const toRgb = (h: string): RGB => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as RGB;
const toHex = (c: number[]) =>
  `#${c
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
const mix = (a: string, b: string, t: number) => {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex(x.map((v, i) => v + ((y[i] as number) - v) * t));
};
/** Positive lightens towards white, negative darkens towards black. */
const shade = (h: string, t: number) => (t < 0 ? mix(h, "#000000", -t) : mix(h, "#ffffff", t));
const lum = (h: string) => {
  const [r, g, b] = toRgb(h);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};
const distance = (a: string, b: string) => {
  const x = toRgb(a);
  const y = toRgb(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
};

/** Soft, light studio backgrounds (#f3f1ec family), one per seed. */
const BACKGROUNDS = ["#f3f1ec", "#f1efe9", "#eef0ed", "#f2eee7", "#eceff1", "#f4f0ea", "#edf0ea", "#f1eeeb", "#efeeea", "#f3efe5"];
/** Accent colours for trims, stripes and ribbons: Nordic, muted. */
const TRIMS = ["#e3b52b", "#f4f3ee", "#b3262e", "#9cc3e6", "#c9a27a", "#2e6b3f", "#d9692b", "#1f3a5f", "#e8a6b8", "#2b2b2e"];
const METAL = "#b9b5ad";
const LEATHER = "#a87a52";
const CREAM = "#f6f3ec";

export function backgroundOf(key: ParsedKey): string {
  return BACKGROUNDS[key.seed] as string;
}

interface Palette {
  base: string;
  light: string;
  dark: string;
  deep: string;
  /** Seams and stitching: visible on the base colour, light or dark. */
  line: string;
  outline: string;
  trim: string;
  bg: string;
}

function palette(key: ParsedKey): Palette {
  const base = `#${key.hex}`;
  const l = lum(base);
  let trim = TRIMS[key.seed] as string;
  for (let i = 1; distance(trim, base) < 90 && i < TRIMS.length; i++) trim = TRIMS[(key.seed + i) % TRIMS.length] as string;
  return {
    base,
    light: shade(base, 0.16),
    dark: l < 0.15 ? shade(base, 0.1) : shade(base, -0.2),
    deep: l < 0.15 ? shade(base, -0.35) : shade(base, -0.42),
    line: l < 0.3 ? shade(base, 0.28) : shade(base, -0.3),
    outline: l > 0.7 ? shade(base, -0.3) : shade(base, -0.5),
    trim,
    bg: BACKGROUNDS[key.seed] as string,
  };
}

// ---------------------------------------------------------------- svg helpers

type Pt = [number, number];
const n = (v: number) => String(Math.round(v * 10) / 10);
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const pt = (p: Pt) => `${n(p[0])} ${n(p[1])}`;

/**
 * A closed path symmetric about x = cx: the left half from the top of the axis down to the
 * bottom of the axis; the right half is mirrored. Segments: [x,y] line, [cx,cy,x,y]
 * quadratic, [c1x,c1y,c2x,c2y,x,y] cubic.
 */
function sym(start: Pt, segs: number[][], cx = 500): string {
  const m = (x: number) => n(2 * cx - x);
  let d = `M${pt(start)}`;
  for (const s of segs) d += `${s.length === 2 ? "L" : s.length === 4 ? "Q" : "C"}${s.map(n).join(" ")}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i] as number[];
    const prev = i > 0 ? (segs[i - 1] as number[]).slice(-2) : start;
    const [px, py] = prev as Pt;
    if (s.length === 2) d += `L${m(px)} ${n(py)}`;
    else if (s.length === 4) d += `Q${m(s[0] as number)} ${n(s[1] as number)} ${m(px)} ${n(py)}`;
    else d += `C${m(s[2] as number)} ${n(s[3] as number)} ${m(s[0] as number)} ${n(s[1] as number)} ${m(px)} ${n(py)}`;
  }
  return `${d}Z`;
}

const path = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d: string, color: string, width = 4, extra = "") =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
/** A wide stroke with square-cut ends: neck ribs and bindings. */
const band = (d: string, color: string, width: number, extra = "") =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}"${extra}/>`;
const stitch = (d: string, color: string, width = 3) => stroke(d, color, width, ` stroke-dasharray="9 8" opacity=".75"`);
const circle = (x: number, y: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rx)}" fill="${fill}"${extra}/>`;
const rectD = (x: number, y: number, w: number, h: number, r: number) =>
  `M${n(x + r)} ${n(y)}H${n(x + w - r)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + r)}V${n(y + h - r)}Q${n(x + w)} ${n(y + h)} ${n(x + w - r)} ${n(y + h)}H${n(x + r)}Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - r)}V${n(y + r)}Q${n(x)} ${n(y)} ${n(x + r)} ${n(y)}Z`;
/** Knit rib: a dashed line as wide as the band draws stripes across it. */
const rib = (a: Pt, b: Pt, width: number, color: string, dash = "5 11", opacity = 0.55) =>
  `<path d="M${pt(a)}L${pt(b)}" stroke="${color}" stroke-width="${n(width)}" stroke-dasharray="${dash}" opacity="${opacity}"/>`;

interface Ctx {
  c: Palette;
  key: ParsedKey;
  seed: number;
  back: boolean;
  /** A unique id for a clip path or gradient. */
  id(prefix: string): string;
  defs: string[];
}

/** A union of shapes with one outline: outline pass first, then the fills over it. */
function solid(ctx: Ctx, ds: string[], fill = "url(#fabric)", outline = ctx.c.outline, width = 7): string {
  const paths = ds.map((d) => `<path d="${d}"/>`).join("");
  return `<g fill="${outline}" stroke="${outline}" stroke-width="${width}" stroke-linejoin="round">${paths}</g><g fill="${fill}">${paths}</g>`;
}

/** Flat drop shadow of a shape, offset down-right. */
const dropShadow = (ds: string[], dx = 14, dy = 18) =>
  `<g transform="translate(${dx} ${dy})" fill="#3a3428" opacity=".09">${ds.map((d) => `<path d="${d}"/>`).join("")}</g>`;

/** A soft elliptical floor shadow for things that stand. */
const floor = (x: number, y: number, rx: number, ry = rx * 0.11) =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#floor)"/>`;

function clip(ctx: Ctx, d: string, content: string): string {
  const id = ctx.id("c");
  ctx.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  return `<g clip-path="url(#${id})">${content}</g>`;
}

/** A small brand mark: two fells and a sun. */
const mark = (x: number, y: number, s: number, color: string) =>
  `<g transform="translate(${n(x)} ${n(y)}) scale(${s})" fill="${color}"><path d="M-22 10L-8 -8L2 4L10 -4L22 10Z"/><circle cx="10" cy="-14" r="5"/></g>`;

// ---------------------------------------------------------------- upper-body garments

interface TopSpec {
  /** Half-width of the neck opening and the y of the shoulder-neck point. */
  neck: number;
  neckY: number;
  /** Depth of the front neckline below neckY. */
  drop: number;
  shoulder: number;
  slope: number;
  chest: number;
  armpit: number;
  hem: number;
  hemY: number;
  sleeve: "long" | "short" | "none";
  cuffOut?: number;
  cuffY?: number;
  /** A shirt's curved tail hem. */
  tail?: boolean;
}

interface Top {
  d: string;
  shoulder: Pt;
  armpit: Pt;
  sleeveTop: Pt;
  cuffOut: Pt;
  cuffIn: Pt;
  hemSide: Pt;
  hemY: number;
}

function top(s: TopSpec, back: boolean): Top {
  const drop = back ? Math.min(s.drop, 22) : s.drop;
  const shoulder: Pt = [500 - s.shoulder, s.neckY + s.slope];
  const armpit: Pt = [500 - s.chest, s.armpit];
  const segs: number[][] = [[500 - s.neck * 0.6, s.neckY + drop, 500 - s.neck, s.neckY], shoulder];
  let sleeveTop: Pt = shoulder;
  let cuffOut: Pt = shoulder;
  let cuffIn: Pt = armpit;
  if (s.sleeve === "long") {
    sleeveTop = [shoulder[0] - 34, shoulder[1] + 80];
    cuffOut = [500 - (s.cuffOut ?? 410), s.cuffY ?? 1000];
    cuffIn = [cuffOut[0] + 128, cuffOut[1] + 16];
    segs.push([shoulder[0] - 28, shoulder[1] + 10, ...sleeveTop], cuffOut, cuffIn, armpit);
  } else if (s.sleeve === "short") {
    sleeveTop = [shoulder[0] - 26, shoulder[1] + 45];
    cuffOut = [shoulder[0] - 105, shoulder[1] + 215];
    cuffIn = [shoulder[0] - 8, shoulder[1] + 262];
    segs.push([shoulder[0] - 20, shoulder[1] + 8, ...sleeveTop], cuffOut, cuffIn, armpit);
  } else {
    segs.push([shoulder[0] + 4, shoulder[1] + 110, armpit[0] + 30, armpit[1] - 30, ...armpit]);
  }
  const hemSide: Pt = [500 - s.hem, s.tail ? s.hemY - 70 : s.hemY];
  segs.push(hemSide);
  if (s.tail) segs.push([hemSide[0] + 50, s.hemY + 10, 420, s.hemY + 22, 500, s.hemY + 22]);
  else segs.push([500 - s.hem * 0.5, s.hemY + 8, 500, s.hemY + 8]);
  return { d: sym([500, s.neckY + drop], segs), shoulder, armpit, sleeveTop, cuffOut, cuffIn, hemSide, hemY: s.hemY };
}

const mirrorX = (p: Pt): Pt => [1000 - p[0], p[1]];

/** Band polygon at the end of a sleeve, `len` long, on both sleeves. */
function cuffs(t: Top, len: number, fill: string, ribbed: string | null): string {
  let out = "";
  for (const flip of [false, true]) {
    const f = (p: Pt) => (flip ? mirrorX(p) : p);
    const lenOut = Math.hypot(t.cuffOut[0] - t.sleeveTop[0], t.cuffOut[1] - t.sleeveTop[1]);
    const lenIn = Math.hypot(t.cuffIn[0] - t.armpit[0], t.cuffIn[1] - t.armpit[1]);
    const a = f(t.cuffOut);
    const b = f(t.cuffIn);
    const c = f(lerp(t.cuffIn, t.armpit, len / lenIn));
    const d = f(lerp(t.cuffOut, t.sleeveTop, len / lenOut));
    out += path(`M${pt(a)}L${pt(b)}L${pt(c)}L${pt(d)}Z`, fill);
    if (ribbed) out += rib(lerp(a, d, 0.5), lerp(b, c, 0.5), len, ribbed);
    else out += stroke(`M${pt(c)}L${pt(d)}`, "#000", 3, ` opacity=".18"`);
  }
  return out;
}

/** Band along the hem, `len` high. */
function hemBand(t: Top, len: number, fill: string, ribbed: string | null): string {
  const x = t.hemSide[0];
  const y = t.hemY;
  const d = `M${n(x)} ${n(y)}Q${n(500 - (500 - x) * 0.5)} ${n(y + 8)} 500 ${n(y + 8)}Q${n(500 + (500 - x) * 0.5)} ${n(y + 8)} ${n(1000 - x)} ${n(y)}L${n(1000 - x + 1)} ${n(y - len)}Q${n(500 + (500 - x) * 0.5)} ${n(y - len + 8)} 500 ${n(y - len + 8)}Q${n(500 - (500 - x) * 0.5)} ${n(y - len + 8)} ${n(x - 1)} ${n(y - len)}Z`;
  return path(d, fill) + (ribbed ? rib([x, y - len / 2 + 4], [1000 - x, y - len / 2 + 4], len, ribbed) : "");
}

/** Armhole and shoulder seams. */
function seams(t: Top, c: Palette, neckY: number, neck: number): string {
  let out = "";
  for (const f of [(p: Pt) => p, mirrorX]) {
    const s = f(t.shoulder);
    const a = f(t.armpit);
    const ctl = f([t.shoulder[0] + 30, t.armpit[1] - 110]);
    out += stroke(`M${pt(s)}Q${pt(ctl)} ${pt(a)}`, c.line, 3, ` opacity=".7"`);
    out += stroke(`M${pt(f([500 - neck, neckY]))}L${pt(s)}`, c.line, 3, ` opacity=".5"`);
  }
  // inner sleeve shade
  if (t.sleeveTop !== t.shoulder) {
    for (const f of [(p: Pt) => p, mirrorX]) {
      const d = `M${pt(f(t.armpit))}L${pt(f(t.cuffIn))}L${pt(f(lerp(t.cuffIn, t.cuffOut, 0.3)))}L${pt(f(lerp(t.armpit, t.sleeveTop, 0.3)))}Z`;
      out += path(d, "#000", ` opacity=".07"`);
    }
  }
  return out;
}

/** A garment silhouette with drop shadow and outline; details go on top. */
const body = (ctx: Ctx, d: string) => dropShadow([d]) + solid(ctx, [d]);

type Art = {
  art: string;
  /** Centre of the view-3 close-up. */
  focus: Pt;
  /** View 2 shows the other side: the drawing mirrored. */
  mirrorBack?: boolean;
  /** Scale small things up about a centre point, which is moved to the canvas centre. */
  fit?: [cx: number, cy: number, scale: number];
  /** Magnification of the view-3 close-up (default 1.75). */
  zoom?: number;
};
type Draw = (ctx: Ctx) => Art;

const zip = (x: number, y1: number, y2: number, c: Palette, puller = METAL) =>
  stroke(`M${x} ${y1}V${y2}`, c.deep, 7) +
  stroke(`M${x} ${y1}V${y2}`, shade(c.deep, 0.25), 7, ` stroke-dasharray="3 5"`) +
  rect(x - 9, y1 + 30, 18, 44, 7, puller, ` stroke="${c.outline}" stroke-width="2"`);

const jacket: Draw = (ctx) => {
  const { c, back } = ctx;
  const t = top(
    {
      neck: 78,
      neckY: 250,
      drop: 55,
      shoulder: 262,
      slope: 36,
      chest: 238,
      armpit: 570,
      hem: 244,
      hemY: 1080,
      sleeve: "long",
      cuffOut: 408,
    },
    back,
  );
  let art = "";
  if (!back) art += solid(ctx, ["M404 262C392 128 608 128 596 262Z"], c.dark); // hood folded behind the collar
  art += body(ctx, t.d) + seams(t, c, 250, 78) + cuffs(t, 56, c.dark, null) + hemBand(t, 40, c.dark, null);
  if (back) {
    const hood = "M412 250C372 420 410 540 500 552C590 540 628 420 588 250Q500 226 412 250Z";
    art += solid(ctx, [hood], "url(#fabric)") + stroke("M500 236V550", c.line, 3, ` opacity=".6"`);
    art += stitch("M262 420Q500 440 738 420", c.line);
  } else {
    art += solid(ctx, ["M420 250L428 192Q500 176 572 192L580 250Q548 306 500 306Q452 306 420 250Z"], "url(#fabric)");
    art += path("M432 196Q500 170 568 196Q500 214 432 196Z", c.deep);
    art += zip(500, 186, 1088, c);
    const pockets = 1 + (ctx.seed % 2);
    for (let i = 0; i < pockets; i++) {
      const y = 900 - i * 330;
      art += stroke(`M${300} ${y}L${375} ${y - 130}`, c.deep, 6) + stroke(`M${700} ${y}L${625} ${y - 130}`, c.deep, 6);
    }
    art += mark(640, 440, 1.3, c.trim);
    art += rect(268, 1046, 14, 38, 6, c.trim) + rect(718, 1046, 14, 38, 6, c.trim);
  }
  return { art, focus: [500, 420] };
};

const parka: Draw = (ctx) => {
  const { c, back } = ctx;
  const t = top(
    {
      neck: 82,
      neckY: 255,
      drop: 60,
      shoulder: 272,
      slope: 38,
      chest: 248,
      armpit: 580,
      hem: 278,
      hemY: 1235,
      sleeve: "long",
      cuffOut: 420,
      cuffY: 1030,
    },
    back,
  );
  const fur = "#d9cfbf";
  let art = "";
  if (!back) {
    art += solid(ctx, ["M398 280C372 70 628 70 602 280Z"], "url(#fabric)");
    art += path("M428 270C418 130 582 130 572 270Z", c.deep);
    art +=
      stroke("M420 276C400 112 600 112 580 276", fur, 40) +
      stroke("M420 276C400 112 600 112 580 276", "#fff", 40, ` stroke-dasharray="3 13" opacity=".55"`);
    art += stroke("M420 276C400 112 600 112 580 276", "#b8ab96", 40, ` stroke-dasharray="2 17" stroke-dashoffset="6" opacity=".6"`);
  }
  art += body(ctx, t.d) + seams(t, c, 255, 82) + cuffs(t, 60, c.dark, null);
  art += stitch("M252 720Q500 736 748 720", c.line) + stitch("M252 740Q500 756 748 740", c.line);
  if (back) {
    const hood = "M408 258C360 440 404 560 500 574C596 560 640 440 592 258Q500 232 408 258Z";
    art += solid(ctx, [hood]) + stroke("M500 246V572", c.line, 3, ` opacity=".6"`) + stroke("M412 262Q500 236 588 262", fur, 26);
  } else {
    art += solid(ctx, ["M476 300H524V1243H476Z"], "url(#fabric)");
    for (let y = 360; y < 1200; y += 120) art += circle(500, y, 9, c.deep) + circle(500, y, 4, c.line);
    const flap = (x: number, y: number, w: number, h: number) =>
      solid(ctx, [rectD(x, y, w, h, 14)], "url(#fabric)", c.outline, 5) +
      solid(ctx, [`M${x - 4} ${y}H${x + w + 4}V${y + 52}Q${x + w / 2} ${y + 66} ${x - 4} ${y + 52}Z`], c.dark, c.outline, 5) +
      circle(x + w / 2, y + 40, 7, c.deep);
    art += flap(292, 870, 160, 200) + flap(548, 870, 160, 200);
    if (ctx.seed % 2 === 0) art += flap(316, 450, 120, 130) + flap(564, 450, 120, 130);
    art += mark(630, 660, 1, c.trim);
  }
  return { art, focus: [500, 360] };
};

const vest: Draw = (ctx) => {
  const { c, back } = ctx;
  const t = top(
    { neck: 74, neckY: 255, drop: 52, shoulder: 196, slope: 36, chest: 252, armpit: 540, hem: 248, hemY: 1050, sleeve: "none" },
    back,
  );
  let art = body(ctx, t.d);
  let quilt = "";
  for (let y = 380; y < 1060; y += 88) {
    quilt += path(`M150 ${y - 88}Q500 ${y - 70} 850 ${y - 88}V${y - 60}Q500 ${y - 42} 150 ${y - 60}Z`, "#fff", ` opacity=".07"`);
    quilt += stroke(`M150 ${y}Q500 ${y + 18} 850 ${y}`, c.line, 4, ` opacity=".8"`);
  }
  art += clip(ctx, t.d, quilt);
  for (const f of [(p: Pt) => p, mirrorX]) {
    art += stroke(
      `M${pt(f(t.shoulder))}C${pt(f([t.shoulder[0] + 4, t.shoulder[1] + 110]))} ${pt(f([t.armpit[0] + 30, t.armpit[1] - 30]))} ${pt(f(t.armpit))}`,
      c.deep,
      12,
    );
  }
  art += hemBand(t, 26, c.dark, null);
  if (back) art += solid(ctx, ["M424 258L430 212Q500 198 570 212L576 258Q500 278 424 258Z"]);
  else {
    art += solid(ctx, ["M424 255L430 198Q500 182 570 198L576 255Q546 310 500 310Q454 310 424 255Z"]);
    art += path("M436 202Q500 178 564 202Q500 218 436 202Z", c.deep);
    art += zip(500, 192, 1058, c, c.trim);
    art += stroke("M318 880L372 760", c.deep, 6) + stroke("M682 880L628 760", c.deep, 6);
  }
  return { art, focus: [500, 420] };
};

const sweater: Draw = (ctx) => {
  const { c, back } = ctx;
  const t = top(
    {
      neck: 86,
      neckY: 258,
      drop: 46,
      shoulder: 256,
      slope: 44,
      chest: 236,
      armpit: 565,
      hem: 230,
      hemY: 1040,
      sleeve: "long",
      cuffOut: 398,
      cuffY: 1000,
    },
    back,
  );
  let art = "";
  if (!back) art += path("M414 258Q500 238 586 258Q548 306 500 306Q452 306 414 258Z", c.deep);
  art += body(ctx, t.d) + seams(t, c, 258, 86) + cuffs(t, 70, c.dark, c.deep) + hemBand(t, 74, c.dark, c.deep);
  if (ctx.seed % 2 === 0) {
    // a Nordic yoke: rows of small diamonds and dots between thin stripes
    const y = 400;
    let band = rect(100, y - 62, 800, 8, 0, c.trim) + rect(100, y + 54, 800, 8, 0, c.trim);
    for (let x = 120; x < 900; x += 48) band += path(`M${x} ${y - 30}L${x + 18} ${y}L${x} ${y + 30}L${x - 18} ${y}Z`, c.trim);
    for (let x = 144; x < 900; x += 48) band += circle(x, y, 6, CREAM);
    art += clip(ctx, t.d, band);
  } else if (!back) {
    // a cable down the front
    for (let y = 330; y < 960; y += 60)
      art += stroke(`M470 ${y}Q500 ${y + 30} 530 ${y + 60}M530 ${y}Q500 ${y + 30} 470 ${y + 60}`, c.line, 8, ` opacity=".55"`);
  }
  const neckline = back ? "M414 258Q460 282 500 282Q540 282 586 258" : "M414 258Q452 306 500 306Q548 306 586 258";
  art += band(neckline, c.dark, 30) + band(neckline, c.deep, 30, ` stroke-dasharray="4 10" opacity=".5"`);
  return { art, focus: [500, 400] };
};

const hoodie: Draw = (ctx) => {
  const { c, back } = ctx;
  const t = top(
    {
      neck: 82,
      neckY: 262,
      drop: 50,
      shoulder: 260,
      slope: 44,
      chest: 240,
      armpit: 565,
      hem: 236,
      hemY: 1050,
      sleeve: "long",
      cuffOut: 402,
      cuffY: 1005,
    },
    back,
  );
  let art = "";
  if (!back) art += solid(ctx, ["M400 285C370 80 630 80 600 285Z"]) + path("M430 285C418 150 582 150 570 285Z", c.deep);
  art += body(ctx, t.d) + seams(t, c, 262, 82) + cuffs(t, 70, c.dark, c.deep) + hemBand(t, 76, c.dark, c.deep);
  if (back) {
    art += solid(ctx, ["M410 262C370 460 420 580 500 590C580 580 630 460 590 262Q500 240 410 262Z"]);
    art += stroke("M500 250V588", c.line, 3, ` opacity=".6"`);
  } else {
    art += stroke("M420 272Q470 320 512 332", c.base, 28) + stroke("M580 272Q530 320 488 332", c.base, 28);
    art += stroke("M420 272Q470 320 512 332", c.line, 2, ` opacity=".6"`) + stroke("M580 272Q530 320 488 332", c.line, 2, ` opacity=".6"`);
    const cord = ctx.seed % 3 === 0 ? c.trim : CREAM;
    art += stroke("M468 318Q462 420 458 520", cord, 9) + stroke("M532 318Q540 430 544 540", cord, 9);
    art += rect(452, 512, 12, 34, 4, METAL) + rect(538, 532, 12, 34, 4, METAL);
    const pocket = "M360 760H640L700 900V968H300V900Z";
    art += solid(ctx, [pocket], "url(#fabric)", c.outline, 5) + stitch("M372 772H628L686 902V956H314V902Z", c.line);
    art += stroke("M360 760L300 900", c.deep, 7) + stroke("M640 760L700 900", c.deep, 7);
  }
  return { art, focus: [500, 380] };
};

const tee: Draw = (ctx) => {
  const { c, back } = ctx;
  const t = top(
    { neck: 78, neckY: 270, drop: 44, shoulder: 250, slope: 42, chest: 240, armpit: 520, hem: 238, hemY: 1030, sleeve: "short" },
    back,
  );
  let art = "";
  if (!back) art += path("M422 270Q500 252 578 270Q544 314 500 314Q456 314 422 270Z", c.deep);
  art += body(ctx, t.d);
  if (ctx.seed % 3 === 1) {
    let stripes = "";
    for (let y = 380; y < 1040; y += 72) stripes += rect(100, y, 800, 26, 0, c.trim);
    art += clip(ctx, t.d, stripes);
  }
  art += seams(t, c, 270, 78);
  for (const f of [(p: Pt) => p, mirrorX]) {
    art += stitch(`M${pt(f(lerp(t.cuffOut, t.sleeveTop, 0.13)))}L${pt(f(lerp(t.cuffIn, t.armpit, 0.2)))}`, c.line);
  }
  art += stitch(`M${t.hemSide[0] + 4} ${t.hemY - 24}Q500 ${t.hemY - 14} ${996 - t.hemSide[0]} ${t.hemY - 24}`, c.line);
  const neckline = back ? "M422 270Q462 290 500 290Q538 290 578 270" : "M422 270Q456 314 500 314Q544 314 578 270";
  art += band(neckline, c.dark, 20);
  if (!back && ctx.seed % 3 === 2) art += solid(ctx, ["M585 430H685V540Q635 556 585 540Z"], "url(#fabric)", c.line, 4);
  return { art, focus: [500, 380] };
};

const shirt: Draw = (ctx) => {
  const { c, back } = ctx;
  const t = top(
    {
      neck: 72,
      neckY: 255,
      drop: 50,
      shoulder: 262,
      slope: 40,
      chest: 240,
      armpit: 565,
      hem: 240,
      hemY: 1075,
      sleeve: "long",
      cuffOut: 404,
      cuffY: 1000,
      tail: true,
    },
    back,
  );
  let art = body(ctx, t.d);
  if (ctx.seed % 3 === 0) {
    let plaid = "";
    for (let x = 120; x < 900; x += 100)
      plaid += rect(x, 100, 38, 1100, 0, c.deep, ` opacity=".28"`) + rect(x + 62, 100, 4, 1100, 0, c.trim, ` opacity=".7"`);
    for (let y = 200; y < 1150; y += 100)
      plaid += rect(100, y, 800, 38, 0, c.deep, ` opacity=".28"`) + rect(100, y + 62, 800, 4, 0, c.trim, ` opacity=".7"`);
    art += clip(ctx, t.d, plaid);
  }
  art += seams(t, c, 255, 72) + cuffs(t, 80, c.dark, null);
  for (const f of [(p: Pt) => p, mirrorX]) art += circle(...f(lerp(lerp(t.cuffOut, t.cuffIn, 0.7), t.armpit, 0.06)), 8, CREAM);
  if (back) {
    art += solid(ctx, ["M424 252Q500 228 576 252L582 292Q500 272 418 292Z"]);
    art += stitch("M262 400Q500 420 738 400", c.line) + stroke("M470 412L478 520M530 412L522 520", c.line, 3, ` opacity=".6"`);
  } else {
    art += path("M428 255Q500 230 572 255L574 280Q500 258 426 280Z", c.deep);
    art += solid(ctx, ["M478 300H522V1098H478Z"], "url(#fabric)", c.line, 4);
    for (let y = 350; y < 1080; y += 110) art += circle(500, y, 9, CREAM, ` stroke="${c.outline}" stroke-width="2"`);
    art += solid(ctx, ["M426 250L498 300L440 372L404 276Z", "M574 250L502 300L560 372L596 276Z"], "url(#fabric)", c.outline, 5);
    if (ctx.seed % 2 === 1)
      art += solid(ctx, ["M322 440H430V560L376 584L322 560Z"], "url(#fabric)", c.line, 4) + stroke("M322 470H430", c.line, 3);
  }
  return { art, focus: [500, 360] };
};

// ---------------------------------------------------------------- lower-body garments

function legs(ctx: Ctx, hemY: number, hemOut: number, hemIn: number, crotchY: number): { d: string; art: string } {
  const { c, back } = ctx;
  const d = sym(
    [500, 250],
    [
      [312, 250],
      [300, 340, 290, 430, 288, 520],
      [hemOut, hemY],
      [hemIn, hemY + 4],
      [500, crotchY],
    ],
  );
  let art = body(ctx, d);
  art += solid(ctx, ["M310 250H690V308H310Z"], c.dark, c.outline, 5);
  for (const x of [350, 440, 560, 650]) art += rect(x - 9, 242, 18, 76, 5, c.dark, ` stroke="${c.outline}" stroke-width="3"`);
  // leg creases
  art += stroke(`M${(288 + 480) / 2} 330L${(hemOut + hemIn) / 2} ${hemY - 10}`, "#fff", 3, ` opacity=".14"`);
  art += stroke(`M${1000 - (288 + 480) / 2} 330L${1000 - (hemOut + hemIn) / 2} ${hemY - 10}`, "#fff", 3, ` opacity=".14"`);
  art += stitch(
    `M${hemOut + 2} ${hemY - 30}L${hemIn - 2} ${hemY - 26}M${1000 - hemOut - 2} ${hemY - 30}L${1000 - hemIn + 2} ${hemY - 26}`,
    c.line,
  );
  if (back) {
    art += stitch("M310 380L500 430L690 380", c.line);
    art += solid(ctx, ["M340 450H460V570L400 600L340 570Z", "M540 450H660V570L600 600L540 570Z"], "url(#fabric)", c.line, 4);
  } else {
    art += circle(500, 279, 11, METAL, ` stroke="${c.outline}" stroke-width="2"`);
    art += stitch("M530 310V470Q530 506 500 520", c.line);
    art += stroke("M500 308V520", c.deep, 3);
    art += stroke("M398 310Q404 420 292 446", c.deep, 5) + stroke("M602 310Q596 420 708 446", c.deep, 5);
  }
  return { d, art };
}

const trousers: Draw = (ctx) => {
  const { c, back } = ctx;
  const { art: base } = legs(ctx, 1240, 272, 474, 640);
  let art = base;
  if (!back && ctx.seed % 3 === 0) {
    art += solid(ctx, [rectD(248, 700, 120, 150, 10)], "url(#fabric)", c.line, 4);
    art += solid(ctx, ["M244 696H372V744Q308 754 244 744Z"], c.dark, c.outline, 4);
  }
  return { art, focus: [500, 400] };
};

const shorts: Draw = (ctx) => {
  const { c } = ctx;
  const { art: base } = legs(ctx, 760, 252, 484, 600);
  let art = base;
  if (ctx.seed % 2 === 1) art += rect(252, 712, 232, 48, 6, c.dark) + rect(516, 712, 232, 48, 6, c.dark);
  return { art, focus: [500, 420], fit: [500, 520, 1.3] };
};

const dress: Draw = (ctx) => {
  const { c, back } = ctx;
  const d = sym(
    [500, back ? 240 : 290],
    [
      [back ? 452 : 448, back ? 240 : 288, 430, 222],
      [360, 232],
      [330, 244, 312, 290],
      [262, 392],
      [340, 420],
      [352, 640],
      [330, 760, 250, 1040, 200, 1240],
      [350, 1272, 500, 1274],
    ],
  );
  let art = body(ctx, d);
  if (ctx.seed % 3 === 1) {
    let dots = "";
    for (let y = 250, row = 0; y < 1300; y += 56, row++)
      for (let x = 190 + (row % 2) * 28; x < 820; x += 56) dots += circle(x, y, 7, CREAM, ` opacity=".85"`);
    art += clip(ctx, d, dots);
  }
  let folds = "";
  for (const [x1, x2] of [
    [410, 330],
    [455, 430],
    [545, 570],
    [590, 670],
  ] as const)
    folds += path(`M${x1} 650L${x2 - 22} 1262Q${x2} 1266 ${x2 + 22} 1262Z`, "#000", ` opacity=".07"`);
  art += clip(ctx, d, folds);
  art += stroke("M332 360L332 400M668 360L668 400", c.line, 3, ` opacity=".5"`);
  art += stitch("M262 392L340 420M738 392L660 420", c.line);
  art += solid(ctx, ["M348 620Q500 636 652 620L654 664Q500 680 346 664Z"], ctx.seed % 2 === 0 ? c.dark : c.trim, c.outline, 4);
  if (back) art += stroke("M500 250V760", c.deep, 4) + rect(494, 250, 12, 26, 4, METAL);
  else {
    const tie = ctx.seed % 2 === 0 ? c.dark : c.trim;
    art += stroke("M612 650Q640 760 620 820M620 650Q668 740 676 800", tie, 20);
    art += solid(ctx, ["M596 626H636V676H596Z"], tie, c.outline, 4);
    art += stroke("M430 222Q448 288 500 290Q552 288 570 222", c.dark, 10);
  }
  return { art, focus: [500, 560] };
};

const skirt: Draw = (ctx) => {
  const { c, back } = ctx;
  const d = sym(
    [500, 340],
    [
      [338, 340],
      [334, 500, 230, 900, 178, 1140],
      [340, 1176, 500, 1178],
    ],
  );
  let art = body(ctx, d);
  let folds = "";
  for (const [x1, x2] of [
    [370, 260],
    [420, 340],
    [470, 445],
    [530, 555],
    [580, 660],
    [630, 740],
  ] as const)
    folds +=
      stroke(`M${x1} 410L${x2} 1170`, c.line, 3, ` opacity=".55"`) +
      path(`M${x1} 410L${x2} 1170L${x2 + 40} 1170Z`, "#000", ` opacity=".05"`);
  art += clip(ctx, d, folds);
  art += solid(ctx, ["M336 330H664V404H336Z"], c.dark, c.outline, 5);
  art += stitch("M180 1124Q500 1166 820 1124", c.line);
  if (back) art += stroke("M500 404V620", c.deep, 4) + rect(494, 404, 12, 26, 4, METAL);
  else if (ctx.seed % 2 === 0)
    for (let y = 460; y < 1100; y += 120) art += circle(500, y, 10, CREAM, ` stroke="${c.outline}" stroke-width="2"`);
  else art += circle(500, 367, 11, METAL, ` stroke="${c.outline}" stroke-width="2"`);
  return { art, focus: [500, 420] };
};

// ---------------------------------------------------------------- accessories

const beanie: Draw = (ctx) => {
  const { c, back } = ctx;
  const crown = "M240 850C228 540 340 380 500 380C660 380 772 540 760 850Z";
  let art = floor(500, 1020, 300);
  if (ctx.seed % 2 === 0) {
    const pom = ctx.seed % 4 === 0 ? c.trim : CREAM;
    art += circle(500, 330, 98, pom, ` stroke="${shade(pom, -0.25)}" stroke-width="6"`);
    for (let a = 0; a < 360; a += 24) {
      const r = (a * Math.PI) / 180;
      art += circle(500 + Math.cos(r) * 84, 330 + Math.sin(r) * 84, 16, pom);
    }
    art += circle(480, 310, 44, "#fff", ` opacity=".18"`);
  }
  art += dropShadow([crown]) + solid(ctx, [crown]);
  let ribs = "";
  for (let x = 272; x <= 728; x += 38) ribs += stroke(`M${x} 860Q${500 + (x - 500) * 0.55} 560 500 380`, c.line, 4, ` opacity=".45"`);
  art += clip(ctx, crown, ribs);
  const cuff = rectD(222, 800, 556, 210, 40);
  art += dropShadow([cuff], 10, 12) + solid(ctx, [cuff], c.dark) + rib([222, 905], [778, 905], 210, c.deep, "7 13", 0.45);
  if (!back)
    art += rect(450, 872, 100, 62, 8, LEATHER) + stitch("M458 880H542V926H458Z", CREAM, 2) + mark(500, 906, 0.9, shade(LEATHER, -0.35));
  return { art, focus: [500, 800] };
};

const cap: Draw = (ctx) => {
  const { c } = ctx;
  const crown = "M250 800C236 520 390 410 550 412C720 414 800 560 788 800Q520 830 250 800Z";
  const brim = "M640 760C760 740 900 760 955 826C880 868 720 862 600 812Z";
  let art = floor(590, 860, 380);
  art += dropShadow([crown, brim]) + solid(ctx, [crown]);
  art += stroke("M548 416Q430 540 360 806M552 416Q560 600 560 812M556 416Q690 520 720 804", c.line, 4, ` opacity=".7"`);
  for (const [x, y] of [
    [420, 520],
    [620, 500],
  ])
    art += circle(x as number, y as number, 9, c.deep);
  art += path("M256 770Q520 800 786 770L788 800Q520 830 250 800Z", "#000", ` opacity=".18"`);
  art +=
    solid(ctx, [brim], c.dark) + stitch("M660 772C770 758 880 776 926 826", c.line) + stitch("M650 790C760 776 870 794 906 834", c.line);
  art += path("M600 812C720 862 880 868 955 826C900 880 720 890 600 812Z", "#000", ` opacity=".25"`);
  art += `<ellipse cx="552" cy="414" rx="26" ry="12" fill="${c.dark}" stroke="${c.outline}" stroke-width="4"/>`;
  art += mark(640, 650, 2, c.trim);
  return { art, focus: [650, 650], mirrorBack: true, fit: [600, 660, 1.2] };
};

function glove(ctx: Ctx): string {
  const { c } = ctx;
  const parts = [
    rectD(-115, -170, 230, 380, 70),
    rectD(-112, -400, 54, 300, 27),
    rectD(-52, -440, 56, 340, 28),
    rectD(10, -415, 54, 320, 27),
    rectD(68, -335, 48, 240, 24),
    "M-98 -40L-200 -170Q-222 -200 -196 -222Q-172 -240 -150 -214L-70 -120Z",
  ];
  let art = dropShadow(parts) + solid(ctx, parts);
  art += stroke("M-55 -100V-160M7 -100V-170M66 -100V-150", c.line, 4, ` opacity=".7"`);
  art += stitch("M-60 40V-90M0 50V-90M60 40V-90", c.line);
  const cuff = rectD(-122, 150, 244, 180, 22);
  art += solid(ctx, [cuff], c.dark) + rib([-122, 240], [122, 240], 180, c.deep, "6 11", 0.5);
  if (ctx.seed % 2 === 0) art += rect(-122, 170, 244, 16, 0, c.trim) + rect(-122, 196, 244, 8, 0, c.trim);
  return art;
}

const gloves: Draw = (ctx) => ({
  art:
    floor(500, 1150, 330) +
    `<g transform="translate(360 760) rotate(-9)">${glove(ctx)}</g>` +
    `<g transform="translate(640 800) rotate(9) scale(-1 1)">${glove(ctx)}</g>`,
  focus: [500, 700],
  mirrorBack: true,
});

const scarf: Draw = (ctx) => {
  const { c } = ctx;
  const tailA = "M318 300H512C522 600 500 900 508 1150L326 1162C318 900 342 600 318 300Z";
  const tailB = "M478 330H682C700 560 666 780 696 1010L502 1030C484 780 506 560 478 330Z";
  const loop = "M306 346C300 262 326 252 362 252H638C674 252 700 262 694 346C600 362 400 362 306 346Z";
  const striped = ctx.seed % 2 === 0;
  const bands = (y: number) =>
    striped ? rect(100, y, 800, 26, 0, c.trim) + rect(100, y + 40, 800, 12, 0, CREAM) + rect(100, y + 66, 800, 26, 0, c.trim) : "";
  const fringe = (x1: number, x2: number, y1: number, y2: number) => {
    let f = "";
    for (let i = 0; i <= 12; i++) {
      const x = x1 + ((x2 - x1) * i) / 12;
      const y = y1 + ((y2 - y1) * i) / 12;
      f += stroke(`M${n(x)} ${n(y)}q${(i % 3) - 1} 34 ${i % 2 ? 3 : -3} 70`, c.dark, 8);
    }
    return f;
  };
  let knit = "";
  for (let x = 250; x < 760; x += 22) knit += stroke(`M${x} 200V1200`, c.line, 2, ` opacity=".22"`);
  const wood = "#b48c5e";
  let art =
    rect(200, 272, 600, 26, 13, wood, ` stroke="${shade(wood, -0.35)}" stroke-width="4"`) +
    circle(200, 285, 22, shade(wood, -0.1)) +
    circle(800, 285, 22, shade(wood, -0.1));
  art += dropShadow([tailA, tailB, loop]) + fringe(328, 506, 1160, 1150);
  art += solid(ctx, [tailA]) + clip(ctx, tailA, knit + bands(1010));
  art += fringe(504, 694, 1030, 1010);
  art +=
    solid(ctx, [tailB]) + clip(ctx, tailB, knit + bands(880)) + path("M478 330H682C684 380 500 380 478 330Z", "#000", ` opacity=".12"`);
  if (!striped) {
    let check = "";
    for (let x = 260; x < 760; x += 64) check += rect(x, 200, 24, 1000, 0, c.deep, ` opacity=".3"`);
    for (let y = 300; y < 1200; y += 64) check += rect(200, y, 600, 24, 0, c.deep, ` opacity=".3"`);
    art += clip(ctx, tailA, check) + clip(ctx, tailB, check);
  }
  art += solid(ctx, [loop], c.dark) + stroke("M320 300C420 286 580 286 680 300", c.line, 3, ` opacity=".5"`);
  return { art, focus: [500, 1000] };
};

function sockShape(ctx: Ctx, shadow: boolean): string {
  const { c } = ctx;
  const d = "M360 270H570L572 690C575 770 620 800 730 826C840 852 892 914 872 972C858 1010 812 1014 772 1014H476C384 1014 345 964 346 884Z";
  let art = (shadow ? dropShadow([d]) : "") + solid(ctx, [d]);
  let patches = path("M300 840C360 820 440 860 470 1030H300Z", c.trim) + path("M790 820C760 880 760 960 790 1030H900V820Z", c.trim);
  if (ctx.seed % 3 !== 2) for (let y = 420; y < 620; y += 70) patches += rect(300, y, 300, 22, 0, ctx.seed % 3 === 0 ? c.trim : CREAM);
  let knit = "";
  for (let x = 372; x < 570; x += 20) knit += stroke(`M${x} 380V700`, c.line, 2, ` opacity=".25"`);
  art += clip(ctx, d, patches + knit);
  art += solid(ctx, [rectD(352, 262, 226, 110, 12)], c.dark) + rib([352, 317], [578, 317], 110, c.deep, "6 10", 0.5);
  return art;
}

const sock: Draw = (ctx) => ({
  art:
    floor(560, 1060, 330) +
    `<g transform="translate(-70 -90)">${sockShape(ctx, false)}${path("M360 270H570L572 690C575 770 620 800 730 826C840 852 892 914 872 972C858 1010 812 1014 772 1014H476C384 1014 345 964 346 884Z", "#000", ` opacity=".14"`)}</g>` +
    `<g transform="translate(40 30)">${sockShape(ctx, true)}</g>`,
  focus: [560, 800],
  mirrorBack: true,
});

/** Eyelets along a lacing line, each pair `gap` apart across it; laces criss-cross. */
function lacing(front: Pt[], gap: number, lace: string, c: Palette): string {
  const inner = front.map((p, i) => {
    const a = front[Math.max(0, i - 1)] as Pt;
    const b = front[Math.min(front.length - 1, i + 1)] as Pt;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return [p[0] - ((b[1] - a[1]) / len) * gap, p[1] + ((b[0] - a[0]) / len) * gap] as Pt;
  });
  // the tongue shows between the rows of eyelets
  let art = path(`M${[...front, ...inner.toReversed()].map(pt).join("L")}Z`, c.dark);
  for (let i = 0; i < front.length - 1; i++)
    art += stroke(`M${pt(front[i] as Pt)}L${pt(inner[i + 1] as Pt)}M${pt(inner[i] as Pt)}L${pt(front[i + 1] as Pt)}`, lace, 8);
  for (const p of [...front, ...inner]) art += circle(p[0], p[1], 7, METAL, ` stroke="${c.outline}" stroke-width="3"`);
  return art;
}

const boot: Draw = (ctx) => {
  const { c } = ctx;
  const upper = "M336 350L552 342C556 470 568 590 606 664C676 748 800 784 856 834C896 870 900 930 886 962H294C284 800 312 600 336 350Z";
  const soles = ["#2b2724", "#b98a52", "#4a3628"];
  const sole = soles[ctx.seed % 3] as string;
  const laces = ctx.seed % 2 === 0 ? c.trim : shade(c.base, -0.45);
  let art = floor(590, 1052, 380);
  art += solid(ctx, ["M500 360L514 292Q560 278 586 298L600 520L520 540Z"], c.dark);
  art += dropShadow([upper]) + solid(ctx, [upper]);
  art += clip(
    ctx,
    upper,
    path("M740 774C824 796 904 856 904 980H704C724 900 724 820 740 774Z", c.dark) + path("M280 730C364 740 426 830 426 980H270Z", c.dark),
  );
  art += stitch("M742 786C726 836 718 900 724 960M414 816C404 868 406 920 416 960", c.line);
  art += stroke("M340 356L550 348", c.dark, 28);
  art += stroke("M344 372Q320 300 352 294Q374 324 364 368", c.deep, 12);
  art += path(
    "M536 352C540 470 552 590 588 668C620 704 650 724 690 744",
    "none",
    ` stroke="${c.line}" stroke-width="3" stroke-dasharray="9 8"`,
  );
  art += lacing(
    [
      [552, 392],
      [556, 450],
      [563, 508],
      [574, 566],
      [590, 620],
      [612, 668],
      [650, 706],
    ],
    46,
    laces,
    c,
  );
  art += stroke("M552 392Q604 368 626 408M552 392Q596 420 584 462", laces, 8);
  art += solid(ctx, ["M284 958H900C914 994 904 1032 874 1040H302C282 1034 276 1000 284 958Z"], sole, shade(sole, -0.4), 6);
  art += stitch("M300 972H884", shade(sole, 0.35), 3);
  for (let x = 310; x < 880; x += 40) art += rect(x, 1022, 22, 18, 4, shade(sole, -0.3));
  art += stroke("M430 962V1040", shade(sole, -0.35), 4);
  art += mark(420, 600, 1.2, c.trim);
  return { art, focus: [580, 560], mirrorBack: true };
};

const sneaker: Draw = (ctx) => {
  const { c } = ctx;
  const upper =
    "M290 880C282 800 292 724 330 684C384 694 440 716 500 700L546 640Q574 626 590 648L602 672C662 700 722 740 792 768C862 794 910 830 910 880Z";
  const white = "#f5f3ee";
  const accent = distance(c.trim, white) < 60 ? c.dark : c.trim;
  let art = floor(600, 960, 360);
  art += dropShadow([upper]) + solid(ctx, [upper]);
  art += clip(
    ctx,
    upper,
    path("M780 756C860 786 930 846 920 900H730C740 836 756 790 780 756Z", c.dark) + path("M270 690C344 700 384 780 384 900H260Z", accent),
  );
  art += path("M430 870C470 800 560 750 660 722L682 740C600 772 520 820 500 870Z", accent, ` stroke="${c.outline}" stroke-width="4"`);
  art += stitch("M300 700C360 712 440 730 500 716", c.line);
  art += lacing(
    [
      [606, 694],
      [648, 716],
      [690, 738],
      [732, 760],
    ],
    32,
    lum(c.base) > 0.7 ? c.deep : white,
    c,
  );
  art += solid(ctx, ["M278 862H914C930 890 924 928 892 938H300C276 932 270 896 278 862Z"], white, "#b9b4aa", 6);
  art += rect(278, 930, 640, 16, 6, ctx.seed % 2 ? "#b98a52" : "#3a3532");
  art += stitch("M300 880H894", "#c9c3b8", 3);
  return { art, focus: [620, 760], mirrorBack: true, fit: [600, 800, 1.28] };
};

function sandalShape(ctx: Ctx): string {
  const { c } = ctx;
  const bed = sym(
    [0, -350],
    [
      [-72, -350, -118, -290, -120, -190],
      [-122, -90, -92, 0, -88, 120],
      [-86, 230, -96, 300, -70, 340],
      [-42, 368, 0, 368],
    ],
    0,
  );
  const cork = "#cfb08a";
  let art = `${dropShadow([bed], 10, 14)}<g transform="translate(0 10)">${path(bed, "#3a3532")}</g>${path(bed, cork, ` stroke="#8d7150" stroke-width="5"`)}`;
  for (let i = 0; i < 40; i++) art += circle(((i * 37) % 180) - 90, ((i * 71) % 620) - 300, 3, "#a78a64", ` opacity=".5"`);
  const strap = (y: number, h: number) =>
    solid(ctx, [rectD(-140, y, 280, h, 26)]) +
    stitch(`M-126 ${y + 14}H126M-126 ${y + h - 14}H126`, c.line) +
    rect(70, y + 14, 46, h - 28, 6, "none", ` stroke="${METAL}" stroke-width="8"`);
  art += strap(-200, 110) + strap(0, 110);
  return art;
}

const sandal: Draw = (ctx) => ({
  art:
    floor(510, 1140, 330) +
    `<g transform="translate(350 720) rotate(-6)">${sandalShape(ctx)}</g>` +
    `<g transform="translate(650 740) rotate(6) scale(-1 1)">${sandalShape(ctx)}</g>`,
  focus: [400, 650],
  mirrorBack: true,
});

const backpack: Draw = (ctx) => {
  const { c, back } = ctx;
  const bag = "M284 1150L272 480C268 370 360 330 500 330C640 330 732 370 728 480L716 1150Q716 1182 686 1182H314Q284 1182 284 1150Z";
  let art = floor(500, 1190, 300);
  art += stroke("M470 340C460 250 540 250 530 340", c.deep, 22);
  if (!back) art += path("M300 420C250 600 230 900 262 1120L290 1110C270 900 290 600 330 420Z", c.deep);
  if (!back) art += path("M700 420C750 600 770 900 738 1120L710 1110C730 900 710 600 670 420Z", c.deep);
  art += dropShadow([bag]) + solid(ctx, [bag]);
  art += path("M284 1110H716V1150Q716 1182 686 1182H314Q284 1182 284 1150Z", c.deep);
  if (back) {
    art += solid(ctx, [rectD(330, 420, 340, 560, 40)], c.dark);
    for (const x of [370, 570])
      art += solid(ctx, [`M${x} 380Q${x + 30} 360 ${x + 60} 380L${x + 66} 1060Q${x + 30} 1080 ${x - 6} 1060Z`], c.deep);
    return { art, focus: [500, 620] };
  }
  art += solid(ctx, [rectD(246, 800, 34, 300, 12), rectD(720, 800, 34, 300, 12)], c.dark, c.outline, 5);
  art +=
    solid(ctx, [rectD(332, 790, 336, 310, 36)], "url(#fabric)", c.outline, 5) +
    stroke("M352 830H648", c.deep, 6) +
    rect(600, 822, 14, 40, 5, METAL);
  if (ctx.seed % 2 === 0) {
    art += solid(ctx, ["M286 470C290 370 370 342 500 342C630 342 710 370 714 470L700 640C640 672 360 672 300 640Z"], c.dark);
    for (const x of [396, 604]) {
      art += rect(x - 17, 620, 34, 200, 8, LEATHER, ` stroke="${shade(LEATHER, -0.35)}" stroke-width="3"`);
      art += rect(x - 24, 770, 48, 40, 6, "none", ` stroke="${METAL}" stroke-width="8"`);
    }
    art += rect(462, 520, 76, 50, 8, LEATHER) + mark(500, 546, 0.75, shade(LEATHER, -0.35));
  } else {
    art += stroke("M300 520Q500 440 700 520", c.deep, 7) + rect(640, 488, 14, 42, 5, METAL);
    art += mark(500, 660, 1.4, c.trim);
  }
  return { art, focus: [500, 620] };
};

// ---------------------------------------------------------------- home and gifts

const candle: Draw = (ctx) => {
  const { c, back } = ctx;
  const glass = "#dde6ea";
  let art = floor(500, 1160, 260);
  art += `<circle cx="500" cy="560" r="190" fill="url(#glow)"/>`;
  art += rect(296, 560, 408, 600, 46, glass, ` opacity=".55" stroke="#a9b6bc" stroke-width="6"`);
  art += path("M318 660V1100Q318 1140 358 1140H642Q682 1140 682 1100V660Z", c.base);
  art += path("M318 660V1100Q318 1140 358 1140H420V660Z", "#fff", ` opacity=".12"`);
  art += path("M600 660V1140H642Q682 1140 682 1100V660Z", "#000", ` opacity=".12"`);
  art += `<ellipse cx="500" cy="660" rx="182" ry="26" fill="${c.light}" stroke="${c.dark}" stroke-width="3"/>`;
  art += `<ellipse cx="500" cy="662" rx="40" ry="8" fill="${c.dark}" opacity=".5"/>`;
  art += stroke("M500 662Q496 636 502 612", "#2b2724", 6);
  art += path("M502 430C536 500 556 548 536 590C524 618 480 618 468 590C450 548 470 500 502 430Z", "url(#flame)");
  art += path("M502 528C516 556 520 580 510 596C504 606 496 606 490 596C482 580 488 556 502 528Z", "#fff7dc");
  art += `<ellipse cx="500" cy="560" rx="210" ry="34" fill="none" stroke="#a9b6bc" stroke-width="6"/>`;
  art += rect(328, 600, 20, 520, 10, "#fff", ` opacity=".45"`) + rect(362, 600, 8, 520, 4, "#fff", ` opacity=".35"`);
  if (!back) {
    const band = ctx.seed % 2 === 0 ? c.trim : "#2b2b2e";
    art += rect(368, 820, 264, 200, 6, "#f8f5ee", ` stroke="#cfc8ba" stroke-width="3"`);
    art += rect(368, 820, 264, 20, 0, band);
    art += mark(500, 882, 1.3, "#3a3630");
    art += `<text x="500" y="950" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" letter-spacing="6" text-anchor="middle" fill="#3a3630">KAUPPA</text>`;
    art += stroke("M430 976H570", "#9a9386", 3);
  }
  return { art, focus: [500, 620] };
};

const mug: Draw = (ctx) => {
  const { c } = ctx;
  const cup = "M290 580V1060C290 1120 360 1144 480 1144C600 1144 670 1120 670 1060V580Z";
  let art = floor(500, 1150, 300);
  if (ctx.key.view === 3) art += stroke("M450 520C420 470 480 440 450 390M510 520C480 460 540 430 510 370", "#c9c2b5", 10, ` opacity=".7"`);
  art += stroke("M660 660C820 640 830 940 660 960", c.outline, 62) + stroke("M660 660C820 640 830 940 660 960", c.base, 48);
  art += stroke("M660 660C820 640 830 940 660 960", "#fff", 10, ` opacity=".18" transform="translate(-8 -4)"`);
  art += dropShadow([cup]) + solid(ctx, [cup]);
  let speck = path("M280 1080H700V1160H280Z", "#d8c7ad");
  for (let i = 0; i < 70; i++) speck += circle(300 + ((i * 53) % 360), 600 + ((i * 97) % 470), 2 + (i % 3), c.deep, ` opacity=".35"`);
  art += clip(ctx, cup, speck) + stroke("M292 1080Q480 1104 668 1080", "#b39f83", 3);
  art += `<ellipse cx="480" cy="580" rx="190" ry="40" fill="${c.dark}" stroke="${c.outline}" stroke-width="7"/>`;
  art += `<ellipse cx="480" cy="588" rx="170" ry="30" fill="${c.deep}"/>`;
  if (ctx.seed % 2 === 1) art += rect(290, 700, 380, 24, 0, CREAM, ` opacity=".9"`);
  return { art, focus: [480, 700], mirrorBack: true };
};

const blanket: Draw = (ctx) => {
  const { c } = ctx;
  const layers = [0, 1, 2, 3].map((i) => rectD(200 + (i % 2) * 14, 520 + i * 150, 600 - (i % 2) * 28, 190, 80));
  let art = floor(500, 1150, 380) + dropShadow(layers);
  let plaid = "";
  for (let x = 170; x < 840; x += 110) plaid += rect(x, 400, 44, 800, 0, c.deep, ` opacity=".3"`) + rect(x + 70, 400, 6, 800, 0, c.trim);
  for (let y = 480; y < 1150; y += 110) plaid += rect(150, y, 700, 44, 0, c.deep, ` opacity=".3"`);
  for (let i = 3; i >= 0; i--) {
    const d = layers[i] as string;
    art += solid(ctx, [d]);
    if (ctx.seed % 2 === 0) art += clip(ctx, d, plaid);
    art += path(d, "url(#fold)");
  }
  if (!ctx.back) {
    const kraft = "#cbb28c";
    art += rect(430, 512, 140, 676, 6, kraft, ` stroke="${shade(kraft, -0.3)}" stroke-width="4"`) + rect(448, 760, 104, 120, 6, CREAM);
    art += mark(500, 810, 1.2, "#3a3630") + stroke("M470 850H530", "#9a9386", 3);
  }
  return { art, focus: [500, 760] };
};

const giftcard: Draw = (ctx) => {
  const { c, back } = ctx;
  const ink = lum(c.base) > 0.6 ? "#2b2b2e" : CREAM;
  const ribbon = distance(c.trim, c.base) > 90 ? c.trim : CREAM;
  const card = rectD(150, 480, 700, 440, 36);
  let art = floor(500, 1010, 380);
  art += `<g transform="rotate(7 520 700)">${path(rectD(170, 470, 700, 440, 36), "#e7e1d5", ` stroke="#c9c1b1" stroke-width="4"`)}</g>`;
  let face = dropShadow([card]) + solid(ctx, [card]);
  if (back) {
    face += rect(150, 550, 700, 90, 0, "#2b2b2e") + rect(200, 700, 340, 60, 6, CREAM);
    for (let i = 0; i < 34; i++) face += rect(210 + i * 9, 790, 2 + (i % 3) * 2, 80, 0, ink);
    face += `<text x="800" y="880" font-family="DejaVu Sans, sans-serif" font-size="26" letter-spacing="4" text-anchor="end" fill="${ink}">KAUPPA</text>`;
  } else {
    face += rect(600, 480, 46, 440, 0, ribbon) + rect(150, 660, 700, 46, 0, ribbon);
    face += `<g fill="${ribbon}" stroke="${shade(ribbon, -0.3)}" stroke-width="4">`;
    face += `<path d="M623 683C560 600 520 610 540 660C555 700 600 690 623 683Z"/><path d="M623 683C686 600 726 610 706 660C691 700 646 690 623 683Z"/>`;
    face += `<path d="M623 683L585 770L605 772Z"/><path d="M623 683L660 770L640 772Z"/></g>${circle(623, 683, 20, shade(ribbon, -0.15))}`;
    face += mark(228, 548, 1.4, ink);
    face += `<text x="272" y="560" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" letter-spacing="6" fill="${ink}">KAUPPA</text>`;
    face += `<text x="196" y="872" font-family="DejaVu Sans, sans-serif" font-size="54" font-weight="bold" letter-spacing="5" fill="${ink}">GIFT CARD</text>`;
  }
  art += `<g transform="rotate(-6 500 700)">${face}</g>`;
  return { art, focus: [520, 700], zoom: 1.3 };
};

const DRAW: Record<Kind, Draw> = {
  jacket,
  parka,
  vest,
  sweater,
  hoodie,
  tee,
  shirt,
  trousers,
  shorts,
  dress,
  skirt,
  beanie,
  cap,
  gloves,
  scarf,
  sock,
  boot,
  sneaker,
  sandal,
  backpack,
  candle,
  mug,
  blanket,
  giftcard,
};

// ---------------------------------------------------------------- the picture

/** The SVG for a key: 1000×1400, self-contained (no external fonts or images). */
export function drawProductSvg(key: ParsedKey): string {
  const c = palette(key);
  let count = 0;
  const ctx: Ctx = { c, key, seed: key.seed, back: key.view === 2, defs: [], id: (p) => `${p}${++count}` };
  const { art, focus: f, mirrorBack, fit, zoom = 1.75 } = DRAW[key.kind](ctx);
  let placed = art;
  let focus = f;
  if (fit) {
    const [cx, cy, s] = fit;
    placed = `<g transform="translate(500 700) scale(${s}) translate(${-cx} ${-cy})">${placed}</g>`;
    focus = [500 + (f[0] - cx) * s, 700 + (f[1] - cy) * s];
  }
  if (key.view === 2 && mirrorBack) placed = `<g transform="matrix(-1 0 0 1 1000 0)">${placed}</g>`;
  if (key.view === 3) placed = `<g transform="translate(500 700) scale(${zoom}) translate(${-focus[0]} ${-focus[1]})">${placed}</g>`;
  const defs = [
    `<linearGradient id="fabric" gradientUnits="userSpaceOnUse" x1="150" y1="0" x2="850" y2="0"><stop offset="0" stop-color="${c.light}"/><stop offset=".5" stop-color="${c.base}"/><stop offset="1" stop-color="${shade(c.base, -0.16)}"/></linearGradient>`,
    `<radialGradient id="floor"><stop offset="0" stop-color="#3a3428" stop-opacity=".22"/><stop offset="1" stop-color="#3a3428" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffd36b" stop-opacity=".45"/><stop offset="1" stop-color="#ffd36b" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="flame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f08a24"/><stop offset=".6" stop-color="#f7b733"/><stop offset="1" stop-color="#ffe9a8"/></linearGradient>`,
    `<linearGradient id="fold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></linearGradient>`,
    `<radialGradient id="bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${shade(c.bg, 0.45)}"/><stop offset="1" stop-color="${c.bg}"/></radialGradient>`,
    ...ctx.defs,
  ];
  const backdrop = key.view === 3 ? rect(0, 0, 1000, 1400, 0, shade(c.bg, -0.025)) : rect(0, 0, 1000, 1400, 0, "url(#bg)");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS.width}" height="${CANVAS.height}" viewBox="0 0 ${CANVAS.width} ${CANVAS.height}">` +
    `<defs>${defs.join("")}</defs>${backdrop}${placed}</svg>`
  );
}
