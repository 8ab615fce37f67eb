import { onFirstUse } from "./onFirstUse";

const counts = onFirstUse(() => new Intl.NumberFormat("en-NG"));

/** 12345 → "12,345". */
export const formatCount = (n: number) => counts().format(n);
