import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { frameContext, shopContext } from "./context.ts";
import { StaticHtmlRendererContext } from "./components/ui/static-html.tsx";
import { RenderedFrame } from "./lib/frame.ts";
import { readHandoff, renderWhole, withHandoff } from "./lib/render-document.server.tsx";
import { renderStaticHtml } from "./lib/static-html.server.ts";
import { redactError } from "../server/http/redact.ts";
import { STYLE_HASHES_HEADER, styleAttributeHashes } from "../server/http/csp.ts";
import { scriptsAfterLoad } from "../server/http/scripts-after-load.ts";

// The server entry hands the shop's services to React Router through this context key;
// exporting it here makes the server use the bundle's own copy of it.
export { shopContext } from "./context.ts";
// How many pages each renderer drew (decision 0059): the build's tests read them.
export { renderCounts } from "./lib/render-document.server.tsx";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The render's nonce (decision 0029): React Router's inline scripts carry it.
  const nonce = loadContext.get(shopContext).nonce;
  // The frame the page is rendered with; its HTML names the frame's address instead of carrying it (decision 0053).
  const frame = loadContext.get(frameContext);
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const tree = (
    <RenderedFrame value={frame}>
      <StaticHtmlRendererContext value={renderStaticHtml}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StaticHtmlRendererContext>
    </RenderedFrame>
  );
  // Nothing in a page waits once React Router's data is read whole, so the page is drawn to one
  // string; what suspends or fails is drawn again by the streaming renderer (decision 0059).
  const data = await readHandoff(routerContext);
  // The document is whole, so it is answered whole: one string rewritten once and written to the
  // socket in one go (decision 0056).
  const answer = (html: string) => {
    headers.set("Content-Type", "text/html; charset=utf-8");
    // Bytes, not the string: a string body is checked character by character as a USVString
    // when React Router's handler looks at the response.
    const document = scriptsAfterLoad(withHandoff(html, data, routerContext, nonce));
    // The page's Content-Security-Policy admits its style attributes by their hashes (server/http/pages.ts).
    headers.set(STYLE_HASHES_HEADER, styleAttributeHashes(document).join(" "));
    return new Response(Buffer.from(document), { headers, status });
  };
  const whole = renderWhole(tree);
  if (whole !== null) return answer(whole);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough();
        pipe(body);
        text(body).then((html) => {
          clearTimeout(timeoutId);
          resolve(answer(html));
        }, reject);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) loadContext.get(shopContext).logError(redactError(error));
      },
    });
  });
}

/**
 * Errors of loaders, actions and renders, into the shop's structured log (the load context's
 * logError), with no key of the shop's in them (cart ids, tokens; server/http/redact.ts, decision 0035). A client's
 * mistake React Router already answered with a 4xx (a POST to a page without an action is its
 * 405) is not the shop's error: no stack trace for it (decision 0033).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // An error response carries the error it stands for, if any (React Router's own field).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  context.get(shopContext).logError(redactError(inner ?? error));
};
