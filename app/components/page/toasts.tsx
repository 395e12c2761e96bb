// The toast area (spec §8, §9; store in lib/toasts.ts). Two live regions — polite for info
// and success, assertive for errors — present from the first render so screen readers
// announce what is added. Each toast has a labelled close button; hovering or focusing a
// toast pauses the timers. Mounting flushes the toasts queued before it existed (spec §4).
// They sit at the bottom of the window, so they never cover the header or the mini cart.
import { useEffect, useSyncExternalStore } from "react";
import { useT } from "../../lib/i18n.ts";
import { type Toast, type ToastMessage, type ToastStore, toast as shopToast } from "../../lib/toasts.ts";

declare global {
  interface Window {
    /** Test and support hook: `window.__kauppaToast.show({ message: "Hi", kind: "success" })`. */
    __kauppaToast?: ToastStore;
  }
}

const KIND_STYLE = {
  info: "border-l-ink",
  success: "border-l-accent",
  error: "border-l-sale",
} as const;

function KindIcon({ kind }: { kind: Toast["kind"] }) {
  const common = {
    width: 20,
    height: 20,
    viewBox: "0 0 24 24",
    fill: "none",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
  if (kind === "success")
    return (
      <svg aria-hidden="true" {...common} stroke="currentColor" className="mt-0.5 shrink-0 text-accent">
        <circle cx="12" cy="12" r="10" />
        <path d="m8 12 3 3 5-6" />
      </svg>
    );
  if (kind === "error")
    return (
      <svg aria-hidden="true" {...common} stroke="currentColor" className="mt-0.5 shrink-0 text-sale">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
    );
  return (
    <svg aria-hidden="true" {...common} stroke="currentColor" className="mt-0.5 shrink-0 text-ink">
      <circle cx="12" cy="12" r="10" />
      <path d="M12 11v6M12 7.5V7" />
    </svg>
  );
}

function useMessageText() {
  const t = useT();
  return (message: ToastMessage) => (typeof message === "string" ? message : t(message.key, message.values));
}

function ToastItem({ toast, store }: { toast: Toast; store: ToastStore }) {
  const t = useT();
  const text = useMessageText();
  return (
    <div
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-md border border-line border-l-4 bg-white p-3 pr-2 text-sm text-ink shadow-lg ${KIND_STYLE[toast.kind]}`}
    >
      <KindIcon kind={toast.kind} />
      <p className="min-w-0 flex-1 py-0.5 wrap-break-word">{text(toast.message)}</p>
      <button
        type="button"
        onClick={() => {
          store.dismiss(toast.id);
          // The pointer or focus may never "leave" a removed toast: let the others count down again.
          store.resume();
        }}
        aria-label={t("page.closeNotification")}
        className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-mist hover:text-ink"
      >
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}

export function ToastArea({ store = shopToast }: { store?: ToastStore }) {
  const t = useT();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);

  useEffect(() => {
    const unmount = store.mount();
    window.__kauppaToast = store;
    return () => {
      unmount();
      store.resume();
    };
  }, [store]);

  const errors = toasts.filter((toast) => toast.kind === "error");
  const others = toasts.filter((toast) => toast.kind !== "error");
  return (
    // A labelled region, always there like the live regions in it (as Radix's toast viewport).
    <section
      aria-label={t("page.notifications")}
      // At the bottom, beside the back-to-top button: the header, its cart badge and the mini cart
      // that opens under it stay in sight.
      className="toast-region"
      onMouseEnter={store.pause}
      onMouseLeave={store.resume}
      onFocus={store.pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume();
      }}
    >
      <div aria-live="assertive" aria-atomic="false" className="flex flex-col gap-2">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} store={store} />
        ))}
      </div>
      <div aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} store={store} />
        ))}
      </div>
    </section>
  );
}
