import type { HeadProps } from "gatsby";
import React from "react";
import { SiteSearch } from "../components/search/site-search";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";

export default function SearchPage() {
  return (
    <>
      <PageHeader
        title="Search the site"
        intro="Find a service, a water test, an answer from the FAQ or an article. Searching happens in your browser: your words are not sent anywhere."
      />
      <Container width="prose" className="py-10">
        <SiteSearch />
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Search"
      description="Search the services, water tests, frequently asked questions and articles."
      pathname={location.pathname}
    />
  );
}
