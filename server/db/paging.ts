import { type Column, desc } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";

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

/**
 * This page of `rows`, newest first by `createdAt`, then by `id` so rows made in the same instant
 * keep one order from page to page.
 */
export function newestPage<Rows extends PgSelect>(
  rows: Rows,
  by: { createdAt: Column; id: Column },
  page: PageRequest,
) {
  return rows.orderBy(desc(by.createdAt), desc(by.id)).limit(page.page_size).offset(offsetOf(page));
}

/** The contract's page envelope around `newestPage` of `rows`, each shown by `view`, with `total` of them all. */
export async function newestPageOf<Rows extends PgSelect, View>(
  page: PageRequest,
  total: number | undefined,
  rows: Rows,
  by: { createdAt: Column; id: Column },
  view: (row: Rows["_"]["result"][number]) => View,
) {
  return pageOf(page, total, (await newestPage(rows, by, page)).map(view));
}
