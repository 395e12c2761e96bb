// Small text helpers shared by the generator.

/** A stable, opaque uid: base64url of "kind/key" without padding, e.g. "color/navy" → Y29sb3IvbmF2eQ. */
export function uid(kind: string, key: string | number): string {
  return Buffer.from(`${kind}/${key}`).toString("base64url");
}

/** URL slug in ASCII: "Mekot ja hameet" → "mekot-ja-hameet", "Käsineet" → "kasineet". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äå]/g, "a")
    .replace(/ö/g, "o")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
