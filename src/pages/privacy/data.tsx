import { type HeadProps, type PageProps } from "gatsby";
import React, { useEffect, useState } from "react";
import { RequestProvider } from "../../components/forms/request-provider";
import { KeptDataView } from "../../features/privacy/ui/kept-data-view";
import { Seo } from "../../components/seo";
import { Container } from "../../components/ui/container";
import { PageHeader } from "../../components/ui/page-header";
import { useSiteInfo } from "../../hooks/use-site-info";

/** Where the link to what is kept about an address leads; the token is read after hydration, never rendered in the HTML. */
export default function PrivacyDataPage({ location }: PageProps) {
  const { phone } = useSiteInfo();
  const [token, setToken] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the token is read in the browser only, never rendered into the HTML
  useEffect(() => setToken(new URLSearchParams(location.search).get("token") ?? ""), [location.search]);
  return (
    <>
      <PageHeader eyebrow="Privacy" title="Your data" />
      <Container width="prose" className="py-12 leading-7 text-slate-800">
        <RequestProvider>{token !== null && <KeptDataView token={token} phone={phone} />}</RequestProvider>
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Your Data"
      description="See, download or delete what we keep about your e-mail address."
      pathname={location.pathname}
      noindex
    />
  );
}
