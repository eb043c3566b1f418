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

export function usePageMeta(screen: string, { index = false, title }: Options = {}) {
  const fullTitle = title ?? pageTitle(screen);
  useEffect(() => {
    document.title = fullTitle;
    robotsMeta().content = index ? "index, follow" : "noindex, nofollow";
  }, [fullTitle, index]);
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
