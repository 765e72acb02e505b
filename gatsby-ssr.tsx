import type { GatsbySSR } from "gatsby";
import React from "react";
import { HEADER_END_ID } from "./src/components/layout/header";

export { wrapPageElement } from "./src/components/layout/wrap-page";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en-US" });
  setHeadComponents([
    // Nothing is painted until the whole header has arrived: a slow connection would otherwise
    // paint it piece by piece, and the controls on its right would move as the later ones landed.
    // Browsers without render-blocking "expect" links (Safari, Firefox today) ignore it.
    // https://html.spec.whatwg.org/multipage/links.html#link-type-expect
    // eslint-disable-next-line react/no-unknown-property -- an HTML attribute React passes through as written
    <link key="expect-header" rel="expect" href={`#${HEADER_END_ID}`} blocking="render" />,
  ]);
};
