import { vtpassService } from "./vtpassCatalogue";

/**
 * GET service-variations' body. Real VTpass repeats the list under the misspelt key "varations",
 * and clients have been written against either, so the simulator does too.
 */
export function variationsBody(serviceID: string): Record<string, unknown> {
  const service = vtpassService(serviceID);
  if (!service) {
    return {
      code: "012",
      response_description: "PRODUCT DOES NOT EXIST",
      content: { errors: `No product found with the serviceID ${serviceID || "(none)"}` },
    };
  }
  // Electricity is sold at any amount: its two variations list 0.00 and are not fixed.
  const fixedPrice = service.kind === "electricity" ? "No" : "Yes";
  const variations = service.variations.map((v) => ({
    variation_code: v.variation_code,
    name: v.name,
    variation_amount: (v.amountKobo / 100).toFixed(2),
    fixedPrice,
  }));
  return {
    response_description: "000",
    content: {
      ServiceName: service.productName,
      serviceID: service.serviceID,
      convinience_fee: "0 %",
      variations,
      varations: variations,
    },
  };
}
