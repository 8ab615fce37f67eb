import { useCallback } from "react";
import { examBodyNames } from "../../../../schemas/examPins";
import {
  examProductCreate,
  examProductForm,
  type StaffExamProduct,
} from "../../../../schemas/examProductStaff";
import { useAdminServices } from "../../../app/AppServices";
import { usePageTitle } from "../../../app/usePageTitle";
import { formatNaira } from "../../../format/money";
import { useSession } from "../../../session/useSession";
import { OfferSummary, planOffers } from "./OfferList";
import { PlanList } from "./PlanList";
import "../admin.css";

const columns = [
  { label: "Exam body", value: (p: StaffExamProduct) => examBodyNames[p.exam] },
  { label: "Face value", value: (p: StaffExamProduct) => formatNaira(p.face_value), numeric: true },
  { label: "Price", value: (p: StaffExamProduct) => formatNaira(p.price), numeric: true },
  { label: "Profile ID", value: (p: StaffExamProduct) => (p.needs_profile ? "Checked first" : "Not needed") },
  { label: "Position", value: (p: StaffExamProduct) => p.sort_order, numeric: true },
  { label: "Offers", value: (p: StaffExamProduct) => <OfferSummary offers={p.offers} /> },
  { label: "Sales", value: (p: StaffExamProduct) => (p.has_sales ? "Yes" : "None yet") },
] as const;

const createFields = ["exam", "code", "name", "face_value", "price", "sort_order", "enabled"] as const;

/**
 * /admin/manage-exam-pins: WAEC, NECO, NABTEB and JAMB PINs, their prices and who sells each at what
 * cost. Admins add and edit them (the server's sys.admin/ paths); staff read them.
 */
export default function ExamPinsPage() {
  const { admin } = useAdminServices();
  const { profile } = useSession();
  const isAdmin = profile?.role === "admin";
  usePageTitle("Exam PINs");
  const load = useCallback(() => admin.examProducts(), [admin]);
  return (
    <div className="admin-page">
      <h1>Exam PINs</h1>
      <p className="muted">
        {isAdmin
          ? "A new PIN starts off sale: add who sells it (Edit, then Add an offer), then switch it on. JAMB's PINs may not be sold above JAMB's own price."
          : "Admins add and edit exam PINs; here you see each one, its price and who sells it."}
      </p>
      <PlanList
        noun="exam PIN"
        load={load}
        columns={columns}
        editSchema={examProductForm}
        update={isAdmin ? (id, changes) => admin.patchExamProduct(id, changes) : undefined}
        creation={
          isAdmin
            ? {
                schema: examProductCreate,
                values: { enabled: false, sort_order: 0 },
                fields: createFields,
                create: (body) => admin.createExamProduct(body),
              }
            : undefined
        }
        details={planOffers("exam_pin")}
      />
    </div>
  );
}
