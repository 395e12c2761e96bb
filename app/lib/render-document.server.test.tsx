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

  it("is read whole, a letter cut between chunks included, and taken out of the render's context", async () => {
    const bytes = new TextEncoder().encode(data);
    const cut = bytes.indexOf(0xc3) + 1; // inside "ä"
    const context = contextWith([bytes.slice(0, 10), bytes.slice(10, cut), bytes.slice(cut)]);
    expect(await readHandoff(context)).toBe(data);
    // React Router's ServerRouter writes no hand-off of its own, and waits for none.
    expect(context.serverHandoffStream).toBeUndefined();
    expect(await readHandoff(context)).toBeNull();
  });

  it("goes into the page at the end of its body, single-quoted, then the stream's end, with the nonce", () => {
    const page = "<!DOCTYPE html><html><body><p>x</p><script>bootstrap()</script></body></html>";
    const context = { renderMeta: { didRenderScripts: true } } as unknown as EntryContext;
    const out = withHandoff(page, data, context, "n0");
    const scripts =
      /<script nonce="n0">window\.__reactRouterContext\.streamController\.enqueue\(('(?:[^'\\]|\\.)*')\);<\/script><script nonce="n0">window\.__reactRouterContext\.streamController\.close\(\);<\/script>/.exec(
        out,
      );
    expect(literalValue(scripts?.[1] ?? "")).toBe(data);
    expect(out).toBe(page.replace("</body>", `${scripts?.[0]}</body>`));
    // A page drawn without React Router's scripts, and a page without data, stay as they are.
    const withoutScripts = { renderMeta: {} } as unknown as EntryContext;
    expect(withHandoff(page, data, withoutScripts, "n0")).toBe(page);
    expect(withHandoff(page, null, context, "n0")).toBe(page);
  });
});
