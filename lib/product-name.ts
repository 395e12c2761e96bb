// A product's name as the shop shows it (spec §3: "title up to first comma"): "Sisu rain jacket"
// of "Sisu rain jacket, women". Pages, the mail, the offline cart, the data layer and search
// suggestions all show this one; the full name stays in the product's details.

export function shortName(name: string): string {
  return (name.split(",")[0] ?? name).trim();
}
