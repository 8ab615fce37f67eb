import { and, asc, eq } from "drizzle-orm";
import { type ExamBody, examBodies } from "../../../schemas/catalogue";
import { examBodyNames } from "../../../schemas/examPins";
import type { Queryable } from "../../db/database";
import { examProducts } from "../../db/schema";
import { fieldRefusal, Refusal } from "../../refusal";

type ExamProductRow = typeof examProducts.$inferSelect;

/** The exams the dialect's `epin/` sells: the vendors' result checkers, which need no candidate's profile. */
const dialectExams = examBodies.filter((exam) => exam !== "jamb");

/** The dialect's exam name (`WAEC`, any case) as ours; JAMB's PINs are bought through the v1 API. */
export function examNamed(name: string): ExamBody {
  const exam = dialectExams.find((body) => examBodyNames[body].toLowerCase() === name.trim().toLowerCase());
  if (!exam) throw fieldRefusal("exam_name", "exam_name must be WAEC, NECO or NABTEB.");
  return exam;
}

/**
 * What `epin/` sells for an exam: its first product by the catalogue's order that needs no profile,
 * its result checker as the catalogue is seeded. Never another when that one is switched off: a script
 * asking for a ₦3,900 checker must not be sold a ₦25,000 registration PIN.
 */
async function dialectProductOf(db: Queryable, exam: ExamBody): Promise<ExamProductRow | undefined> {
  const [product] = await db
    .select()
    .from(examProducts)
    .where(and(eq(examProducts.exam, exam), eq(examProducts.needsProfile, false)))
    .orderBy(asc(examProducts.sortOrder), asc(examProducts.id))
    .limit(1);
  return product;
}

/** The product an `epin/` body's exam name buys, or a refusal in the dialect's words. */
export async function epinProductFor(db: Queryable, examName: string): Promise<ExamProductRow> {
  const product = await dialectProductOf(db, examNamed(examName));
  if (!product) throw new Refusal("product_unavailable", `${examName.trim()} PINs are not on sale.`);
  return product;
}

/** Each exam `epin/` sells, by the name the vendors use, with the product it buys. */
export async function epinProducts(db: Queryable): Promise<{ name: string; product: ExamProductRow }[]> {
  const found = await Promise.all(
    dialectExams.map(async (exam) => ({
      name: examBodyNames[exam],
      product: await dialectProductOf(db, exam),
    })),
  );
  return found.flatMap(({ name, product }) => (product ? [{ name, product }] : []));
}
