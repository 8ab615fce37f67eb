import { z } from "zod";
import { findVariation, meterTypes, profileService, vtpassService } from "./vtpassCatalogue";
import { lagosDayAfter } from "./vtpassLagosTime";
import { isFoundOnVerify } from "./vtpassOutcomes";
import { personFor } from "./vtpassPeople";
import { refusalBody } from "./vtpassTransactionBodies";

const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1));
const verifyBody = z.looseObject({ billersCode: text, serviceID: text, type: z.string().optional() });

const notFound = {
  meter: "This Meter Number is invalid. Kindly confirm the meter number and try again.",
  smartcard: "Kindly confirm that the smartcard number is correct and try again.",
  profile: "Kindly confirm that the Profile ID is correct and try again.",
};

/**
 * merchant-verify's answer body. VTpass answers 000 even for a number it cannot find, and says so
 * only in `content` (an `error` and `WrongBillersCode: true`).
 */
export function verificationBody(body: unknown, now: Date): Record<string, unknown> {
  const parsed = verifyBody.safeParse(body);
  if (!parsed.success) return refusalBody("011");
  const { billersCode, serviceID, type } = parsed.data;
  const service = vtpassService(serviceID);
  if (!service || service.kind === "airtime" || service.kind === "data") return refusalBody("012");
  if (service.kind === "education" && service.serviceID !== profileService) return refusalBody("012");
  const meterType = meterTypes.find((t) => t === type?.toLowerCase());
  if (service.kind === "electricity" && !meterType) return refusalBody("011");
  // JAMB's `type` is the PIN's variation code.
  if (service.kind === "education" && !findVariation(service, type ?? "")) return refusalBody("011");

  if (!isFoundOnVerify(billersCode)) {
    const error = { electricity: notFound.meter, tv: notFound.smartcard, education: notFound.profile }[
      service.kind
    ];
    return { code: "000", content: { error, WrongBillersCode: true } };
  }
  const person = personFor(billersCode);
  if (service.kind === "education") return { code: "000", content: { Customer_Name: person.name } };
  if (service.kind === "electricity") {
    return {
      code: "000",
      content: {
        Customer_Name: person.name,
        Address: person.address,
        Meter_Number: billersCode,
        Customer_Arrears: "0.00",
        Minimum_Amount: 500,
        Min_Purchase_Amount: 500,
        Can_Vend: "yes",
        Business_Unit: person.businessUnit,
        Customer_Account_Type: "NMD",
        Meter_Type: meterType === "postpaid" ? "POSTPAID" : "PREPAID",
        WrongBillersCode: false,
      },
    };
  }
  // Real VTpass has no smartcard verification for Showmax; the simulator answers it like the other
  // TV services, for simplicity.
  const bouquet = person.pick(service.variations);
  return {
    code: "000",
    content: {
      Customer_Name: person.name,
      Status: "ACTIVE",
      Due_Date: lagosDayAfter(now, person.dueInDays),
      Customer_Number: person.customerNumber,
      Customer_Type: serviceID.toUpperCase(),
      Current_Bouquet: bouquet.name.replace(/,/g, ""),
      Current_Bouquet_Code: bouquet.variation_code,
      Renewal_Amount: bouquet.amountKobo / 100,
      WrongBillersCode: false,
    },
  };
}
