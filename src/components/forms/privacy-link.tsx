/** The line beside a form's send button that says where what is sent goes, and links the notice. */
import { Link } from "gatsby";
import React from "react";
import { privacyPath } from "../../lib/paths";

/** `whose`: whose data the notice is about, as the one filling the form in reads it. */
export function PrivacyLink({ whose = "your" }: { whose?: "your" | "the caller's" }) {
  return (
    <p className="mt-3 text-sm text-slate-700">
      {whose === "your" ? "What you send" : "What the caller gives"} is used only for this request and deleted when its
      time is up:{" "}
      <Link to={privacyPath} className="font-medium text-brand-700 underline">
        how we keep {whose === "your" ? "your" : "their"} data
      </Link>
      .
    </p>
  );
}
