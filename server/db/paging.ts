/** What a list query asks for: a 1-based page of `page_size` rows. */
export interface PageRequest {
  page: number;
  page_size: number;
}

/** The OFFSET of the page's first row. */
export const offsetOf = ({ page, page_size }: PageRequest) => (page - 1) * page_size;

/** The contract's page envelope around this page's rows and the count of every matching row. */
export const pageOf = <T>({ page, page_size }: PageRequest, count: number | undefined, results: T[]) => ({
  count: count ?? 0,
  page,
  page_size,
  results,
});
