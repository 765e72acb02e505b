import React from "react";
import { useSiteInfo } from "../hooks/use-site-info";
import { useSiteUrl } from "../hooks/use-site-url";

interface SeoProps {
  /** The page's own name; the business name is added after it. */
  title: string;
  description: string;
  pathname: string;
  children?: React.ReactNode;
}

/** The head tags of every page, used from each page's `Head` export. */
export function Seo({ title, description, pathname, children }: SeoProps) {
  const site = useSiteInfo();
  const siteUrl = useSiteUrl();
  const canonical = `${siteUrl}${pathname}`;
  return (
    <>
      <title>{`${title} | ${site.name}`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {children}
    </>
  );
}
