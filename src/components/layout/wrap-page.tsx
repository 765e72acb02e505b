import type { WrapPageElementBrowserArgs } from "gatsby";
import React from "react";
import { Layout } from "./layout";

/** Shared by gatsby-browser and gatsby-ssr so the server and the browser render the same frame. */
export function wrapPageElement({ element, props }: Pick<WrapPageElementBrowserArgs, "element" | "props">) {
  return <Layout pathname={props.location.pathname}>{element}</Layout>;
}
