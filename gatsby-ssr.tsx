import type { GatsbySSR } from "gatsby";
import React, { type ReactElement } from "react";

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
 * - Gatsby's <meta name="generator">, which tells a visitor nothing. About 25 bytes gzip, which
 *   the preload of the site's sheet (below) needs on the fullest pages.
 */
function unneeded(key: string): boolean {
  return (
    ["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"].includes(key) ||
    (key.startsWith("gatsby-plugin-manifest-apple-touch-icon-") && !key.endsWith("-192x192")) ||
    key.startsWith("generator-")
  );
}

/**
 * Gatsby's inline style of the site's CSS, which names the whole sheet in its data-href, with a
 * preload of that sheet before it: each page inlines only the rules it uses (src/build-time/critical-css.ts),
 * and the whole sheet's request starts with the HTML instead of after the app has run. The app
 * applies it (src/lib/site-stylesheet.ts): the Content-Security-Policy allows no onload="" here.
 */
function withSheetPreload(component: ReactElement | null): Array<ReactElement | null> {
  const props = component?.props as Record<string, unknown> | undefined;
  const href = props?.["data-identity"] === "gatsby-global-css" ? props["data-href"] : undefined;
  if (typeof href !== "string") return [component];
  return [<link key="site-stylesheet-preload" rel="preload" as="style" href={href} />, component];
}

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(
    (getHeadComponents() as Array<ReactElement | null>)
      .filter((component) => !unneeded(String(component?.key)))
      .flatMap(withSheetPreload),
  );
};
