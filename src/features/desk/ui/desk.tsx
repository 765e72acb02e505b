/** The owner's desk: signed in, the board; otherwise the sign-in (desk-sign-in.tsx). */
import { useQuery } from "@tanstack/react-query";
import React from "react";
import { getQueryFn } from "../../../lib/http/api-request";
import { DeskBoard } from "./desk-board";
import { DeskEndSession, DeskSignIn } from "./desk-sign-in";
import { DeskUnavailable } from "./desk-unavailable";
import type { DeskSession } from "./desk-types";

/**
 * `token`: a sign-in link's; `end`: the secret of a sign-in notice's link, whose page is shown
 * signed in or not; `opened`: the day and booking an office e-mail's link opens.
 */
export function Desk({
  token,
  end,
  opened,
}: {
  token: string | null;
  end: string | null;
  opened: { day: string | null; booking: string | null };
}) {
  const session = useQuery<DeskSession | null>({
    queryKey: ["/api/desk/session"],
    queryFn: getQueryFn<DeskSession>({ on401: "returnNull" }),
  });
  if (end) return <DeskEndSession secret={end} />;
  if (session.isPending) return <p role="status">Opening the desk…</p>;
  if (session.data) return <DeskBoard session={session.data} opened={opened} />;
  // A deploy without its settings, or a database that cannot be read: the server's sentence says
  // which, in the owner's words, and a sign-in could not work meanwhile.
  if (session.isError) return <DeskUnavailable error={session.error} />;
  return <DeskSignIn token={token} />;
}
