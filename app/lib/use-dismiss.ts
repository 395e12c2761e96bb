import { type RefObject, useEffect } from "react";

/**
 * Closes a popover (the language switcher, the mini cart) the way people expect: a press or
 * focus outside `wrapper` closes it; Escape closes it and, when focus was inside, gives the
 * focus back to the `button` that opened it.
 */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  wrapper: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => !wrapper.current?.contains(event.target as Node);
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const inside = wrapper.current?.contains(document.activeElement);
      setOpen(false);
      if (inside) button.current?.focus();
    };
    // Focus moving on past the popover (Tab out of it) closes it too.
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, setOpen, wrapper, button]);
}
