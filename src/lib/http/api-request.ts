/**
 * The one way the forms call the site's functions: every error becomes "<status>: <body>", so
 * a form reports any failure the same way. Only the pages that send requests import it, so
 * content pages never download it.
 */
import type { QueryFunction } from "@tanstack/react-query";

/** Any non-success response becomes an error "<status>: <body or status text>". */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${body}`);
}

/** Sends `method` to `url`, with `data` as JSON when given. Credentials are always included. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { "Content-Type": "application/json", ...headers } : headers,
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** The default reader for data queries: GET the query key joined with "/", parse the JSON. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) {
      // Read the refusal's sentence to its end: an unread body leaves the request open in the
      // browser (the page never goes idle) until the response is collected.
      await res.text();
      return null;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
