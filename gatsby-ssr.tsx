import type { GatsbySSR } from "gatsby";
import React from "react";

export { wrapPageElement } from "./src/components/layout/wrap-page";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en-US" });
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
