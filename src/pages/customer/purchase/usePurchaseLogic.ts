import { useState } from "react";
import { type Product, purchaseMachine } from "../../../../machines/purchaseMachine";
import { purchaseActors } from "../../../actors/purchaseActors";
import { useCustomerServices } from "../../../app/AppServices";

/**
 * The product's purchase machine with the real actors, or the one a test provided. Provided here, in
 * the wizard's chunk, rather than with the customer area's services, which every customer page downloads.
 */
export function usePurchaseLogic(product: Product): typeof purchaseMachine {
  const { purchaseLogic, customer } = useCustomerServices();
  const [logic] = useState(
    () => purchaseLogic?.[product] ?? purchaseMachine.provide({ actors: purchaseActors(customer, product) }),
  );
  return logic;
}
