import { type HeadProps } from "gatsby";
import React from "react";
import { Seo } from "../components/seo";
import { ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { useSiteInfo } from "../hooks/use-site-info";
import { servicesPath } from "../lib/paths";
import { telHref } from "../lib/text/phone";

export default function NotFoundPage() {
  const { phone } = useSiteInfo();
  return (
    <Container className="py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/" size="lg">
          Go to the home page
        </ButtonLink>
        <ButtonLink to={servicesPath} variant="secondary" size="lg">
          See our services
        </ButtonLink>
      </div>
      <p className="mt-8 text-slate-700">
        Or call us on{" "}
        <a href={telHref(phone)} className="font-semibold text-brand-700 underline">
          {phone}
        </a>
        .
      </p>
    </Container>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo title="Page Not Found" description="There is no page at this address." pathname={location.pathname} noindex />
  );
}
