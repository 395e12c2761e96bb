// A page drawn to one string when nothing in it waits (decision 0059), and given back to the
// streaming renderer when something does or fails; React Router's data read whole before it.
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { lazy, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { readHandoff, renderWhole, withHandoff } from "./render-document.server.tsx";

const literalValue = (literal: string) => new Function(`return ${literal};`)() as string;

function streamed(tree: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree, {
      onAllReady() {
        const body = new PassThrough();
        pipe(body);
        text(body).then(resolve, reject);
      },
      onShellError: reject,
    });
  });
}

function Document({ children }: { children: React.ReactNode }) {
  return (
    <html lang="fi">
      <head>
        <title>Sadetakki</title>
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}

function Broken(): React.ReactNode {
  throw new Error("no price");
}

describe("a page drawn whole", () => {
  it("is the document the streaming renderer draws, doctype included", async () => {
    const tree = (
      <Document>
        <p>
          Hinta {"89,90 €"} <a href="/c/naiset?sort=price&amp;x=1">Naiset</a>
        </p>
      </Document>
    );
    const whole = renderWhole(tree);
    expect(whole).toMatch(/^<!DOCTYPE html><html lang="fi">/);
    expect(whole).toBe(await streamed(tree));
  });

  it("gives way while a part waits for its module, and is whole once it has it", async () => {
    let loaded!: () => void;
    const module = new Promise<{ default: () => React.ReactNode }>((resolve) => {
      loaded = () => resolve({ default: () => <aside>Kampanja</aside> });
    });
    const Block = lazy(() => module);
    const tree = (
      <Document>
        <Suspense fallback={null}>
          <Block />
        </Suspense>
      </Document>
    );
    expect(renderWhole(tree)).toBeNull();
    loaded();
    await module;
    expect(renderWhole(tree)).toContain("<aside>Kampanja</aside>");
  });

  it("gives way when a part fails, inside a boundary or not", () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(
        renderWhole(
          <Document>
            <Suspense fallback={null}>
              <Broken />
            </Suspense>
          </Document>,
        ),
      ).toBeNull();
      expect(
        renderWhole(
          <Document>
            <Broken />
          </Document>,
        ),
      ).toBeNull();
    } finally {
      console.error = quiet;
    }
  });
});

describe("React Router's data, read before the render", () => {
  const data = '[{"_1":2},"loaderData",{"name":"Lasten \\"Nietos\\" sadetakki","text":"Kids\' </script> ä"}]\n';

  function contextWith(chunks: Uint8Array[]) {
    const serverHandoffStream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    return { serverHandoffStream, renderMeta: {} } as unknown as EntryContext;
  }

  it("is read whole, a letter cut between chunks included, and leaves the stream to a reader of its own", async () => {
    const bytes = new TextEncoder().encode(data);
    const cut = bytes.indexOf(0xc3) + 1; // inside "ä"
    const context = contextWith([bytes.slice(0, 10), bytes.slice(10, cut), bytes.slice(cut)]);
    expect(await readHandoff(context)).toBe(data);
    // What React Router's StreamTransfer finds: done, nothing more to write but the end.
    expect(context.renderMeta?.streamCache?.[0]?.result).toEqual({ done: true, value: "" });
    expect((await context.serverHandoffStream?.getReader().read())?.done).toBe(true);
  });

  it("is nothing to read without a stream", async () => {
    expect(await readHandoff({ renderMeta: {} } as unknown as EntryContext)).toBeNull();
  });

  it("goes into the page before the hand-off's end, single-quoted, with the nonce", () => {
    const end = '<script nonce="n0">window.__reactRouterContext.streamController.close();</script>';
    const page = `<!DOCTYPE html><html><body><p>x</p>${end}</body></html>`;
    const out = withHandoff(page, data, "n0");
    const script = /<script nonce="n0">window\.__reactRouterContext\.streamController\.enqueue\(('(?:[^'\\]|\\.)*')\);<\/script>/.exec(out);
    expect(literalValue(script?.[1] ?? "")).toBe(data);
    expect(out).toBe(page.replace(end, `${script?.[0]}${end}`));
    // A page without the scripts (no hand-off's end) and a page without data stay as they are.
    expect(withHandoff("<html><body></body></html>", data, "n0")).toBe("<html><body></body></html>");
    expect(withHandoff(page, null, "n0")).toBe(page);
  });
});
