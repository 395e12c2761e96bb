// video: a YouTube or Vimeo video behind a click-to-load facade (the poster and a play link; no
// request to the video service before the click, so no third-party cookies or scripts on a
// page nobody played), or the shop's own video file in a <video> element with its controls.
import { useId, useState } from "react";
import type { VideoBlock as VideoBlockData } from "../../../../lib/cms-types.ts";
import { useT } from "../../../lib/i18n.ts";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { BlockTitle } from "../parts.tsx";

export type VideoSource = { kind: "youtube" | "vimeo"; id: string; embed: string; host: string } | { kind: "file"; src: string };

/** What a video URL is: a YouTube or Vimeo page (with its player's address), or a file. */
export function videoSource(url: string): VideoSource {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url, "https://invalid.local");
  } catch {
    return { kind: "file", src: url };
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  let youtube: string | null = null;
  if (host === "youtu.be") youtube = parsed.pathname.slice(1).split("/")[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    youtube = parsed.searchParams.get("v") ?? parsed.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
  }
  if (youtube && /^[\w-]{6,20}$/.test(youtube)) {
    return { kind: "youtube", id: youtube, embed: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1&rel=0`, host: "YouTube" };
  }
  const vimeo = host === "vimeo.com" || host === "player.vimeo.com" ? parsed.pathname.match(/(?:^|\/)(\d{5,12})(?:\/|$)/)?.[1] : undefined;
  if (vimeo) return { kind: "vimeo", id: vimeo, embed: `https://player.vimeo.com/video/${vimeo}?autoplay=1&dnt=1`, host: "Vimeo" };
  return { kind: "file", src: url };
}

export function VideoBlock({ block }: { block: VideoBlockData }) {
  const t = useT();
  const heading = useId();
  const source = videoSource(block.url);
  const [playing, setPlaying] = useState(false);
  const poster = block.poster;
  return (
    <section aria-labelledby={heading} {...blockRoot(block, "flex flex-col gap-4")}>
      <BlockTitle id={heading}>{block.title}</BlockTitle>
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-ink">
        {source.kind === "file" ? (
          <video
            controls
            preload={block.autoplay ? "auto" : "none"}
            poster={poster?.url}
            autoPlay={block.autoplay}
            // A video that starts by itself starts without sound (and browsers only allow that).
            muted={block.autoplay}
            playsInline
            aria-labelledby={heading}
            className="h-full w-full"
          >
            <source src={source.src} />
            <a href={source.src} className="text-white underline">
              {t("cms.video.unsupported")}
            </a>
          </video>
        ) : playing ? (
          <iframe
            src={source.embed}
            title={block.title}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <a
            href={source.kind === "youtube" ? `https://www.youtube.com/watch?v=${source.id}` : `https://vimeo.com/${source.id}`}
            onClick={(event) => {
              event.preventDefault();
              setPlaying(true);
            }}
            className="group absolute inset-0 flex items-center justify-center"
          >
            {poster ? (
              <CmsPicture
                image={{ ...poster, description: "" }}
                width={1280}
                ratio={16 / 9}
                className="absolute inset-0 h-full w-full object-cover"
              />
            ) : null}
            <span className="relative flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-ink shadow-lg transition-transform group-hover:scale-110">
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="currentColor">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
            <span className="sr-only">{t("cms.video.play", { title: block.title })}</span>
          </a>
        )}
      </div>
      {source.kind !== "file" && !playing ? <p className="text-xs text-muted">{t("cms.video.notice", { host: source.host })}</p> : null}
    </section>
  );
}
