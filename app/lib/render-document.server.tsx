// A page rendered to one string (issue 16, decision 0059). Every page waits for all its data
// (nothing is deferred), so nothing in the render needs to wait: the only thing that did was
// React Router's data hand-off, which reads its stream chunk by chunk inside a Suspense boundary.
// Reading that stream whole first lets React's string renderer draw the page in one pass: no
// byte encoding of each of the page's thousands of pieces (`writeChunk`, the largest single item
// of a fresh render's profile), no stream, and no decoding again to rewrite the document. The
// data then goes into the page as one script the shop writes (single-quoted, decision 0055).
//
// The string renderer cannot wait: a part that suspends (a lazy module's first load) or fails
// inside a boundary is drawn as its fallback. Such a page is drawn again by the streaming
// renderer, which waits and reports as before.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { singleQuotedLiteral } from "../../server/http/single-quoted-data.ts";

/** React Router's script that ends the hand-off; the data's script goes before it. */
const HANDOFF_END = "window.__reactRouterContext.streamController.close();</script>";
const SCRIPT_OPEN = "<script";
/** What React writes for a boundary it gave up on (client-rendered). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * Reads React Router's data hand-off whole and returns it, leaving an empty one where its
 * `StreamTransfer` looks first (its render cache), so that the render never suspends and writes
 * only the hand-off's end. Null when there is none to read (React Router then writes it itself).
 */
export async function readHandoff(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return null;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let value = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    value += decoder.decode(chunk.value, { stream: true });
  }
  value += decoder.decode();
  // `ServerRouter` takes a reader of its own; a closed stream gives one that is never read.
  reader.releaseLock();
  context.renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value: "" } }) };
  return value;
}

/**
 * The page as one string, or null when the string renderer could not draw it whole (something
 * suspended or failed inside a boundary): the caller then renders it streaming.
 */
export function renderWhole(tree: ReactNode): string | null {
  let html: string;
  try {
    html = renderToString(tree);
  } catch {
    return null;
  }
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  // The streaming renderer writes the doctype for a document's `<html>`; the string one does not.
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}

/**
 * The document with the hand-off's data as a script before the hand-off's end. A document
 * without that end (an error page drawn without the scripts) hydrates nothing and gets no data.
 */
export function withHandoff(html: string, data: string | null, nonce: string): string {
  if (data === null) return html;
  const end = html.lastIndexOf(HANDOFF_END);
  const at = end === -1 ? -1 : html.lastIndexOf(SCRIPT_OPEN, end);
  if (at === -1) return html;
  const script = `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${singleQuotedLiteral(data)});</script>`;
  return html.slice(0, at) + script + html.slice(at);
}
