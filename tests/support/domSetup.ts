import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";

// findBy… and waitFor wait up to 5 s rather than 1 s: the first page a worker renders waits for its
// lazy chunks to be transformed, which takes longer than a second when the two cores are busy with
// the other suites. Waiting longer for what must appear changes no outcome, only how slow a machine may be.
configure({ asyncUtilTimeout: 5_000 });
