import { afterEach, describe, expect, it } from "vitest";
import { clientStore, storageKeys } from "../../src/storage/clientStore";

/** Spec section 3: the session (token, isAuth) and the client state mirrored to local storage. */
const specKeys = [
  "token",
  "isAuth",
  "userData",
  "dataControl",
  "dataPlans",
  "dataHistory",
  "airtimeControl",
  "airtimeHistory",
  "cableControl",
  "cableTvPlans",
  "electricityControl",
  "allUsers",
  "user",
  "dashboardData",
  "emergencyStatus",
];

afterEach(() => {
  localStorage.clear();
});

describe("clientStore", () => {
  it("stores the token under the key 'token' as a plain string", () => {
    clientStore.write("token", "eyJhbGciOiJIUzI1NiJ9.payload.signature");

    expect(localStorage.getItem("token")).toBe("eyJhbGciOiJIUzI1NiJ9.payload.signature");
    expect(clientStore.getToken()).toBe("eyJhbGciOiJIUzI1NiJ9.payload.signature");
  });

  it("reads a token another tab or an older version left under 'token'", () => {
    localStorage.setItem("token", "abc123");

    expect(clientStore.getToken()).toBe("abc123");
  });

  it("has no token when none is stored", () => {
    expect(clientStore.getToken()).toBeNull();
  });

  it("stores other values as JSON and reads them back", () => {
    const user = { email: "ada@example.ng", first_name: "Ada", balance: 2500.5 };
    clientStore.write("userData", user);
    clientStore.write("isAuth", true);
    clientStore.write("dataHistory", [{ id: 1, amount: 500 }]);

    expect(localStorage.getItem("userData")).toBe(JSON.stringify(user));
    expect(localStorage.getItem("isAuth")).toBe("true");
    expect(clientStore.read("userData")).toEqual(user);
    expect(clientStore.read("isAuth")).toBe(true);
    expect(clientStore.read("dataHistory")).toEqual([{ id: 1, amount: 500 }]);
  });

  it("stores a string value other than the token as a JSON string", () => {
    clientStore.write("emergencyStatus", "on");

    expect(localStorage.getItem("emergencyStatus")).toBe('"on"');
    expect(clientStore.read("emergencyStatus")).toBe("on");
  });

  it("reads null for a key that was never written", () => {
    expect(clientStore.read("dashboardData")).toBeNull();
  });

  it("reads null for corrupt JSON", () => {
    localStorage.setItem("userData", "{not json");

    expect(clientStore.read("userData")).toBeNull();
  });

  it("clear() removes every key it stores and leaves an unrelated key alone", () => {
    for (const key of storageKeys) localStorage.setItem(key, JSON.stringify(key));
    localStorage.setItem("theme", "dark");

    clientStore.clear();

    for (const key of storageKeys) expect(localStorage.getItem(key)).toBeNull();
    expect(clientStore.getToken()).toBeNull();
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(localStorage.length).toBe(1);
  });

  it("covers every piece of client state the spec mirrors to local storage, and our one preference", () => {
    expect([...storageKeys].sort()).toEqual(
      [...specKeys, "balanceHidden", "signUpTickets", "examControl", "rechargeControl"].sort(),
    );
  });
});
