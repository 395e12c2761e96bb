// "Did you mean" (issue 37, decision 0076): a word that finds nothing is replaced by the word of
// the store's vocabulary (the words of its product names and the product types their compounds
// end with) closest to it in edits: a letter added, dropped, changed, or two swapped ("jakcet",
// "rian"). A typed compound whose type is misspelt keeps its first part ("tunturihosut" →
// "tunturihousut"). The suggestion is a query, never a product's name.

export interface VocabularyWord {
  word: string;
  /** Documents the word is in: of two as close, the commoner wins. */
  documents: number;
}

/** Edits between two words (optimal string alignment: a swap of neighbours is one edit). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return d[a.length]?.[b.length] ?? Number.POSITIVE_INFINITY;
}

/** The edits a word of this length may be away: one up to five letters, two from six. */
export const allowedEdits = (length: number) => (length < 4 ? 0 : length < 6 ? 1 : 2);

/** The vocabulary's word closest to `word` within its allowed edits, or null. */
export function closestWord(word: string, vocabulary: readonly VocabularyWord[]): string | null {
  const allowed = allowedEdits(word.length);
  if (allowed === 0) return null;
  let best: { word: string; distance: number; documents: number } | null = null;
  for (const entry of vocabulary) {
    if (Math.abs(entry.word.length - word.length) > allowed || entry.word === word) continue;
    const distance = editDistance(word, entry.word);
    if (distance > allowed) continue;
    if (!best || distance < best.distance || (distance === best.distance && entry.documents > best.documents))
      best = { word: entry.word, distance, documents: entry.documents };
  }
  if (best) return best.word;
  // A compound whose last part is misspelt: its first part kept, the part corrected.
  for (let cut = 3; cut <= word.length - 4; cut++) {
    const tail = closestWordWithin(word.slice(cut), vocabulary, 1);
    if (tail && tail !== word.slice(cut)) return word.slice(0, cut) + tail;
  }
  return null;
}

function closestWordWithin(word: string, vocabulary: readonly VocabularyWord[], allowed: number): string | null {
  let best: VocabularyWord | null = null;
  for (const entry of vocabulary) {
    if (entry.word.length < 4 || Math.abs(entry.word.length - word.length) > allowed) continue;
    if (editDistance(word, entry.word) > allowed) continue;
    if (!best || entry.documents > best.documents) best = entry;
  }
  return best?.word ?? null;
}
