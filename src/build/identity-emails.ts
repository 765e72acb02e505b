/**
 * The e-mails Netlify Identity sends to the editor's writers: an invitation, a sign-up
 * confirmation, a password reset and an e-mail change. Netlify's own templates link to the
 * home page (`/#invite_token=...`), where a visitor page would have to load the identity
 * widget to read the token; these link to /admin/, the one page that loads it, so visitor
 * pages stay as they are. Written into /admin/identity-emails/ at build; the owner points
 * Identity at them once (docs/editor.md, "Switching the editor on for the live site").
 *
 * Netlify fills in Go template variables when it sends a mail: {{ .SiteURL }} is the site's
 * address, {{ .Token }} the one-time token, {{ .Email }} and {{ .NewEmail }} the addresses.
 */

/** Where the templates are published, below /admin. */
export const IDENTITY_EMAILS_DIR = "identity-emails";

export interface IdentityEmail {
  /** The file under /admin/identity-emails/, the path the owner enters in Netlify. */
  file: string;
  /** Netlify's name for the template in Site configuration → Identity → Emails. */
  netlifyName: string;
  /** The hash the identity widget on /admin reads: `invite_token`, `recovery_token`... */
  tokenName: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The link into the editor that carries the token; the widget on /admin reads it on start. */
export const editorTokenLink = (tokenName: string) => `{{ .SiteURL }}/admin/#${tokenName}={{ .Token }}`;

function mail(title: string, lines: string[], tokenName: string, action: string): string {
  const paragraphs = lines.map((line) => `    <p style="margin: 0 0 16px">${line}</p>\n`).join("");
  return `<!doctype html>
<html lang="en">
  <body style="margin: 0; padding: 24px; font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937">
    <h2 style="margin: 0 0 16px; font-size: 20px">${title}</h2>
${paragraphs}    <p style="margin: 0 0 16px"><a href="${editorTokenLink(tokenName)}" style="color: #1d4ed8">${action}</a></p>
    <p style="margin: 0; font-size: 14px; color: #4b5563">If you did not expect this e-mail, you can ignore it.</p>
  </body>
</html>
`;
}

export function identityEmails(siteName: string): IdentityEmail[] {
  const site = escapeHtml(siteName);
  return [
    {
      file: "invitation.html",
      netlifyName: "Invitation template",
      tokenName: "invite_token",
      html: mail(
        `You are invited to edit the ${site} website`,
        [
          `You have been invited to write for the website of ${site} ({{ .SiteURL }}).`,
          "Follow this link to choose your password; the content editor opens once it is set:",
        ],
        "invite_token",
        "Accept the invitation",
      ),
    },
    {
      file: "confirmation.html",
      netlifyName: "Confirmation template",
      tokenName: "confirmation_token",
      html: mail(
        `Confirm your ${site} editor account`,
        ["Follow this link to confirm your e-mail address for the content editor:"],
        "confirmation_token",
        "Confirm your e-mail address",
      ),
    },
    {
      file: "recovery.html",
      netlifyName: "Recovery template",
      tokenName: "recovery_token",
      html: mail(
        `Reset your ${site} editor password`,
        [
          "Someone asked to reset the password of the content editor account for {{ .Email }}.",
          "Follow this link to choose a new password:",
        ],
        "recovery_token",
        "Choose a new password",
      ),
    },
    {
      file: "email-change.html",
      netlifyName: "Email change template",
      tokenName: "email_change_token",
      html: mail(
        `Confirm your new e-mail address for the ${site} editor`,
        [
          "Follow this link to change your address from {{ .Email }} to {{ .NewEmail }} (the editor asks you to log in first if you are not):",
        ],
        "email_change_token",
        "Confirm the change",
      ),
    },
  ];
}
