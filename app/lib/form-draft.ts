// A form's draft in the browser's session storage: what the shopper has typed into a form
// that is not saved yet survives a reload of the tab (checkout step 1). The draft belongs to
// one tab and one key (the caller names it, e.g. by cart), is written on every change and
// put back into the form once the page has hydrated; the caller drops it when the form's
// step is saved. Without JavaScript, or without session storage, nothing happens.
import { type RefObject, useEffect } from "react";

const PREFIX = "kauppa:draft:";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The fields a draft keeps: what the shopper fills in, not the form's hidden ones, passwords or files. */
function draftFields(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(
    (el): el is Field =>
      (el instanceof HTMLInputElement && !["hidden", "password", "file", "submit", "button"].includes(el.type) && el.name !== "") ||
      ((el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) && el.name !== ""),
  );
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the form simply has no draft.
    return null;
  }
}

/** The values of the form's fields: text by name, and for radios and checkboxes the checked one(s). */
export function readDraft(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of draftFields(form)) {
    if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox")) {
      if (field.checked) values[field.name] = field.value;
    } else values[field.name] = field.value;
  }
  return values;
}

/** Puts a draft's values back into the form's fields (a field the draft does not name stays as it is). */
export function applyDraft(form: HTMLFormElement, values: Record<string, string>) {
  for (const field of draftFields(form)) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox")) field.checked = field.value === value;
    else field.value = value;
  }
}

export function loadDraft(key: string): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(PREFIX + key) ?? "null");
    if (!parsed || typeof parsed !== "object") return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return null;
  }
}

export function clearDraft(key: string) {
  storage()?.removeItem(PREFIX + key);
}

/**
 * Keeps the form's draft under `key` while `active`: restores it once, then saves every change.
 * When `active` turns false (the step was saved), the draft is dropped.
 */
export function useFormDraft(form: RefObject<HTMLFormElement | null>, key: string, active = true) {
  useEffect(() => {
    const element = form.current;
    if (!active) {
      clearDraft(key);
      return;
    }
    if (!element) return;
    const draft = loadDraft(key);
    if (draft) applyDraft(element, draft);
    const save = () => {
      try {
        storage()?.setItem(PREFIX + key, JSON.stringify(readDraft(element)));
      } catch {
        // Storage full or blocked: the draft is a convenience, the form works without it.
      }
    };
    element.addEventListener("input", save);
    element.addEventListener("change", save);
    return () => {
      element.removeEventListener("input", save);
      element.removeEventListener("change", save);
    };
  }, [form, key, active]);
}
