import type { GatsbyBrowser } from "gatsby";
import "./src/styles/global.css";
import { routeLoadingFinished, routeLoadingStarted } from "./src/lib/route-loading";

export { wrapPageElement } from "./src/components/layout/wrap-page";

// A navigation starts: the spinner appears if the next page's code and data take a while.
export const onPreRouteUpdate: GatsbyBrowser["onPreRouteUpdate"] = () => routeLoadingStarted();
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = () => routeLoadingFinished();

/**
 * Every route change lands at the top of the new page, including Back and Forward;
 * only a link to an anchor (#id) scrolls to that anchor.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#shouldUpdateScroll
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) =>
  routerProps.location.hash ? true : [0, 0];
