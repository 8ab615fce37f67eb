import { z } from "zod/mini";
import {
  airtimeControl,
  controlIdParam,
  dataNetwork,
  dataPlan,
  disco,
  examProduct,
  rechargeCard,
  tvPlan,
  tvProvider,
} from "../catalogue";
import { contracts } from "./contract";

export const catalogueContracts = contracts({
  "GET /core/customer/fetch/airtime": {
    tag: "Catalogue",
    summary: "Airtime controls per network",
    result: z.array(airtimeControl),
  },
  "GET /core/customer/fetch/data": {
    tag: "Catalogue",
    summary: "Networks for data (1=MTN, 2=GLO, 3=9Mobile, 4=Airtel)",
    result: z.array(dataNetwork),
  },
  "GET /core/customer/fetch/data/:id": {
    tag: "Catalogue",
    summary: "A network's enabled data plans",
    params: controlIdParam,
    result: z.array(dataPlan),
  },
  "GET /core/customer/fetch/tv": {
    tag: "Catalogue",
    summary: "TV providers",
    result: z.array(tvProvider),
  },
  "GET /core/customer/fetch/tv/:id": {
    tag: "Catalogue",
    summary: "A TV provider's enabled bouquets",
    params: controlIdParam,
    result: z.array(tvPlan),
  },
  "GET /core/customer/fetch/electricity": {
    tag: "Catalogue",
    summary: "Electricity distribution companies",
    result: z.array(disco),
  },
  "GET /core/customer/fetch/exam-pins": {
    tag: "Catalogue",
    summary: "Exam PINs on sale, one PIN priced at the caller's level",
    result: z.array(examProduct),
  },
  "GET /core/customer/fetch/recharge-pins": {
    tag: "Catalogue",
    summary:
      "Recharge cards, each network's ₦100, ₦200, ₦500 and ₦1,000, one card priced at the caller's level, with which are on sale now",
    result: z.array(rechargeCard),
  },
});
