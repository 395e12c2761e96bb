// registrationPopup (spec §4, §6, §9): an invitation to create an account, as a modal <dialog>
// 1070 px wide and 80 % high (its mobile picture below 992 px). Only when login is enabled, the
// shopper is logged out, the page is not the registration page and the entry has a title; it
// opens `popupDelay` seconds after the page loads (or after the consent choice, when the banner
// asks for one) unless `registration_popup_shown` holds this id and revision. Closing (button,
// Escape, the backdrop) stores them and gives focus back. The frame's pop-up comes without its
// text and pictures (`contentHref`, decision 0049): they are fetched when the delay ends, and it
// opens once they are here (not at all, on this page, if they cannot be had). Inside, spec §2's two
// steps: the registration form (app/components/account/registration-form.tsx), then its final step.
import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher, useLocation } from "react-router";
import type { RegistrationPopupBlock } from "../../../../lib/cms-types.ts";
import { CONSENT_CHOSEN_ATTRIBUTE } from "../../../../lib/consent-mode.ts";
import { useT } from "../../../lib/i18n.ts";
import { RegistrationDone, type RegistrationReply, RegistrationForm } from "../../account/registration-form.tsx";
import { useSession } from "../../header/use-session.ts";
import { CloseIcon } from "../../ui/icons.tsx";
import { blockRoot } from "../block-root.ts";
import { useBlockRendering } from "../context.ts";
import { CmsPicture } from "../image.tsx";
import { RichText } from "../rich-text.tsx";
import { isSeen, REGISTRATION_POPUP_SHOWN, readSeen, writeSeen } from "../seen.ts";
import { useRootData } from "../../../lib/frame.ts";

export const REGISTRATION_PATH = "/account/register";

/** Spec §4: whether this pop-up may appear at all on this page for this shopper. */
export function registrationPopupAllowed(input: { loginEnabled: boolean; loggedIn: boolean; pathname: string; title: string }): boolean {
  return input.loginEnabled && !input.loggedIn && input.pathname.replace(/\/+$/, "") !== REGISTRATION_PATH && input.title.trim() !== "";
}

export function RegistrationPopup({ block }: { block: RegistrationPopupBlock }) {
  const t = useT();
  const heading = useId();
  const root = useRootData();
  const rendering = useBlockRendering();
  const session = useSession();
  const { pathname } = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const registration = useFetcher<RegistrationReply>();
  const returnFocus = useRef<HTMLElement | null>(null);
  // Its picture comes when it opens: a closed dialog's eager image would be fetched with the page, beside the page's own pictures.
  const [opened, setOpened] = useState(false);
  // The whole entry, once fetched (the frame's pop-up); a block in a page's content has it already.
  const [loaded, setLoaded] = useState<RegistrationPopupBlock | null>(null);
  const allowed = registrationPopupAllowed({
    loginEnabled: root?.loginEnabled ?? true,
    loggedIn: session.loggedIn || (rendering?.visibility.loggedIn ?? false),
    pathname,
    title: block.title,
  });

  const consentChosen = root?.consentChosen ?? false;
  useEffect(() => {
    // A modal over the unanswered consent banner would hide the choice the shopper must make
    // first: the delay starts once they have chosen (in this page, the head script's mark).
    const chosen = consentChosen || document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE);
    if (!allowed || !chosen || isSeen(readSeen(REGISTRATION_POPUP_SHOWN), block)) return;
    const controller = new AbortController();
    const open = (whole: RegistrationPopupBlock | null) => {
      const element = dialog.current;
      if (!element || element.open || controller.signal.aborted) return;
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      flushSync(() => {
        setLoaded(whole);
        setOpened(true);
      });
      element.showModal();
    };
    const timer = window.setTimeout(() => {
      if (!block.contentHref) return open(null);
      fetch(block.contentHref, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<RegistrationPopupBlock>) : null))
        // A newer revision of the same entry is shown (and remembered) as it is now.
        .then((whole) => (whole && whole.id === block.id ? open(whole) : undefined))
        .catch(() => {});
    }, Math.max(0, block.popupDelay) * 1000);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [allowed, block, consentChosen]);

  if (!allowed) return null;
  const close = () => dialog.current?.close();
  const shown = loaded ?? block;
  const image = shown.image ?? shown.mobileImage;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the dialog's own Escape is the keyboard's way out
    <dialog
      ref={dialog}
      aria-labelledby={heading}
      onClose={() => {
        writeSeen(REGISTRATION_POPUP_SHOWN, { id: shown.id, revision: shown.revision });
        returnFocus.current?.focus();
      }}
      // A press on the backdrop (outside the box) closes it; from the keyboard, Escape does.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      {...blockRoot(
        block,
        "m-auto h-[80%] max-h-none w-[calc(100%-2rem)] max-w-[1070px] overflow-hidden rounded-lg bg-white p-0 text-ink shadow-xl backdrop:bg-black/50",
      )}
    >
      <div className="flex h-full flex-col md:grid md:grid-cols-2">
        {image ? (
          <div className="relative h-48 shrink-0 md:h-full">
            {opened ? (
              <CmsPicture
                image={image}
                mobileImage={shown.image && shown.mobileImage ? shown.mobileImage : null}
                width={535}
                sizes="(min-width: 992px) 535px, 100vw"
                eager
                className="absolute inset-0 h-full w-full object-cover"
              />
            ) : null}
          </div>
        ) : null}
        <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-6 md:p-10">
          <div className="flex items-start justify-between gap-4">
            <h2 id={heading} className="text-2xl font-semibold tracking-tight md:text-3xl">
              {shown.title}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label={t("cms.popup.close")}
              className="-mt-2 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-mist"
            >
              <CloseIcon />
            </button>
          </div>
          {registration.data?.done ? (
            <div>
              <h3 className="mb-3 text-xl font-semibold">{t("account.register.doneTitle")}</h3>
              <RegistrationDone />
            </div>
          ) : (
            <>
              <RichText document={shown.content} />
              {/* Spec §2: the pop-up's two steps, the registration form and then its final step. */}
              {opened ? (
                <RegistrationForm
                  Form={registration.Form}
                  idPrefix={`popup-${block.id}`}
                  reply={registration.data}
                  hidden={{ reply: "data" }}
                />
              ) : null}
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
