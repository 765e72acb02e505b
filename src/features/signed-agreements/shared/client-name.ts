/**
 * Whose name a signature bears: the signing page, the server that stores a signature and the
 * words that show it later all compare a typed name with the client's the same way.
 */

/**
 * A name as another spelling of it reads: case, accents, spaces, punctuation and initials aside, so
 * a client who adds or drops a middle initial ("Sam Q. Signer" for Sam Signer) is not asked.
 */
const nameKey = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1)
    .join(" ");

/**
 * Whether a name typed to sign is the client's own ("casey  otherbuyer." is Casey Otherbuyer). The
 * signing page asks anyone else whether they sign for the client, and the server refuses to store
 * another name until they have said so.
 */
export const isClientName = (typed: string, client: string) => nameKey(typed) === nameKey(client);
