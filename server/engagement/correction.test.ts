// "Did you mean"'s words (correction.ts): edits counted as a shopper makes them (a swap of two
// letters is one), the closest common word within the edits a word's length allows, and a
// compound's misspelt last part mended with its first part kept.
import { describe, expect, it } from "vitest";
import { analyze } from "./analyzer.ts";
import { closestWord, editDistance } from "./correction.ts";

const VOCABULARY = [
  { word: "jacket", documents: 33 },
  { word: "rain", documents: 20 },
  { word: "ruin", documents: 1 },
  { word: "housut", documents: 24 },
  { word: "parka", documents: 18 },
  { word: "socks", documents: 7 },
];

describe("edits", () => {
  it("counts a swap of neighbours as one edit, and a change, an insertion or a deletion as one each", () => {
    expect(editDistance("jakcet", "jacket")).toBe(1);
    expect(editDistance("rian", "rain")).toBe(1);
    expect(editDistance("parkkx", "parka")).toBe(2);
    expect(editDistance("socks", "socks")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("offers the closest word, the commoner of two as close, none beyond the edits a length allows", () => {
    expect(closestWord("jakcet", VOCABULARY)).toBe("jacket");
    expect(closestWord("rian", VOCABULARY)).toBe("rain");
    expect(closestWord("raun", VOCABULARY)).toBe("rain");
    expect(closestWord("xyzzy", VOCABULARY)).toBeNull();
    // Three letters: too short to guess.
    expect(closestWord("rai", VOCABULARY)).toBeNull();
  });

  it("mends a compound's last part and keeps its first", () => {
    expect(closestWord("tunturihosut", VOCABULARY)).toBe("tunturihousut");
  });
});

describe("the analyzer", () => {
  it("splits a Finnish compound into its product type (required) and its first part (ranked)", () => {
    expect(analyze(["tunturihousut"], "fi")).toEqual([
      { word: "tunturihousut", alternatives: ["housut", "tunturihousut"], modifier: false },
      { word: "tunturi", alternatives: ["tunturi"], modifier: true },
    ]);
    expect(analyze(["talviparkka"], "fi")[0]?.alternatives).toEqual(["parka", "talviparkka"]);
  });

  it("asks for the catalogue's word beside the shopper's, and leaves a plain word alone", () => {
    expect(analyze(["hanskat"], "fi")).toEqual([{ word: "hanskat", alternatives: ["hanskat", "käsineet", "lapaset"], modifier: false }]);
    expect(analyze(["housut"], "fi")).toEqual([{ word: "housut", alternatives: ["housut"], modifier: false }]);
    expect(analyze(["trainers", "men"], "en").map((t) => t.alternatives)).toEqual([
      ["trainers", "sneakers"],
      ["men", "unisex"],
    ]);
  });
});
