import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import type { PurchaseAgain } from "../../../../schemas/beneficiaries";
import { ApiFailure } from "../../../api/client";
import { useCustomerServices } from "../../../app/AppServices";

export type AgainDraft =
  | { state: "none" }
  | { state: "loading" }
  | { state: "ready"; again: PurchaseAgain }
  | { state: "failed"; msg: string };

/**
 * The purchase a wizard was opened to buy again (`?again=<id>`, from a receipt or the history), read
 * once: its order fills the form, and the address loses the id so "Buy another" starts empty.
 */
export function useAgainDraft(): AgainDraft {
  const { customer } = useCustomerServices();
  const [params] = useSearchParams();
  const [path, navigate] = useLocation();
  const id = params.get("again");
  const [draft, setDraft] = useState<AgainDraft>(id ? { state: "loading" } : { state: "none" });

  useEffect(() => {
    if (!id) return;
    let live = true;
    (async () => (await customer.recipients()).again(id))().then(
      (again) => {
        if (!live) return;
        setDraft({ state: "ready", again });
        navigate(path, { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiFailure) error.showOnScreen();
        const msg = error instanceof ApiFailure ? error.msg : "We could not read that purchase.";
        setDraft({ state: "failed", msg: `${msg} Fill in the form instead.` });
        navigate(path, { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [id, customer, navigate, path]);

  return draft;
}
