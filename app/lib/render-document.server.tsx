// A page rendered to one string (issue 16, decision 0059). Every page waits for all its data
// (nothing is deferred), so nothing in the render needs to wait: the only thing that did was
// React Router's data hand-off, which its `ServerRouter` writes from a stream read chunk by chunk
// inside a Suspense boundary. The entry reads that stream whole first and takes it out of the
// render's context, so React's string renderer can draw the page in one pass: no byte encoding of
// each of the page's thousands of pieces (`writeChunk`, the largest single item of a fresh
// render's profile), no stream, and no decoding again to rewrite the document. The data then goes
// into the page as the two scripts React Router would have written, the data single-quoted
// (decision 0055).
//
// The string renderer cannot wait: a part that suspends (a lazy module's first load) or fails
// inside a boundary is drawn as its fallback. Such a page is drawn again by the streaming
// renderer, which waits and reports as before.
import { text } from "node:stream/consumers";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { singleQuotedLiteral } from "../../server/http/single-quoted-data.ts";

const BODY_END = "</body>";
/** What React writes for a boundary it gave up on (client-rendered). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * Pages drawn by each renderer since the start. The server entry exports them, so that the tests
 * of the real build see every ordinary page drawn whole: a page in which something came to wait
 * (a new version of React Router, a lazy part) is drawn twice, correct but slower.
 */
export const renderCounts = { whole: 0, streamed: 0 };

/**
 * Reads React Router's data hand-off whole and takes it out of the render's context, so that
 * `ServerRouter` writes nothing of it and never suspends; null when there is none.
 */
export async function readHandoff(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  if (!stream) return null;
  context.serverHandoffStream = undefined;
  return text(stream);
}

/**
 * The page as one string, or null when the string renderer could not draw it whole (something
 * suspended or failed inside a boundary): the caller then renders it streaming.
 */
export function renderWhole(tree: ReactNode): string | null {
  let html: string | null;
  try {
    html = renderToString(tree);
  } catch {
    html = null;
  }
  if (html === null || html.includes(CLIENT_RENDERED_BOUNDARY)) {
    renderCounts.streamed++;
    return null;
  }
  renderCounts.whole++;
  // The streaming renderer writes the doctype for a document's `<html>`; the string one does not.
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}

/**
 * The document with the hand-off's two scripts at the end of its body, as React Router writes
 * them: the data into the stream its `<Scripts>` opened in the browser, then the stream's end.
 * A document drawn without `<Scripts>` (an error page without them) hydrates nothing and gets
 * neither.
 */
export function withHandoff(html: string, data: string | null, context: EntryContext, nonce: string): string {
  if (data === null || !context.renderMeta?.didRenderScripts) return html;
  const end = html.lastIndexOf(BODY_END);
  const at = end === -1 ? html.length : end;
  const stream = "window.__reactRouterContext.streamController";
  const scripts = `<script nonce="${nonce}">${stream}.enqueue(${singleQuotedLiteral(data)});</script><script nonce="${nonce}">${stream}.close();</script>`;
  return html.slice(0, at) + scripts + html.slice(at);
}
