// What a typed query asks for (decision 0076): each word becomes a term whose alternatives are
// the word and the catalogue's words for it (lexicon.ts), and a Finnish compound the catalogue
// does not have as one word is split into its product type, which must match, and the part
// before it ("tunturi" of tunturihousut), which ranks higher what has it but is not required
// when nothing has it. Every alternative is letters and digits only (safe inside a tsquery).
import type { LocaleCode } from "../../lib/locales.ts";
import { COMPOUND_HEADS, VARIANTS } from "./lexicon.ts";

export interface Term {
  /** The word as typed (its first alternative). */
  word: string;
  /** Any of these matches (each as a stemmed prefix). */
  alternatives: string[];
  /** The part of a split compound before its type: it ranks, and is required only while something has it. */
  modifier: boolean;
}

/** The least length of a compound's first part: shorter ones are endings of one word (ale+hame is not a thing). */
const MIN_MODIFIER = 3;

const safe = (word: string) => /^[\p{L}\p{N}]+$/u.test(word);

function variantsOf(word: string, locale: LocaleCode): string[] {
  return (VARIANTS[locale][word] ?? []).filter(safe);
}

/** The longest product type a word ends with (by its own spelling or a variant's), and what comes before it. */
function splitCompound(word: string, locale: LocaleCode): { head: string; modifier: string } | null {
  const heads = COMPOUND_HEADS[locale];
  const endings = [
    ...heads.map((head) => ({ ending: head, head })),
    ...Object.entries(VARIANTS[locale]).flatMap(([variant, meant]) =>
      meant.filter((m) => heads.includes(m)).map((head) => ({ ending: variant, head })),
    ),
  ].sort((a, b) => b.ending.length - a.ending.length);
  for (const { ending, head } of endings) {
    if (word.length - ending.length >= MIN_MODIFIER && word.endsWith(ending)) return { head, modifier: word.slice(0, -ending.length) };
  }
  return null;
}

/** The terms of a query's words (queryWords) in a store's language. */
export function analyze(words: readonly string[], locale: LocaleCode): Term[] {
  const terms: Term[] = [];
  for (const word of words) {
    const variants = variantsOf(word, locale);
    const split = variants.length === 0 ? splitCompound(word, locale) : null;
    if (!split) {
      terms.push({ word, alternatives: unique([word, ...variants]), modifier: false });
      continue;
    }
    // The whole compound stays an alternative of its type: a name that has it matches either way.
    terms.push({ word, alternatives: unique([split.head, word, ...variantsOf(split.head, locale)]), modifier: false });
    terms.push({ word: split.modifier, alternatives: [split.modifier], modifier: true });
  }
  return terms;
}

const unique = (words: string[]) => [...new Set(words)];
