// The check against bots inside a form (docs/decisions/0019): the ALTCHA widget, or reCAPTCHA
// when the shop is configured for it. Its answer goes with the form as `captcha`. Nothing is
// rendered on the server or without JavaScript (nothing could be solved): the server then
// applies its strict per-address limit. The widget does its proof of work when the form is
// sent (showing its progress meanwhile) and then sends it; an answer counts once, so after
// every submission of the page the widget starts again. The widget's script (27 KB, and 30–40 ms
// of a page's main thread) is loaded when its form comes near the screen or is focused, not
// with every page: most pages' only form is the footer's newsletter sign-up (issue 16).
import type {} from "altcha/types/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useRootData } from "../../lib/frame.ts";

let altchaLoaded: Promise<void> | undefined;
/**
 * The widget's script (without its own inline workers, so the page's CSP holds), its PBKDF2
 * worker, texts and styles: the styles too only with the widget, so that no page waits for them
 * before it is first drawn.
 */
function loadAltcha(): Promise<void> {
  altchaLoaded ??= (async () => {
    await import("altcha/external");
    const [{ default: Pbkdf2Worker }] = await Promise.all([
      import("altcha/workers/pbkdf2?worker"),
      import("altcha/altcha.css"),
      import("altcha/i18n/en"),
      import("altcha/i18n/fi"),
    ]);
    globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
  })();
  altchaLoaded.catch(() => {
    altchaLoaded = undefined;
  });
  return altchaLoaded;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; "expired-callback": () => void }): number;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let recaptchaLoaded: Promise<Grecaptcha> | undefined;
function loadRecaptcha(version: 2 | 3, siteKey: string): Promise<Grecaptcha> {
  recaptchaLoaded ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${version === 3 ? encodeURIComponent(siteKey) : "explicit"}`;
    script.async = true;
    script.onload = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha as Grecaptcha));
    script.onerror = reject;
    document.head.append(script);
  });
  return recaptchaLoaded;
}

/** A v3 token lasts two minutes: a fresh one well before that. */
const RECAPTCHA_V3_REFRESH_MS = 90_000;

function Recaptcha({ version, siteKey }: { version: 2 | 3; siteKey: string }) {
  const [token, setToken] = useState("");
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let gone = false;
    loadRecaptcha(version, siteKey).then((grecaptcha) => {
      if (gone) return;
      if (version === 2 && box.current && box.current.childElementCount === 0) {
        grecaptcha.render(box.current, { sitekey: siteKey, callback: setToken, "expired-callback": () => setToken("") });
        return;
      }
      const refresh = () => grecaptcha.execute(siteKey, { action: "submit" }).then((t) => !gone && setToken(t));
      refresh();
      timer = setInterval(refresh, RECAPTCHA_V3_REFRESH_MS);
    });
    return () => {
      gone = true;
      clearInterval(timer);
    };
  }, [version, siteKey]);
  return (
    <>
      {version === 2 ? <div ref={box} /> : null}
      <input type="hidden" name="captcha" value={token} />
    </>
  );
}

/** The widget's attribution line is left out; its checkbox and label stay. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true });

/**
 * The widget's height (its checkbox row, the same at every width). Its place is kept from
 * hydration on: a form reached faster than the widget loads (a jump to the footer) moved
 * everything below it by this much under the shopper's finger.
 */
const WIDGET_HEIGHT = "h-[46px]";

/** How far below the screen a form's widget starts loading, so that it is there when the form is reached. */
const WIDGET_MARGIN = "400px";

/** A submission made before the widget arrived, sent again once it is there. */
interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/**
 * True once the form around `anchor` is within reach: near the screen, or focused (a keyboard
 * user tabbing into it). A form sent before its widget has arrived (a shopper quicker than the
 * widget's script) is held in `held` until the widget can solve it: sent on, it would go without
 * an answer and spend the address's one turn without the check.
 */
function useFormInReach(anchor: React.RefObject<HTMLElement | null>, watch: boolean, held: React.RefObject<HeldSubmit | null>): boolean {
  const [inReach, setInReach] = useState(false);
  useEffect(() => {
    const form = anchor.current?.closest("form");
    const target = form ?? anchor.current;
    if (!watch || !target) return;
    const reached = () => setInReach(true);
    const hold = (event: SubmitEvent) => {
      // Once the widget is there, it takes the submission itself.
      if (!form || form.querySelector("altcha-widget")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.current = { form, submitter: event.submitter };
      reached();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reached(), {
      rootMargin: WIDGET_MARGIN,
    });
    observer.observe(target);
    target.addEventListener("focusin", reached);
    form?.addEventListener("submit", hold, { capture: true });
    return () => {
      observer.disconnect();
      target.removeEventListener("focusin", reached);
      form?.removeEventListener("submit", hold, { capture: true });
    };
  }, [anchor, watch, held]);
  return inReach;
}

/** Sends a held submission again: through the widget once it is there, or without it if its script could not load. */
function release(held: React.RefObject<HeldSubmit | null>) {
  const submission = held.current;
  held.current = null;
  submission?.form.requestSubmit(submission.submitter);
}

export function CaptchaField() {
  const root = useRootData();
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const captcha = root?.captcha;
  const widget = useRef<HTMLElement & { reset?: () => void }>(null);
  // A submitted answer is spent (the server refuses it again): a refused form needs a new one.
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      widget.current?.reset?.();
    }
  }, [navigation.state]);
  const held = useRef<HeldSubmit | null>(null);
  const [failed, setFailed] = useState(false);
  const inReach = useFormInReach(anchor, captcha?.provider === "altcha" && !ready && !failed, held);
  useEffect(() => {
    if (captcha?.provider !== "altcha" || !inReach) return;
    let gone = false;
    loadAltcha().then(
      () => !gone && setReady(true),
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
    };
  }, [captcha?.provider, inReach]);
  // The script that could not load leaves the form as it is without scripts (the server's strict limit).
  useEffect(() => {
    if (failed) release(held);
  }, [failed]);
  // The widget's `load` comes once it listens to its form (a ref callback is set before it mounts).
  const widgetRef = useCallback((element: (HTMLElement & { reset?: () => void }) | null) => {
    widget.current = element;
    element?.addEventListener("load", () => release(held), { once: true });
  }, []);
  if (!captcha) return null;
  if (captcha.provider === "recaptcha") return <Recaptcha version={captcha.version} siteKey={captcha.siteKey} />;
  // Without scripts no widget comes, and nothing is kept for it.
  if (!ready) return <span ref={anchor} aria-hidden="true" className={hydrated ? `block ${WIDGET_HEIGHT}` : "hidden"} />;
  return (
    <altcha-widget
      ref={widgetRef}
      challenge={captcha.challengeUrl}
      name="captcha"
      auto="onsubmit"
      language={root?.locale ?? "en"}
      configuration={WIDGET_CONFIGURATION}
    />
  );
}
