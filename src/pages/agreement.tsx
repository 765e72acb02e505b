import { type HeadProps, type PageProps } from "gatsby";
import React, { useEffect, useState } from "react";
import { SignAgreement } from "../features/agreement/ui/sign-agreement";
import { RequestProvider } from "../components/forms/request-provider";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { useSiteInfo } from "../hooks/use-site-info";

/** Where the signing link of a booking's confirmation leads; the token is read after hydration, never rendered in the HTML. */
export default function AgreementPage({ location }: PageProps) {
  const { phone } = useSiteInfo();
  const [token, setToken] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the token is read in the browser only, never rendered into the HTML
  useEffect(() => setToken(new URLSearchParams(location.search).get("token") ?? ""), [location.search]);
  return (
    <>
      <PageHeader eyebrow="Booking" title="Inspection agreement" />
      <Container width="prose" className="py-12">
        <RequestProvider>{token !== null && <SignAgreement token={token} phone={phone} />}</RequestProvider>
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Inspection Agreement"
      description="Read and sign the agreement for your booked inspection."
      pathname={location.pathname}
      noindex
    />
  );
}
