// Document title and robots meta per screen (spec 1 §1): "Threshold - <screen>",
// and noindex everywhere except the landing page.
import { useEffect } from "react";

export const APP_NAME = "Threshold";
export const pageTitle = (screen: string) => `${APP_NAME} - ${screen}`;

type Options = {
  /** Let search engines index this page (only the landing page does). */
  index?: boolean;
  /** A whole title instead of "Threshold - <screen>". */
  title?: string;
};

/** What the screen rendered at build time asked for: app/prerender.tsx writes it into that page's head. */
export const renderedMeta = { title: APP_NAME, robots: "noindex, nofollow" };

export function usePageMeta(screen: string, { index = false, title }: Options = {}) {
  const fullTitle = title ?? pageTitle(screen);
  const robots = index ? "index, follow" : "noindex, nofollow";
  // Effects do not run in a server render; this branch is not in the browser's build.
  if (import.meta.env.SSR) Object.assign(renderedMeta, { title: fullTitle, robots });
  useEffect(() => {
    document.title = fullTitle;
    robotsMeta().content = robots;
  }, [fullTitle, robots]);
}

function robotsMeta(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "robots";
    document.head.append(meta);
  }
  return meta;
}
