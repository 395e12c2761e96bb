// The login modal (spec §2): a modal <dialog> over the page (focus kept inside, Escape closes
// it and gives focus back), opened by the header's login link for a guest with JavaScript, or
// at mount when a show-login value was stored (then cleared), or by a guest's wishlist heart
// (the product is kept once logged in). Without JavaScript the link goes to /account/login instead.
// The form's code is loaded at the first opening (most visitors never log in on a page): the
// dialog shows once it is there, with the focus in the email field.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n.ts";
import {
  closeLoginModal,
  loginReturnPath,
  openLoginModal,
  registerLoginModal,
  takeStoredShowLogin,
  useLoginModal,
} from "../../lib/login-modal.ts";
import { CloseIcon, UserIcon } from "../ui/icons.tsx";

type LoginFormComponent = typeof import("./login-form.tsx").LoginForm;
let loaded: LoginFormComponent | undefined;
/** The form's code, fetched once (a failed fetch is the chunk-reload handler's: entry.client.tsx). */
const loadLoginForm = () =>
  import("./login-form.tsx").then((module) => {
    loaded = module.LoginForm;
    return module.LoginForm;
  });

export function LoginModal() {
  const t = useT();
  const { open, wishlist } = useLoginModal();
  const [LoginForm, setLoginForm] = useState<LoginFormComponent | undefined>(() => loaded);
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    const unregister = registerLoginModal();
    if (takeStoredShowLogin()) openLoginModal();
    return unregister;
  }, []);

  useEffect(() => {
    if (open && !LoginForm) {
      loadLoginForm().then((component) => setLoginForm(() => component));
      return;
    }
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // The close button comes first in the dialog; the shopper came to type their email.
      element.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, LoginForm]);

  // Leaving the layout (a link to the checkout) leaves no modal open for the next page.
  useEffect(() => closeLoginModal, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="login-modal-title"
      onClose={closeLoginModal}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open && LoginForm ? (
        <div className="px-5 pt-4 pb-6 sm:px-8">
          <div className="flex items-center justify-between">
            <h2 id="login-modal-title" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
              <UserIcon size={22} className="text-accent" />
              {t("shell.login.title")}
            </h2>
            <button
              type="button"
              onClick={closeLoginModal}
              aria-label={t("shell.login.close")}
              className="-mr-2 flex h-11 w-11 items-center justify-center rounded-full hover:bg-mist"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="mt-5">
            {wishlist ? (
              <p role="status" className="mb-4 rounded bg-mist p-3 text-sm">
                {t("wishlist.loginNotice")}
              </p>
            ) : null}
            <LoginForm redirectTo={loginReturnPath(pathname, search)} wishlist={wishlist} onNavigate={closeLoginModal} />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
