import { useSiteFrame } from "./use-site-frame";

/** The business's facts from content/site.yaml. */
export function useSiteInfo(): NonNullable<Queries.SiteFrameQuery["siteInfo"]> {
  const { siteInfo } = useSiteFrame();
  if (!siteInfo) throw new Error("content/site.yaml is missing");
  return siteInfo;
}
