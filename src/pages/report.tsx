import { type HeadProps, type PageProps } from "gatsby";
import React, { useEffect, useState } from "react";
import { RequestProvider } from "../components/forms/request-provider";
import { ReportPageView } from "../features/report/ui/report-page-view";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { useSiteInfo } from "../hooks/use-site-info";

/** Where the link of a report's e-mail leads; the token is read after hydration, never rendered in the HTML. */
export default function ReportPage({ location }: PageProps) {
  const { phone } = useSiteInfo();
  const [link, setLink] = useState<{ token: string; paid: boolean } | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the token is read in the browser only, never rendered into the HTML
    setLink({ token: query.get("token") ?? "", paid: query.get("payment") === "paid" });
  }, [location.search]);
  return (
    <>
      <PageHeader eyebrow="Inspection" title="Inspection report" />
      <Container width="prose" className="py-12">
        <RequestProvider>
          {link && <ReportPageView token={link.token} phone={phone} paidOnStripe={link.paid} />}
        </RequestProvider>
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Inspection Report"
      description="Open the report of your inspection."
      pathname={location.pathname}
      noindex
    />
  );
}
