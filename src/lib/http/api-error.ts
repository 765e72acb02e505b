/**
 * Reads an error from apiRequest ("<status>: <body>", as the spec's call layer makes it) back into
 * its parts, so a form can place a 400's field errors beside their fields, and a person reads the
 * server's sentence without the status code in front of it.
 */
export interface ApiFailure {
  status: number | null;
  /** What a person reads: the server's sentence without its status code, or a plain sentence when the server was never reached. */
  message: string;
  fields: Record<string, string>;
  /** Open times a refused booking is offered instead. */
  starts?: string[];
  /** A booking asked about first: the address already has a visit at an overlapping time. */
  sameAddress?: true;
}

export function readApiError(error: unknown): ApiFailure {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) {
    return {
      status: null,
      message: "We could not reach the server. Check your connection and try again.",
      fields: {},
    };
  }
  const status = Number(match[1]);
  const body = match[2] ?? "";
  try {
    const parsed = JSON.parse(body) as { error?: unknown; fields?: unknown; starts?: unknown; sameAddress?: unknown };
    const fields = parsed.fields && typeof parsed.fields === "object" ? (parsed.fields as Record<string, string>) : {};
    const starts = Array.isArray(parsed.starts)
      ? parsed.starts.filter((start) => typeof start === "string")
      : undefined;
    const message = typeof parsed.error === "string" ? parsed.error : body;
    return {
      status,
      message,
      fields,
      ...(starts ? { starts } : {}),
      ...(parsed.sameAddress === true ? { sameAddress: true as const } : {}),
    };
  } catch {
    return { status, message: body, fields: {} };
  }
}

/**
 * The failure's sentence with a way forward, said once: to try again or call, less what the
 * sentence already says (the server's 503 gives the number; an unreached server says to try again).
 */
export function withWayForward(message: string): string {
  if (/\bcall us\b/i.test(message)) return message;
  if (/\btry again\b/i.test(message)) return `${message} If it keeps failing, please call us.`;
  return `${message} Please try again or call us.`;
}
