/** Signing in to the desk, by a link sent to one of the business's mailboxes (components/sign-in/link-sign-in.tsx). */
import React from "react";
import { EndSessionByNotice, LinkSignIn } from "../../../components/sign-in/link-sign-in";

export const DeskSignIn = ({ token }: { token: string | null }) => (
  <LinkSignIn
    api="/api/desk"
    signedInQuery="/api/desk/session"
    token={token}
    intro="The desk is for the business only. Sign in with a link sent to the business mailbox: no password."
    signInLabel="Sign in to the desk"
    inputId="desk-email"
  />
);

export const DeskEndSession = ({ secret }: { secret: string }) => (
  <EndSessionByNotice
    api="/api/desk"
    secret={secret}
    intro="This page came from the e-mail that told you of a sign-in to the desk. If you do not know that sign-in, end its session here: whoever it is must then sign in again, with a link sent to one of the desk's addresses."
    endedText={(ended) =>
      `Ended the session of ${ended.mailbox ?? ""}, signed in from the network address ${ended.client}. The desk's Sessions view lists any other.`
    }
  />
);
