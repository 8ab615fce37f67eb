const counts = new Intl.NumberFormat("en-NG");

/** 12345 → "12,345". */
export const formatCount = (n: number) => counts.format(n);
