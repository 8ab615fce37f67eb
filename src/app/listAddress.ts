// A list page keeps its filters in the address, so Back, a refresh and a shared link show the same
// list. What a person can type there is anything; these read it as the server's query schemas would.

/** A page number from the address; anything odd (0, "abc", 1e9) is page 1 rather than an error. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** A search term from the address, trimmed and capped like the server's query schemas. */
export function searchFrom(params: URLSearchParams): string | undefined {
  return params.get("search")?.trim().slice(0, 100) || undefined;
}
