import type { GatsbySSR } from "gatsby";
import React from "react";
import { SITE_LANGUAGE } from "./src/lib/constants";

export { wrapPageElement } from "./src/components/layout/wrap-page";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: SITE_LANGUAGE });
  // The one web font is preloaded so it is usually ready for the first paint (see global.css).
  setHeadComponents([
    <link
      key="font-inter"
      rel="preload"
      href="/fonts/inter-latin-wght-normal.woff2"
      as="font"
      type="font/woff2"
      crossOrigin="anonymous"
    />,
  ]);
};
