import type { GatsbySSR } from "gatsby";
import type { ReactElement } from "react";

export { wrapPageElement } from "./src/components/layout/wrap-page";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en-US" });
};

/**
 * Head elements that plugins add to every page and the site does without; each page with its
 * CSS has to fit one round trip (scripts/budgets.ts, htmlGzip):
 *
 * - gatsby-plugin-image's style, <noscript> style and module script, for its GatsbyImage
 *   component, which the site never renders: it takes only the image data (a plain <picture>,
 *   src/components/ui/cover-image.tsx). About 330 bytes gzip. gatsby/post-build.ts fails the
 *   build if a page ever shows a GatsbyImage, which would need them.
 * - gatsby-plugin-manifest's apple-touch-icon links but one: it links all eight icon sizes;
 *   iOS takes the one size (192 px, near Apple's 180) for the home screen, and newer iOS reads
 *   the manifest. About 110 bytes gzip.
 * - Gatsby's <meta name="generator">, which tells a visitor nothing. About 25 bytes gzip.
 */
function unneeded(key: string): boolean {
  return (
    ["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"].includes(key) ||
    (key.startsWith("gatsby-plugin-manifest-apple-touch-icon-") && !key.endsWith("-192x192")) ||
    key.startsWith("generator-")
  );
}

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(
    (getHeadComponents() as Array<ReactElement | null>).filter((component) => !unneeded(String(component?.key))),
  );
};
