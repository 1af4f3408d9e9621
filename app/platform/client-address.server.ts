/**
 * The header that carries the client's address from Express, which works it out from the
 * proxies it trusts, to the routes, the rate limits and the auth library's session records.
 * The HTTP layer sets it on every request, replacing any value the client sent.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

/** The client's address as the HTTP layer found it. */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
