import { type HeadProps, type PageProps } from "gatsby";
import React, { useEffect, useState } from "react";
import { RequestProvider } from "../components/forms/request-provider";
import { ManageBooking } from "../features/booking/ui/manage-booking";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { useSiteInfo } from "../hooks/use-site-info";

/** Where the link in a booking's confirmation leads; the token is read after hydration, never rendered in the HTML. */
export default function BookingPage({ location }: PageProps) {
  const { phone } = useSiteInfo();
  const [token, setToken] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the token is read in the browser only, never rendered into the HTML
  useEffect(() => setToken(new URLSearchParams(location.search).get("token") ?? ""), [location.search]);
  const paidOnStripe = new URLSearchParams(location.search).get("payment") === "paid";
  return (
    <>
      <PageHeader eyebrow="Booking" title="Your booking" />
      <Container width="prose" className="py-12">
        <RequestProvider>
          {token !== null && <ManageBooking token={token} phone={phone} paidOnStripe={paidOnStripe} />}
        </RequestProvider>
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Your Booking"
      description="Cancel or move your booked inspection."
      pathname={location.pathname}
      noindex
    />
  );
}
