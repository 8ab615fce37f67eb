import { describe, expect, it } from "vitest";
import { type RouteArea, routeAreas, routeTable } from "../../schemas/routes/routeTable";
import type { AppDeps } from "../../server/deps";
import { areaRoutes } from "../../server/routes/areaRoutes";
import { recentReads } from "../../server/services/recentReads";

// Building the routes only captures the dependencies; no handler runs here.
const deps = {} as AppDeps;
const recent = recentReads(0, () => 0);
const areas = Object.keys(routeAreas) as RouteArea[];

describe("route areas", () => {
  it.each(areas)("the %s route file answers every contract of its area, each once", (area) => {
    const keys = areaRoutes[area](deps, recent).map((route) => route.key);
    expect(keys.toSorted()).toEqual(Object.keys(routeAreas[area]).toSorted());
  });

  it("gives each endpoint to one area only", () => {
    const perArea = areas.flatMap((area) => Object.keys(routeAreas[area]));
    expect(perArea).toHaveLength(Object.keys(routeTable).length);
  });
});
